-- AlterTable
ALTER TABLE "AgentExecution" ADD COLUMN     "requestId" TEXT;
