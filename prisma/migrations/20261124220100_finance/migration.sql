-- CreateTable
CREATE TABLE "InvoiceFactoring" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "invoiceId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "invoiceTotal" INTEGER NOT NULL,
    "advanceRate" TEXT NOT NULL,
    "feeRate" TEXT NOT NULL,
    "advanceAmount" INTEGER NOT NULL,
    "feeAmount" INTEGER NOT NULL,
    "amountRepaid" INTEGER NOT NULL DEFAULT 0,
    "outstanding" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "transactionHash" TEXT NOT NULL,
    "underwriting" JSONB NOT NULL,
    "repaidAt" TIMESTAMPTZ(3),
    "defaultedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "InvoiceFactoring_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PoFinancing" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "purchaseOrder" JSONB NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "feeRate" TEXT NOT NULL,
    "feeAmount" INTEGER NOT NULL,
    "amountRepaid" INTEGER NOT NULL DEFAULT 0,
    "outstanding" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "transactionHash" TEXT NOT NULL,
    "underwriting" JSONB NOT NULL,
    "repaidAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "PoFinancing_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Loan" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "currency" TEXT NOT NULL,
    "principal" INTEGER NOT NULL,
    "feeRate" TEXT NOT NULL,
    "feeAmount" INTEGER NOT NULL,
    "totalRepayable" INTEGER NOT NULL,
    "amountRepaid" INTEGER NOT NULL DEFAULT 0,
    "outstanding" INTEGER NOT NULL,
    "termDays" INTEGER NOT NULL,
    "repayment" TEXT NOT NULL,
    "withholdRate" TEXT,
    "schedule" JSONB NOT NULL,
    "status" TEXT NOT NULL,
    "testClockId" TEXT,
    "transactionHash" TEXT NOT NULL,
    "underwriting" JSONB NOT NULL,
    "failedAttempts" INTEGER NOT NULL DEFAULT 0,
    "nextDebitAt" TIMESTAMPTZ(3),
    "repaidAt" TIMESTAMPTZ(3),
    "defaultedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Loan_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "InvoiceFactoring_invoiceId_key" ON "InvoiceFactoring"("invoiceId");

-- CreateIndex
CREATE INDEX "InvoiceFactoring_accountId_livemode_createdAt_id_idx" ON "InvoiceFactoring"("accountId", "livemode", "createdAt", "id");

-- CreateIndex
CREATE INDEX "InvoiceFactoring_accountId_livemode_status_createdAt_id_idx" ON "InvoiceFactoring"("accountId", "livemode", "status", "createdAt", "id");

-- CreateIndex
CREATE INDEX "PoFinancing_accountId_livemode_createdAt_id_idx" ON "PoFinancing"("accountId", "livemode", "createdAt", "id");

-- CreateIndex
CREATE INDEX "PoFinancing_accountId_livemode_status_createdAt_id_idx" ON "PoFinancing"("accountId", "livemode", "status", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Loan_accountId_livemode_createdAt_id_idx" ON "Loan"("accountId", "livemode", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Loan_accountId_livemode_status_createdAt_id_idx" ON "Loan"("accountId", "livemode", "status", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Loan_accountId_livemode_repayment_status_idx" ON "Loan"("accountId", "livemode", "repayment", "status");

-- CreateIndex
CREATE INDEX "Loan_testClockId_nextDebitAt_idx" ON "Loan"("testClockId", "nextDebitAt");

-- CreateIndex
CREATE INDEX "Loan_nextDebitAt_idx" ON "Loan"("nextDebitAt");

-- AddForeignKey
ALTER TABLE "InvoiceFactoring" ADD CONSTRAINT "InvoiceFactoring_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Loan" ADD CONSTRAINT "Loan_testClockId_fkey" FOREIGN KEY ("testClockId") REFERENCES "TestClock"("id") ON DELETE SET NULL ON UPDATE CASCADE;
