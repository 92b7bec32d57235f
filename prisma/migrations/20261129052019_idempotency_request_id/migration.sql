-- AlterTable
ALTER TABLE "IdempotencyRecord" ADD COLUMN     "requestId" TEXT;
