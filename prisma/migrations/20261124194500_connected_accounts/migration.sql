-- AlterTable
ALTER TABLE "Account" ADD COLUMN     "businessName" TEXT,
ADD COLUMN     "country" TEXT,
ADD COLUMN     "defaultCurrency" TEXT,
ADD COLUMN     "platformId" TEXT;

-- AlterTable
ALTER TABLE "Event" ADD COLUMN     "connectedAccount" TEXT;

-- CreateIndex
CREATE INDEX "Account_platformId_createdAt_idx" ON "Account"("platformId", "createdAt");
