-- The head of the chain before its last transaction: a stablecoin transfer advances the chain in
-- the same statement that writes everything else (INSERT ... ON CONFLICT DO UPDATE), and reads
-- the previous head back from here (RETURNING gives the new row only).
ALTER TABLE "LedgerChain" ADD COLUMN     "previousHash" TEXT;

UPDATE "LedgerChain" c SET "previousHash" = t."previousHash"
FROM "LedgerTransaction" t
WHERE t."accountId" = c."accountId" AND t."livemode" = c."livemode" AND t."sequence" = c."sequence";

-- Refuses a ledger movement from inside a statement: the statement fails (so does its
-- transaction, and a COMMIT sent with it ends as a rollback), saying what it saw.
-- detail: "<ledger account id>:<balance>:<t|f allowed below zero>" for each account found,
-- separated by semicolons. An account missing from the detail does not exist.
-- (the body is an E'' literal with its semicolon written as \073: the migration runner splits a
-- script at every semicolon, dollar quotes included)
CREATE OR REPLACE FUNCTION ledger_refuse(detail text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS
E'BEGIN RAISE EXCEPTION USING ERRCODE = ''P0001'', MESSAGE = ''ledger_refused '' || coalesce(detail, '''')\073 END';
