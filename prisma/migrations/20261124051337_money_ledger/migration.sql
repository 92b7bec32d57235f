-- CreateTable
CREATE TABLE "Payment" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "paymentMethod" TEXT NOT NULL,
    "customerId" TEXT,
    "orderId" TEXT,
    "description" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "amountRefunded" INTEGER NOT NULL DEFAULT 0,
    "failureReason" TEXT,
    "transactionHash" TEXT,
    "settleAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Payment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Refund" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "paymentId" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "transactionHash" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Refund_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StablecoinIssuance" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "amount" BIGINT NOT NULL,
    "recipient" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "transactionHash" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StablecoinIssuance_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StablecoinRedemption" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "amount" BIGINT NOT NULL,
    "bankAccount" TEXT NOT NULL,
    "bankAccountSealed" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "transactionHash" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StablecoinRedemption_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StablecoinTransfer" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "fromAddress" TEXT NOT NULL,
    "toAddress" TEXT NOT NULL,
    "recipientAccountId" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "status" TEXT NOT NULL,
    "transactionHash" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StablecoinTransfer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LedgerAccount" (
    "id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "accountId" TEXT,
    "livemode" BOOLEAN NOT NULL,
    "kind" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "address" TEXT,
    "balance" BIGINT NOT NULL DEFAULT 0,
    "allowNegative" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LedgerAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LedgerTransaction" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "sequence" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "resourceId" TEXT NOT NULL,
    "previousHash" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "LedgerTransaction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LedgerPosting" (
    "id" TEXT NOT NULL,
    "transactionId" TEXT NOT NULL,
    "ledgerAccountId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "LedgerPosting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LedgerChain" (
    "accountId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "headHash" TEXT NOT NULL,

    CONSTRAINT "LedgerChain_pkey" PRIMARY KEY ("accountId","livemode")
);

-- CreateTable
CREATE TABLE "SigningSecret" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "sealed" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3),

    CONSTRAINT "SigningSecret_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UsedSignature" (
    "signature" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "UsedSignature_pkey" PRIMARY KEY ("signature")
);

-- CreateIndex
CREATE INDEX "Payment_accountId_livemode_createdAt_id_idx" ON "Payment"("accountId", "livemode", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Payment_accountId_livemode_status_createdAt_id_idx" ON "Payment"("accountId", "livemode", "status", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Payment_orderId_idx" ON "Payment"("orderId");

-- CreateIndex
CREATE INDEX "Payment_customerId_idx" ON "Payment"("customerId");

-- CreateIndex
CREATE INDEX "Payment_settleAt_idx" ON "Payment"("settleAt");

-- CreateIndex
CREATE INDEX "Refund_accountId_livemode_createdAt_id_idx" ON "Refund"("accountId", "livemode", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Refund_paymentId_idx" ON "Refund"("paymentId");

-- CreateIndex
CREATE INDEX "StablecoinIssuance_accountId_livemode_createdAt_id_idx" ON "StablecoinIssuance"("accountId", "livemode", "createdAt", "id");

-- CreateIndex
CREATE INDEX "StablecoinRedemption_accountId_livemode_createdAt_id_idx" ON "StablecoinRedemption"("accountId", "livemode", "createdAt", "id");

-- CreateIndex
CREATE INDEX "StablecoinTransfer_accountId_livemode_createdAt_id_idx" ON "StablecoinTransfer"("accountId", "livemode", "createdAt", "id");

-- CreateIndex
CREATE INDEX "StablecoinTransfer_recipientAccountId_livemode_createdAt_id_idx" ON "StablecoinTransfer"("recipientAccountId", "livemode", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "LedgerAccount_code_key" ON "LedgerAccount"("code");

-- CreateIndex
CREATE UNIQUE INDEX "LedgerAccount_address_key" ON "LedgerAccount"("address");

-- CreateIndex
CREATE INDEX "LedgerAccount_accountId_livemode_idx" ON "LedgerAccount"("accountId", "livemode");

-- CreateIndex
CREATE UNIQUE INDEX "LedgerTransaction_hash_key" ON "LedgerTransaction"("hash");

-- CreateIndex
CREATE INDEX "LedgerTransaction_resourceId_idx" ON "LedgerTransaction"("resourceId");

-- CreateIndex
CREATE UNIQUE INDEX "LedgerTransaction_accountId_livemode_sequence_key" ON "LedgerTransaction"("accountId", "livemode", "sequence");

-- CreateIndex
CREATE INDEX "LedgerPosting_transactionId_idx" ON "LedgerPosting"("transactionId");

-- CreateIndex
CREATE INDEX "LedgerPosting_ledgerAccountId_idx" ON "LedgerPosting"("ledgerAccountId");

-- CreateIndex
CREATE INDEX "SigningSecret_accountId_idx" ON "SigningSecret"("accountId");

-- CreateIndex
CREATE INDEX "UsedSignature_expiresAt_idx" ON "UsedSignature"("expiresAt");

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LedgerPosting" ADD CONSTRAINT "LedgerPosting_transactionId_fkey" FOREIGN KEY ("transactionId") REFERENCES "LedgerTransaction"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LedgerPosting" ADD CONSTRAINT "LedgerPosting_ledgerAccountId_fkey" FOREIGN KEY ("ledgerAccountId") REFERENCES "LedgerAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SigningSecret" ADD CONSTRAINT "SigningSecret_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
