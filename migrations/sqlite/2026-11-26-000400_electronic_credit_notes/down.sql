-- The rebuild of up.sql, backwards (see there). Only possible while no two credit notes of
-- different kinds share a number at one emission point.
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;
DELETE FROM document_sequences WHERE doc_type = 'electronic_credit_note';
CREATE TABLE credit_notes_old (
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
    UNIQUE (emission_point_id, sequential)
);
INSERT INTO credit_notes_old (id, company_id, branch_office_id, emission_point_id, sequential, number, sale_id, client_id, user_id, reason, refund, subtotal, iva, total, created_at)
    SELECT id, company_id, branch_office_id, emission_point_id, sequential, number, sale_id, client_id, user_id, reason, refund, subtotal, iva, total, created_at FROM credit_notes;
DROP TABLE credit_notes;
ALTER TABLE credit_notes_old RENAME TO credit_notes;
CREATE INDEX credit_notes_sale ON credit_notes (sale_id);
CREATE INDEX credit_notes_company ON credit_notes (company_id, branch_office_id, created_at);
COMMIT;
PRAGMA foreign_keys = ON;
