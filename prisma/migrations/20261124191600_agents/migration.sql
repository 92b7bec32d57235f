-- AlterTable
ALTER TABLE "Event" ADD COLUMN     "actor" JSONB;

-- CreateTable
CREATE TABLE "Agent" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "status" TEXT NOT NULL DEFAULT 'active',
    "permissions" TEXT[],
    "limits" JSONB NOT NULL,
    "approvalAbove" JSONB,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Agent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AgentExecution" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "agentId" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "input" JSONB NOT NULL,
    "status" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "rules" TEXT[],
    "facts" JSONB NOT NULL,
    "policyHash" TEXT NOT NULL,
    "proofHash" TEXT NOT NULL,
    "spendAmount" BIGINT NOT NULL DEFAULT 0,
    "spendCurrency" TEXT,
    "result" JSONB,
    "error" JSONB,
    "resultId" TEXT,
    "idempotencyKey" TEXT,
    "requestHash" TEXT,
    "decidedBy" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "AgentExecution_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Agent_accountId_livemode_createdAt_idx" ON "Agent"("accountId", "livemode", "createdAt");

-- CreateIndex
CREATE INDEX "AgentExecution_agentId_createdAt_idx" ON "AgentExecution"("agentId", "createdAt");

-- CreateIndex
CREATE INDEX "AgentExecution_accountId_livemode_createdAt_idx" ON "AgentExecution"("accountId", "livemode", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "AgentExecution_agentId_idempotencyKey_key" ON "AgentExecution"("agentId", "idempotencyKey");

-- AddForeignKey
ALTER TABLE "AgentExecution" ADD CONSTRAINT "AgentExecution_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;
