-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "amountShipping" INTEGER,
ADD COLUMN     "amountSubtotal" INTEGER,
ADD COLUMN     "amountTax" INTEGER,
ADD COLUMN     "amountTotal" INTEGER,
ADD COLUMN     "compliance" JSONB,
ADD COLUMN     "fx" JSONB,
ADD COLUMN     "settlement" JSONB,
ADD COLUMN     "shipTo" JSONB,
ADD COLUMN     "shipping" JSONB,
ADD COLUMN     "tax" JSONB;

-- AlterTable
ALTER TABLE "OrderItem" ADD COLUMN     "weightGrams" INTEGER;
