-- Electronic credit notes (issue 23): a nota de crédito against an authorized factura is the same
-- credit note as the internal one against a sales note (returned lines, stock, refund) plus the SRI
-- document that carries it. `kind` tells them apart ('internal' or 'electronic'); each kind has its
-- own gapless counter per emission point (document_sequences 'credit_note' and
-- 'electronic_credit_note'), so the unique number becomes (emission point, kind, sequential).
--
-- SQLite cannot drop an inline UNIQUE constraint: the table is rebuilt the way SQLite's manual
-- says (as the invoices migration does): foreign keys off, one transaction, new table, copy, drop,
-- rename, foreign keys back on. The lines that point at credit notes keep their ids and find their
-- note again under the same name. PRAGMA foreign_keys has no effect inside a transaction, so this
-- migration runs outside diesel's (metadata.toml) and opens its own.
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;
CREATE TABLE credit_notes_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    branch_office_id BIGINT NOT NULL REFERENCES branch_offices (id),
    emission_point_id BIGINT NOT NULL REFERENCES emission_points (id),
    sequential BIGINT NOT NULL,
    number TEXT NOT NULL,
    sale_id BIGINT NOT NULL REFERENCES sales (id),
    client_id BIGINT NOT NULL REFERENCES clients (id),
    user_id BIGINT NOT NULL REFERENCES users (id),
    reason TEXT NOT NULL,
    refund TEXT NOT NULL CHECK (refund IN ('cash', 'credit')),
    subtotal BIGINT NOT NULL,
    iva BIGINT NOT NULL,
    total BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    kind TEXT NOT NULL DEFAULT 'internal' CHECK (kind IN ('internal', 'electronic')),
    sri_document_id BIGINT REFERENCES sri_documents (id),
    UNIQUE (emission_point_id, kind, sequential)
);
INSERT INTO credit_notes_new (id, company_id, branch_office_id, emission_point_id, sequential, number, sale_id, client_id, user_id, reason, refund, subtotal, iva, total, created_at, kind, sri_document_id)
    SELECT id, company_id, branch_office_id, emission_point_id, sequential, number, sale_id, client_id, user_id, reason, refund, subtotal, iva, total, created_at, 'internal', NULL FROM credit_notes;
DROP TABLE credit_notes;
ALTER TABLE credit_notes_new RENAME TO credit_notes;
CREATE INDEX credit_notes_sale ON credit_notes (sale_id);
CREATE INDEX credit_notes_company ON credit_notes (company_id, branch_office_id, created_at);
CREATE INDEX credit_notes_branch_kind ON credit_notes (company_id, branch_office_id, kind, id);
CREATE UNIQUE INDEX credit_notes_sri_document ON credit_notes (sri_document_id);
COMMIT;
PRAGMA foreign_keys = ON;
