-- Electronic facturas are sales (issue 23): the same header, lines, payments, stock and cash as a
-- sales note, plus the SRI document that carries them. `kind` tells them apart ('note' or
-- 'invoice'); `sri_document_id` is the factura in the SRI queue. A factura has its own gapless
-- counter per emission point (document_sequences 'invoice'), so the unique number becomes
-- (emission point, kind, sequential).
--
-- SQLite cannot drop an inline UNIQUE constraint: the table is rebuilt the way SQLite's manual
-- says (ALTER TABLE, "making other kinds of table schema changes"): foreign keys off, one
-- transaction, new table, copy, drop, rename, foreign keys back on. The rows that point at sales
-- (lines, payments, receivables, credit notes) keep their ids and find their sale again under the
-- same name. PRAGMA foreign_keys has no effect inside a transaction, so this migration runs
-- outside diesel's (metadata.toml) and opens its own.
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;
CREATE TABLE sales_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    branch_office_id BIGINT NOT NULL REFERENCES branch_offices (id),
    emission_point_id BIGINT NOT NULL REFERENCES emission_points (id),
    sequential BIGINT NOT NULL,
    number TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    client_id BIGINT NOT NULL REFERENCES clients (id),
    warehouse_id BIGINT NOT NULL REFERENCES warehouses (id),
    user_id BIGINT NOT NULL REFERENCES users (id),
    turn_id BIGINT REFERENCES turns (id),
    quote_id BIGINT,
    gross BIGINT NOT NULL,
    discount BIGINT NOT NULL,
    subtotal BIGINT NOT NULL,
    iva BIGINT NOT NULL,
    total BIGINT NOT NULL,
    change_given BIGINT NOT NULL DEFAULT 0,
    note TEXT,
    created_at TIMESTAMP NOT NULL,
    kind TEXT NOT NULL DEFAULT 'note' CHECK (kind IN ('note', 'invoice')),
    sri_document_id BIGINT REFERENCES sri_documents (id),
    UNIQUE (emission_point_id, kind, sequential),
    UNIQUE (company_id, idempotency_key)
);
INSERT INTO sales_new (id, company_id, branch_office_id, emission_point_id, sequential, number, idempotency_key, client_id, warehouse_id, user_id, turn_id, quote_id, gross, discount, subtotal, iva, total, change_given, note, created_at, kind, sri_document_id)
    SELECT id, company_id, branch_office_id, emission_point_id, sequential, number, idempotency_key, client_id, warehouse_id, user_id, turn_id, quote_id, gross, discount, subtotal, iva, total, change_given, note, created_at, 'note', NULL FROM sales;
DROP TABLE sales;
ALTER TABLE sales_new RENAME TO sales;
CREATE INDEX sales_branch ON sales (company_id, branch_office_id, created_at);
CREATE INDEX sales_client ON sales (company_id, client_id);
CREATE INDEX sales_branch_kind ON sales (company_id, branch_office_id, kind, id);
CREATE UNIQUE INDEX sales_sri_document ON sales (sri_document_id);
COMMIT;
PRAGMA foreign_keys = ON;
