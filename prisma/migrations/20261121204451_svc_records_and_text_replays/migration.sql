-- AlterTable
ALTER TABLE "IdempotencyRecord" ALTER COLUMN "responseBody" SET DATA TYPE TEXT;

-- CreateTable
CREATE TABLE "SvcRequest" (
    "apiKeyId" TEXT NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "inputDigest" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "inputCipher" TEXT NOT NULL,
    "resultCipher" TEXT,
    "errorCode" TEXT,
    "httpStatus" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMPTZ(3),
    "deadlineAt" TIMESTAMPTZ(3) NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SvcRequest_pkey" PRIMARY KEY ("apiKeyId","idempotencyKey")
);

-- CreateTable
CREATE TABLE "SvcUsage" (
    "apiKeyId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "runs" INTEGER NOT NULL DEFAULT 0,
    "failedRuns" INTEGER NOT NULL DEFAULT 0,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "SvcUsage_pkey" PRIMARY KEY ("apiKeyId","day")
);

-- CreateIndex
CREATE INDEX "SvcRequest_expiresAt_idx" ON "SvcRequest"("expiresAt");
