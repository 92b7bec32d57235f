-- CreateTable
CREATE TABLE "GlobalFxRate" (
    "currency" TEXT NOT NULL,
    "base" TEXT NOT NULL,
    "rate" TEXT NOT NULL,
    "asOf" TIMESTAMPTZ(3) NOT NULL,
    "source" TEXT NOT NULL,
    "importedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GlobalFxRate_pkey" PRIMARY KEY ("currency")
);

-- CreateTable
CREATE TABLE "GlobalShippingTable" (
    "id" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "tables" JSONB NOT NULL,
    "importedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GlobalShippingTable_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GlobalSanctionsList" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "test" BOOLEAN NOT NULL,
    "format" TEXT NOT NULL,
    "asOf" TIMESTAMPTZ(3) NOT NULL,
    "entryCount" INTEGER NOT NULL,
    "importedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GlobalSanctionsList_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GlobalSanctionsEntry" (
    "id" TEXT NOT NULL,
    "listId" TEXT NOT NULL,
    "entryId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "programs" TEXT[],
    "countries" TEXT[],
    "birthDates" TEXT[],

    CONSTRAINT "GlobalSanctionsEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GlobalSanctionsName" (
    "id" TEXT NOT NULL,
    "entryRowId" TEXT NOT NULL,
    "listId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "alias" BOOLEAN NOT NULL,
    "normalized" TEXT NOT NULL,
    "phonetic" TEXT[] DEFAULT ARRAY[]::TEXT[],

    CONSTRAINT "GlobalSanctionsName_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ComplianceCheck" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "country" TEXT,
    "dateOfBirth" TEXT,
    "result" TEXT NOT NULL,
    "matches" JSONB NOT NULL,
    "lists" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ComplianceCheck_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "GlobalSanctionsList_name_test_key" ON "GlobalSanctionsList"("name", "test");

-- CreateIndex
CREATE UNIQUE INDEX "GlobalSanctionsEntry_listId_entryId_key" ON "GlobalSanctionsEntry"("listId", "entryId");

-- CreateIndex
CREATE INDEX "GlobalSanctionsName_listId_idx" ON "GlobalSanctionsName"("listId");

-- CreateIndex
CREATE INDEX "GlobalSanctionsName_entryRowId_idx" ON "GlobalSanctionsName"("entryRowId");

-- CreateIndex
CREATE INDEX "GlobalSanctionsName_normalized_idx" ON "GlobalSanctionsName" USING GIN ("normalized" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "GlobalSanctionsName_phonetic_idx" ON "GlobalSanctionsName" USING GIN ("phonetic");

-- CreateIndex
CREATE INDEX "ComplianceCheck_accountId_livemode_createdAt_id_idx" ON "ComplianceCheck"("accountId", "livemode", "createdAt", "id");

-- CreateIndex
CREATE INDEX "ComplianceCheck_accountId_livemode_result_createdAt_id_idx" ON "ComplianceCheck"("accountId", "livemode", "result", "createdAt", "id");

-- AddForeignKey
ALTER TABLE "GlobalSanctionsEntry" ADD CONSTRAINT "GlobalSanctionsEntry_listId_fkey" FOREIGN KEY ("listId") REFERENCES "GlobalSanctionsList"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GlobalSanctionsName" ADD CONSTRAINT "GlobalSanctionsName_entryRowId_fkey" FOREIGN KEY ("entryRowId") REFERENCES "GlobalSanctionsEntry"("id") ON DELETE CASCADE ON UPDATE CASCADE;
