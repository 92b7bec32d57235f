-- A redemption burns the coin at once and stays processing until its bank payout completes:
-- the due time of the (simulated) payout is kept in the row, so it survives restarts. Rows made
-- before this migration were paid out at once (succeeded) and have none.
-- AlterTable
ALTER TABLE "StablecoinRedemption" ADD COLUMN     "settleAt" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "StablecoinRedemption_settleAt_idx" ON "StablecoinRedemption"("settleAt");
