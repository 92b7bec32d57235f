-- Search (src/search, docs/search.md). Extensions: pg_trgm (typo candidates), unaccent
-- (accent-insensitive folding), fuzzystrmatch (Levenshtein prefilter). PGlite loads their
-- contrib builds (src/search/pglite-extensions.ts), PostgreSQL ships them in contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;

-- CreateTable
CREATE TABLE "SearchDocument" (
    "resource" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "status" TEXT,
    "currency" TEXT,
    "amount" INTEGER,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "fields" JSONB NOT NULL DEFAULT '{}',
    "tsv" tsvector NOT NULL,
    "tsvAll" tsvector NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SearchDocument_pkey" PRIMARY KEY ("resource","id")
);

-- CreateTable
CREATE TABLE "SearchWord" (
    "accountId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "resource" TEXT NOT NULL,
    "word" TEXT NOT NULL,

    CONSTRAINT "SearchWord_pkey" PRIMARY KEY ("accountId","livemode","resource","word")
);

-- CreateIndex
CREATE INDEX "SearchDocument_tsv_idx" ON "SearchDocument" USING GIN ("tsv");

-- CreateIndex
CREATE INDEX "SearchDocument_tsvAll_idx" ON "SearchDocument" USING GIN ("tsvAll");

-- CreateIndex
CREATE INDEX "SearchDocument_accountId_livemode_resource_createdAt_idx" ON "SearchDocument"("accountId", "livemode", "resource", "createdAt");

-- CreateIndex
CREATE INDEX "SearchDocument_accountId_livemode_status_idx" ON "SearchDocument"("accountId", "livemode", "status");

-- CreateIndex
CREATE INDEX "SearchWord_word_idx" ON "SearchWord" USING GIN ("word" gin_trgm_ops);

-- The functions and triggers below are generated from the modules' search declarations
-- (node --import tsx src/search/sql.ts --backfill, test/search/declarations.test.ts checks they match).
-- No semicolon may appear inside a statement: Prisma's runner splits the file at each one.

-- search: text folding (lower-case, accents off) and the words of a text
CREATE OR REPLACE FUNCTION search_fold(p text) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS
$$ SELECT lower(unaccent(p)) $$;

CREATE OR REPLACE FUNCTION search_vec(p_folded text, p_weight "char") RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT setweight(to_tsvector('simple', regexp_replace(coalesce(p_folded, ''), '[^[:alnum:]]+', ' ', 'g')), p_weight) $$;

CREATE OR REPLACE FUNCTION search_words(p_folded text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT DISTINCT w FROM regexp_split_to_table(coalesce(p_folded, ''), '[^[:alnum:]]+') w WHERE char_length(w) BETWEEN 2 AND 64 $$;

-- typo candidates of a query word from the dictionary of an account, mode and the resources a
-- key may read: words sharing trigrams with it (index), within twice the allowed edits by
-- Levenshtein (the exact Damerau/OSA check runs on these few in the server), p_prefix: a
-- word whose beginning is within reach (the last word of a query)
CREATE OR REPLACE FUNCTION search_typo_candidates(p_account text, p_live boolean, p_resources text[], p_word text, p_max int, p_prefix boolean)
RETURNS TABLE(word text) LANGUAGE sql STABLE
SET pg_trgm.similarity_threshold = 0.2 SET pg_trgm.word_similarity_threshold = 0.4 AS
$$
  (SELECT DISTINCT d.word FROM "SearchWord" d
    WHERE d."accountId" = p_account AND d.livemode = p_live AND d.resource = ANY(p_resources)
      AND d.word % p_word AND levenshtein_less_equal(d.word, p_word, 2 * p_max) <= 2 * p_max
    LIMIT 200)
  UNION
  (SELECT DISTINCT d.word FROM "SearchWord" d
    WHERE p_prefix AND d."accountId" = p_account AND d.livemode = p_live AND d.resource = ANY(p_resources)
      AND p_word <% d.word AND char_length(d.word) > char_length(p_word)
      AND levenshtein_less_equal(left(d.word, char_length(p_word)), p_word, 2 * p_max) <= 2 * p_max
    LIMIT 200)
$$;

-- the nearest words (suggestions), whatever the distance
CREATE OR REPLACE FUNCTION search_nearest_words(p_account text, p_live boolean, p_resources text[], p_word text, p_limit int)
RETURNS TABLE(word text, score real) LANGUAGE sql STABLE
SET pg_trgm.similarity_threshold = 0.3 AS
$$
  SELECT w.word, max(similarity(w.word, p_word)) FROM "SearchWord" w
  WHERE w."accountId" = p_account AND w.livemode = p_live AND w.resource = ANY(p_resources) AND w.word % p_word
  GROUP BY w.word ORDER BY 2 DESC, 1 LIMIT p_limit
$$;

-- search: customers (Customer)
CREATE OR REPLACE FUNCTION search_reindex_customers(p_ids text[]) RETURNS void LANGUAGE plpgsql AS E'
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN RETURN\073 END IF\073
  DELETE FROM "SearchDocument" d WHERE d.resource = ''customers'' AND d.id = ANY(p_ids)
    AND NOT EXISTS (SELECT 1 FROM "Customer" t WHERE t."id" = d.id)\073
  WITH src AS MATERIALIZED (
    SELECT t."id" AS id, t."accountId" AS account_id, t."livemode" AS livemode,
      NULL::text AS status, NULL::text AS currency, NULL::int AS amount,
      t."metadata" AS metadata, t."createdAt" AS created_at, t."updatedAt" AS updated_at,
      search_fold(t."name") AS f0,
      search_fold(t."email") AS f1,
      search_fold(t."phone") AS f2,
      search_fold(t."id") AS f3
    FROM "Customer" t
    WHERE t."id" = ANY(p_ids)
  ), docs AS (
    INSERT INTO "SearchDocument" AS d (resource, id, "accountId", livemode, status, currency, amount, metadata, fields, tsv, "tsvAll", "createdAt", "updatedAt")
    SELECT ''customers'', id, account_id, livemode, status, currency, amount, coalesce(metadata, ''{}''::jsonb), jsonb_strip_nulls(jsonb_build_object(''name'', f0, ''email'', f1, ''phone'', f2, ''id'', f3)),
      search_vec(f0, ''A'') || search_vec(f1, ''A'') || search_vec(f2, ''B'') || search_vec(f3, ''A''),
      search_vec(f0, ''A'') || search_vec(f1, ''A'') || search_vec(f2, ''B'') || search_vec(f3, ''A''),
      created_at, updated_at
    FROM src
    ON CONFLICT (resource, id) DO UPDATE SET "accountId" = EXCLUDED."accountId", livemode = EXCLUDED.livemode,
      status = EXCLUDED.status, currency = EXCLUDED.currency, amount = EXCLUDED.amount, metadata = EXCLUDED.metadata,
      fields = EXCLUDED.fields, tsv = EXCLUDED.tsv, "tsvAll" = EXCLUDED."tsvAll", "createdAt" = EXCLUDED."createdAt", "updatedAt" = EXCLUDED."updatedAt"
    RETURNING 1
  )
  -- words in one order in every transaction (concurrent writers never deadlock on them)
  INSERT INTO "SearchWord" ("accountId", livemode, resource, word)
  SELECT x.account_id, x.livemode, ''customers'', x.w FROM (
      SELECT s.account_id, s.livemode, w FROM src s, search_words(s.f0) w
      UNION SELECT s.account_id, s.livemode, w FROM src s, search_words(s.f1) w
    ) x(account_id, livemode, w)
  ORDER BY 1, 2, 4
  ON CONFLICT DO NOTHING\073
END
';
CREATE OR REPLACE FUNCTION search_trg_customers_self_insert() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM search_reindex_customers(ARRAY(SELECT "id" FROM search_rows))\073 RETURN NULL\073 END';
DROP TRIGGER IF EXISTS search_trg_customers_self_insert ON "Customer";
CREATE TRIGGER search_trg_customers_self_insert AFTER INSERT ON "Customer" REFERENCING NEW TABLE AS search_rows FOR EACH STATEMENT EXECUTE FUNCTION search_trg_customers_self_insert();
CREATE OR REPLACE FUNCTION search_trg_customers_self_update() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM search_reindex_customers(ARRAY(SELECT "id" FROM search_rows))\073 RETURN NULL\073 END';
DROP TRIGGER IF EXISTS search_trg_customers_self_update ON "Customer";
CREATE TRIGGER search_trg_customers_self_update AFTER UPDATE ON "Customer" REFERENCING NEW TABLE AS search_rows FOR EACH STATEMENT EXECUTE FUNCTION search_trg_customers_self_update();
CREATE OR REPLACE FUNCTION search_trg_customers_self_delete() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM search_reindex_customers(ARRAY(SELECT "id" FROM search_rows))\073 RETURN NULL\073 END';
DROP TRIGGER IF EXISTS search_trg_customers_self_delete ON "Customer";
CREATE TRIGGER search_trg_customers_self_delete AFTER DELETE ON "Customer" REFERENCING OLD TABLE AS search_rows FOR EACH STATEMENT EXECUTE FUNCTION search_trg_customers_self_delete();

-- search: products (Product)
CREATE OR REPLACE FUNCTION search_reindex_products(p_ids text[]) RETURNS void LANGUAGE plpgsql AS E'
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN RETURN\073 END IF\073
  DELETE FROM "SearchDocument" d WHERE d.resource = ''products'' AND d.id = ANY(p_ids)
    AND NOT EXISTS (SELECT 1 FROM "Product" t WHERE t."id" = d.id)\073
  WITH src AS MATERIALIZED (
    SELECT t."id" AS id, t."accountId" AS account_id, t."livemode" AS livemode,
      NULL::text AS status, t."currency"::text AS currency, t."price"::int AS amount,
      t."metadata" AS metadata, t."createdAt" AS created_at, t."updatedAt" AS updated_at,
      search_fold(t."name") AS f0,
      search_fold(t."sku") AS f1,
      search_fold(t."description") AS f2,
      search_fold(t."id") AS f3
    FROM "Product" t
    WHERE t."id" = ANY(p_ids)
  ), docs AS (
    INSERT INTO "SearchDocument" AS d (resource, id, "accountId", livemode, status, currency, amount, metadata, fields, tsv, "tsvAll", "createdAt", "updatedAt")
    SELECT ''products'', id, account_id, livemode, status, currency, amount, coalesce(metadata, ''{}''::jsonb), jsonb_strip_nulls(jsonb_build_object(''name'', f0, ''sku'', f1, ''description'', f2, ''id'', f3)),
      search_vec(f0, ''A'') || search_vec(f1, ''A'') || search_vec(f2, ''C'') || search_vec(f3, ''A''),
      search_vec(f0, ''A'') || search_vec(f1, ''A'') || search_vec(f2, ''C'') || search_vec(f3, ''A''),
      created_at, updated_at
    FROM src
    ON CONFLICT (resource, id) DO UPDATE SET "accountId" = EXCLUDED."accountId", livemode = EXCLUDED.livemode,
      status = EXCLUDED.status, currency = EXCLUDED.currency, amount = EXCLUDED.amount, metadata = EXCLUDED.metadata,
      fields = EXCLUDED.fields, tsv = EXCLUDED.tsv, "tsvAll" = EXCLUDED."tsvAll", "createdAt" = EXCLUDED."createdAt", "updatedAt" = EXCLUDED."updatedAt"
    RETURNING 1
  )
  -- words in one order in every transaction (concurrent writers never deadlock on them)
  INSERT INTO "SearchWord" ("accountId", livemode, resource, word)
  SELECT x.account_id, x.livemode, ''products'', x.w FROM (
      SELECT s.account_id, s.livemode, w FROM src s, search_words(s.f0) w
      UNION SELECT s.account_id, s.livemode, w FROM src s, search_words(s.f2) w
    ) x(account_id, livemode, w)
  ORDER BY 1, 2, 4
  ON CONFLICT DO NOTHING\073
END
';
CREATE OR REPLACE FUNCTION search_trg_products_self_insert() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM search_reindex_products(ARRAY(SELECT "id" FROM search_rows))\073 RETURN NULL\073 END';
DROP TRIGGER IF EXISTS search_trg_products_self_insert ON "Product";
CREATE TRIGGER search_trg_products_self_insert AFTER INSERT ON "Product" REFERENCING NEW TABLE AS search_rows FOR EACH STATEMENT EXECUTE FUNCTION search_trg_products_self_insert();
CREATE OR REPLACE FUNCTION search_trg_products_self_update() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM search_reindex_products(ARRAY(SELECT "id" FROM search_rows))\073 RETURN NULL\073 END';
DROP TRIGGER IF EXISTS search_trg_products_self_update ON "Product";
CREATE TRIGGER search_trg_products_self_update AFTER UPDATE ON "Product" REFERENCING NEW TABLE AS search_rows FOR EACH STATEMENT EXECUTE FUNCTION search_trg_products_self_update();
CREATE OR REPLACE FUNCTION search_trg_products_self_delete() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM search_reindex_products(ARRAY(SELECT "id" FROM search_rows))\073 RETURN NULL\073 END';
DROP TRIGGER IF EXISTS search_trg_products_self_delete ON "Product";
CREATE TRIGGER search_trg_products_self_delete AFTER DELETE ON "Product" REFERENCING OLD TABLE AS search_rows FOR EACH STATEMENT EXECUTE FUNCTION search_trg_products_self_delete();

-- search: orders (Order)
CREATE OR REPLACE FUNCTION search_reindex_orders(p_ids text[]) RETURNS void LANGUAGE plpgsql AS E'
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN RETURN\073 END IF\073
  DELETE FROM "SearchDocument" d WHERE d.resource = ''orders'' AND d.id = ANY(p_ids)
    AND NOT EXISTS (SELECT 1 FROM "Order" t WHERE t."id" = d.id)\073
  WITH src AS MATERIALIZED (
    SELECT t."id" AS id, t."accountId" AS account_id, t."livemode" AS livemode,
      t."status"::text AS status, t."currency"::text AS currency, t."amount"::int AS amount,
      t."metadata" AS metadata, t."createdAt" AS created_at, t."updatedAt" AS updated_at,
      search_fold(t."id") AS f0,
      search_fold(t."trackingNumber") AS f1,
      search_fold((SELECT string_agg(c."name", '' '' ORDER BY c."position") FROM "OrderItem" c WHERE c."orderId" = t."id")) AS f2,
      search_fold(j1."name") AS f3,
      search_fold(j1."email") AS f4,
      search_fold(t."holdReason") AS f5
    FROM "Order" t
    LEFT JOIN "Customer" j1 ON j1."id" = t."customerId"
    WHERE t."id" = ANY(p_ids)
  ), docs AS (
    INSERT INTO "SearchDocument" AS d (resource, id, "accountId", livemode, status, currency, amount, metadata, fields, tsv, "tsvAll", "createdAt", "updatedAt")
    SELECT ''orders'', id, account_id, livemode, status, currency, amount, coalesce(metadata, ''{}''::jsonb), jsonb_strip_nulls(jsonb_build_object(''id'', f0, ''tracking_number'', f1, ''items.name'', f2, ''customer.name'', f3, ''customer.email'', f4, ''hold_reason'', f5)),
      search_vec(f0, ''A'') || search_vec(f1, ''A'') || search_vec(f2, ''B'') || search_vec(f5, ''D''),
      search_vec(f0, ''A'') || search_vec(f1, ''A'') || search_vec(f2, ''B'') || search_vec(f3, ''B'') || search_vec(f4, ''C'') || search_vec(f5, ''D''),
      created_at, updated_at
    FROM src
    ON CONFLICT (resource, id) DO UPDATE SET "accountId" = EXCLUDED."accountId", livemode = EXCLUDED.livemode,
      status = EXCLUDED.status, currency = EXCLUDED.currency, amount = EXCLUDED.amount, metadata = EXCLUDED.metadata,
      fields = EXCLUDED.fields, tsv = EXCLUDED.tsv, "tsvAll" = EXCLUDED."tsvAll", "createdAt" = EXCLUDED."createdAt", "updatedAt" = EXCLUDED."updatedAt"
    RETURNING 1
  )
  -- words in one order in every transaction (concurrent writers never deadlock on them)
  INSERT INTO "SearchWord" ("accountId", livemode, resource, word)
  SELECT x.account_id, x.livemode, ''orders'', x.w FROM (
      SELECT s.account_id, s.livemode, w FROM src s, search_words(s.f2) w
      UNION SELECT s.account_id, s.livemode, w FROM src s, search_words(s.f5) w
    ) x(account_id, livemode, w)
  ORDER BY 1, 2, 4
  ON CONFLICT DO NOTHING\073
END
';
CREATE OR REPLACE FUNCTION search_trg_orders_self_insert() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM search_reindex_orders(ARRAY(SELECT "id" FROM search_rows))\073 RETURN NULL\073 END';
DROP TRIGGER IF EXISTS search_trg_orders_self_insert ON "Order";
CREATE TRIGGER search_trg_orders_self_insert AFTER INSERT ON "Order" REFERENCING NEW TABLE AS search_rows FOR EACH STATEMENT EXECUTE FUNCTION search_trg_orders_self_insert();
CREATE OR REPLACE FUNCTION search_trg_orders_self_update() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM search_reindex_orders(ARRAY(SELECT "id" FROM search_rows))\073 RETURN NULL\073 END';
DROP TRIGGER IF EXISTS search_trg_orders_self_update ON "Order";
CREATE TRIGGER search_trg_orders_self_update AFTER UPDATE ON "Order" REFERENCING NEW TABLE AS search_rows FOR EACH STATEMENT EXECUTE FUNCTION search_trg_orders_self_update();
CREATE OR REPLACE FUNCTION search_trg_orders_self_delete() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM search_reindex_orders(ARRAY(SELECT "id" FROM search_rows))\073 RETURN NULL\073 END';
DROP TRIGGER IF EXISTS search_trg_orders_self_delete ON "Order";
CREATE TRIGGER search_trg_orders_self_delete AFTER DELETE ON "Order" REFERENCING OLD TABLE AS search_rows FOR EACH STATEMENT EXECUTE FUNCTION search_trg_orders_self_delete();
CREATE OR REPLACE FUNCTION search_trg_orders_items_insert() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM search_reindex_orders(ARRAY(SELECT DISTINCT "orderId" FROM search_rows))\073 RETURN NULL\073 END';
DROP TRIGGER IF EXISTS search_trg_orders_items_insert ON "OrderItem";
CREATE TRIGGER search_trg_orders_items_insert AFTER INSERT ON "OrderItem" REFERENCING NEW TABLE AS search_rows FOR EACH STATEMENT EXECUTE FUNCTION search_trg_orders_items_insert();
CREATE OR REPLACE FUNCTION search_trg_orders_items_update() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM search_reindex_orders(ARRAY(SELECT DISTINCT "orderId" FROM search_rows))\073 RETURN NULL\073 END';
DROP TRIGGER IF EXISTS search_trg_orders_items_update ON "OrderItem";
CREATE TRIGGER search_trg_orders_items_update AFTER UPDATE ON "OrderItem" REFERENCING NEW TABLE AS search_rows FOR EACH STATEMENT EXECUTE FUNCTION search_trg_orders_items_update();
CREATE OR REPLACE FUNCTION search_trg_orders_items_delete() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM search_reindex_orders(ARRAY(SELECT DISTINCT "orderId" FROM search_rows))\073 RETURN NULL\073 END';
DROP TRIGGER IF EXISTS search_trg_orders_items_delete ON "OrderItem";
CREATE TRIGGER search_trg_orders_items_delete AFTER DELETE ON "OrderItem" REFERENCING OLD TABLE AS search_rows FOR EACH STATEMENT EXECUTE FUNCTION search_trg_orders_items_delete();
CREATE OR REPLACE FUNCTION search_trg_orders_customer_update() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM search_reindex_orders(ARRAY(SELECT t."id" FROM "Order" t WHERE t."customerId" IN (SELECT "id" FROM search_rows)))\073 RETURN NULL\073 END';
DROP TRIGGER IF EXISTS search_trg_orders_customer_update ON "Customer";
CREATE TRIGGER search_trg_orders_customer_update AFTER UPDATE ON "Customer" REFERENCING NEW TABLE AS search_rows FOR EACH STATEMENT EXECUTE FUNCTION search_trg_orders_customer_update();

-- search: inventory (InventoryItem)
CREATE OR REPLACE FUNCTION search_reindex_inventory(p_ids text[]) RETURNS void LANGUAGE plpgsql AS E'
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN RETURN\073 END IF\073
  DELETE FROM "SearchDocument" d WHERE d.resource = ''inventory'' AND d.id = ANY(p_ids)
    AND NOT EXISTS (SELECT 1 FROM "InventoryItem" t WHERE t."id" = d.id)\073
  WITH src AS MATERIALIZED (
    SELECT t."id" AS id, t."accountId" AS account_id, t."livemode" AS livemode,
      NULL::text AS status, NULL::text AS currency, t."available"::int AS amount,
      ''{}''::jsonb AS metadata, t."createdAt" AS created_at, t."updatedAt" AS updated_at,
      search_fold(t."id") AS f0,
      search_fold(t."location") AS f1,
      search_fold(j1."name") AS f2,
      search_fold(j1."sku") AS f3
    FROM "InventoryItem" t
    LEFT JOIN "Product" j1 ON j1."id" = t."productId"
    WHERE t."id" = ANY(p_ids)
  ), docs AS (
    INSERT INTO "SearchDocument" AS d (resource, id, "accountId", livemode, status, currency, amount, metadata, fields, tsv, "tsvAll", "createdAt", "updatedAt")
    SELECT ''inventory'', id, account_id, livemode, status, currency, amount, coalesce(metadata, ''{}''::jsonb), jsonb_strip_nulls(jsonb_build_object(''id'', f0, ''location'', f1, ''product.name'', f2, ''product.sku'', f3)),
      search_vec(f0, ''A'') || search_vec(f1, ''B''),
      search_vec(f0, ''A'') || search_vec(f1, ''B'') || search_vec(f2, ''A'') || search_vec(f3, ''A''),
      created_at, updated_at
    FROM src
    ON CONFLICT (resource, id) DO UPDATE SET "accountId" = EXCLUDED."accountId", livemode = EXCLUDED.livemode,
      status = EXCLUDED.status, currency = EXCLUDED.currency, amount = EXCLUDED.amount, metadata = EXCLUDED.metadata,
      fields = EXCLUDED.fields, tsv = EXCLUDED.tsv, "tsvAll" = EXCLUDED."tsvAll", "createdAt" = EXCLUDED."createdAt", "updatedAt" = EXCLUDED."updatedAt"
    RETURNING 1
  )
  -- words in one order in every transaction (concurrent writers never deadlock on them)
  INSERT INTO "SearchWord" ("accountId", livemode, resource, word)
  SELECT x.account_id, x.livemode, ''inventory'', x.w FROM (
      SELECT s.account_id, s.livemode, w FROM src s, search_words(s.f1) w
    ) x(account_id, livemode, w)
  ORDER BY 1, 2, 4
  ON CONFLICT DO NOTHING\073
END
';
CREATE OR REPLACE FUNCTION search_trg_inventory_self_insert() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM search_reindex_inventory(ARRAY(SELECT "id" FROM search_rows))\073 RETURN NULL\073 END';
DROP TRIGGER IF EXISTS search_trg_inventory_self_insert ON "InventoryItem";
CREATE TRIGGER search_trg_inventory_self_insert AFTER INSERT ON "InventoryItem" REFERENCING NEW TABLE AS search_rows FOR EACH STATEMENT EXECUTE FUNCTION search_trg_inventory_self_insert();
CREATE OR REPLACE FUNCTION search_trg_inventory_self_update() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM search_reindex_inventory(ARRAY(SELECT "id" FROM search_rows))\073 RETURN NULL\073 END';
DROP TRIGGER IF EXISTS search_trg_inventory_self_update ON "InventoryItem";
CREATE TRIGGER search_trg_inventory_self_update AFTER UPDATE ON "InventoryItem" REFERENCING NEW TABLE AS search_rows FOR EACH STATEMENT EXECUTE FUNCTION search_trg_inventory_self_update();
CREATE OR REPLACE FUNCTION search_trg_inventory_self_delete() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM search_reindex_inventory(ARRAY(SELECT "id" FROM search_rows))\073 RETURN NULL\073 END';
DROP TRIGGER IF EXISTS search_trg_inventory_self_delete ON "InventoryItem";
CREATE TRIGGER search_trg_inventory_self_delete AFTER DELETE ON "InventoryItem" REFERENCING OLD TABLE AS search_rows FOR EACH STATEMENT EXECUTE FUNCTION search_trg_inventory_self_delete();
CREATE OR REPLACE FUNCTION search_trg_inventory_product_update() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM search_reindex_inventory(ARRAY(SELECT t."id" FROM "InventoryItem" t WHERE t."productId" IN (SELECT "id" FROM search_rows)))\073 RETURN NULL\073 END';
DROP TRIGGER IF EXISTS search_trg_inventory_product_update ON "Product";
CREATE TRIGGER search_trg_inventory_product_update AFTER UPDATE ON "Product" REFERENCING NEW TABLE AS search_rows FOR EACH STATEMENT EXECUTE FUNCTION search_trg_inventory_product_update();

-- search: returns (Return)
CREATE OR REPLACE FUNCTION search_reindex_returns(p_ids text[]) RETURNS void LANGUAGE plpgsql AS E'
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN RETURN\073 END IF\073
  DELETE FROM "SearchDocument" d WHERE d.resource = ''returns'' AND d.id = ANY(p_ids)
    AND NOT EXISTS (SELECT 1 FROM "Return" t WHERE t."id" = d.id)\073
  WITH src AS MATERIALIZED (
    SELECT t."id" AS id, t."accountId" AS account_id, t."livemode" AS livemode,
      t."status"::text AS status, t."currency"::text AS currency, t."refundAmount"::int AS amount,
      t."metadata" AS metadata, t."createdAt" AS created_at, t."updatedAt" AS updated_at,
      search_fold(t."id") AS f0,
      search_fold(t."orderId") AS f1,
      search_fold((SELECT string_agg(c."reason", '' '' ORDER BY c."position") FROM "ReturnItem" c WHERE c."returnId" = t."id")) AS f2,
      search_fold(t."note") AS f3,
      search_fold(t."rejectionReason") AS f4
    FROM "Return" t
    WHERE t."id" = ANY(p_ids)
  ), docs AS (
    INSERT INTO "SearchDocument" AS d (resource, id, "accountId", livemode, status, currency, amount, metadata, fields, tsv, "tsvAll", "createdAt", "updatedAt")
    SELECT ''returns'', id, account_id, livemode, status, currency, amount, coalesce(metadata, ''{}''::jsonb), jsonb_strip_nulls(jsonb_build_object(''id'', f0, ''order'', f1, ''items.reason'', f2, ''note'', f3, ''rejection_reason'', f4)),
      search_vec(f0, ''A'') || search_vec(f1, ''A'') || search_vec(f2, ''B'') || search_vec(f3, ''C'') || search_vec(f4, ''D''),
      search_vec(f0, ''A'') || search_vec(f1, ''A'') || search_vec(f2, ''B'') || search_vec(f3, ''C'') || search_vec(f4, ''D''),
      created_at, updated_at
    FROM src
    ON CONFLICT (resource, id) DO UPDATE SET "accountId" = EXCLUDED."accountId", livemode = EXCLUDED.livemode,
      status = EXCLUDED.status, currency = EXCLUDED.currency, amount = EXCLUDED.amount, metadata = EXCLUDED.metadata,
      fields = EXCLUDED.fields, tsv = EXCLUDED.tsv, "tsvAll" = EXCLUDED."tsvAll", "createdAt" = EXCLUDED."createdAt", "updatedAt" = EXCLUDED."updatedAt"
    RETURNING 1
  )
  -- words in one order in every transaction (concurrent writers never deadlock on them)
  INSERT INTO "SearchWord" ("accountId", livemode, resource, word)
  SELECT x.account_id, x.livemode, ''returns'', x.w FROM (
      SELECT s.account_id, s.livemode, w FROM src s, search_words(s.f2) w
      UNION SELECT s.account_id, s.livemode, w FROM src s, search_words(s.f3) w
      UNION SELECT s.account_id, s.livemode, w FROM src s, search_words(s.f4) w
    ) x(account_id, livemode, w)
  ORDER BY 1, 2, 4
  ON CONFLICT DO NOTHING\073
END
';
CREATE OR REPLACE FUNCTION search_trg_returns_self_insert() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM search_reindex_returns(ARRAY(SELECT "id" FROM search_rows))\073 RETURN NULL\073 END';
DROP TRIGGER IF EXISTS search_trg_returns_self_insert ON "Return";
CREATE TRIGGER search_trg_returns_self_insert AFTER INSERT ON "Return" REFERENCING NEW TABLE AS search_rows FOR EACH STATEMENT EXECUTE FUNCTION search_trg_returns_self_insert();
CREATE OR REPLACE FUNCTION search_trg_returns_self_update() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM search_reindex_returns(ARRAY(SELECT "id" FROM search_rows))\073 RETURN NULL\073 END';
DROP TRIGGER IF EXISTS search_trg_returns_self_update ON "Return";
CREATE TRIGGER search_trg_returns_self_update AFTER UPDATE ON "Return" REFERENCING NEW TABLE AS search_rows FOR EACH STATEMENT EXECUTE FUNCTION search_trg_returns_self_update();
CREATE OR REPLACE FUNCTION search_trg_returns_self_delete() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM search_reindex_returns(ARRAY(SELECT "id" FROM search_rows))\073 RETURN NULL\073 END';
DROP TRIGGER IF EXISTS search_trg_returns_self_delete ON "Return";
CREATE TRIGGER search_trg_returns_self_delete AFTER DELETE ON "Return" REFERENCING OLD TABLE AS search_rows FOR EACH STATEMENT EXECUTE FUNCTION search_trg_returns_self_delete();
CREATE OR REPLACE FUNCTION search_trg_returns_items_insert() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM search_reindex_returns(ARRAY(SELECT DISTINCT "returnId" FROM search_rows))\073 RETURN NULL\073 END';
DROP TRIGGER IF EXISTS search_trg_returns_items_insert ON "ReturnItem";
CREATE TRIGGER search_trg_returns_items_insert AFTER INSERT ON "ReturnItem" REFERENCING NEW TABLE AS search_rows FOR EACH STATEMENT EXECUTE FUNCTION search_trg_returns_items_insert();
CREATE OR REPLACE FUNCTION search_trg_returns_items_update() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM search_reindex_returns(ARRAY(SELECT DISTINCT "returnId" FROM search_rows))\073 RETURN NULL\073 END';
DROP TRIGGER IF EXISTS search_trg_returns_items_update ON "ReturnItem";
CREATE TRIGGER search_trg_returns_items_update AFTER UPDATE ON "ReturnItem" REFERENCING NEW TABLE AS search_rows FOR EACH STATEMENT EXECUTE FUNCTION search_trg_returns_items_update();
CREATE OR REPLACE FUNCTION search_trg_returns_items_delete() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM search_reindex_returns(ARRAY(SELECT DISTINCT "returnId" FROM search_rows))\073 RETURN NULL\073 END';
DROP TRIGGER IF EXISTS search_trg_returns_items_delete ON "ReturnItem";
CREATE TRIGGER search_trg_returns_items_delete AFTER DELETE ON "ReturnItem" REFERENCING OLD TABLE AS search_rows FOR EACH STATEMENT EXECUTE FUNCTION search_trg_returns_items_delete();

-- search: documents of the rows already there
SELECT search_reindex_customers(ARRAY(SELECT "id" FROM "Customer"));
SELECT search_reindex_products(ARRAY(SELECT "id" FROM "Product"));
SELECT search_reindex_orders(ARRAY(SELECT "id" FROM "Order"));
SELECT search_reindex_inventory(ARRAY(SELECT "id" FROM "InventoryItem"));
SELECT search_reindex_returns(ARRAY(SELECT "id" FROM "Return"));
