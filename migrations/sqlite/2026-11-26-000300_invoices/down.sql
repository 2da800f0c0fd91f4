-- The rebuild of up.sql, backwards (see there). Only possible while no two sales of different
-- kinds share a number at one emission point.
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;
DELETE FROM document_sequences WHERE doc_type = 'invoice';
CREATE TABLE sales_old (
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
    UNIQUE (emission_point_id, sequential),
    UNIQUE (company_id, idempotency_key)
);
INSERT INTO sales_old (id, company_id, branch_office_id, emission_point_id, sequential, number, idempotency_key, client_id, warehouse_id, user_id, turn_id, quote_id, gross, discount, subtotal, iva, total, change_given, note, created_at) SELECT id, company_id, branch_office_id, emission_point_id, sequential, number, idempotency_key, client_id, warehouse_id, user_id, turn_id, quote_id, gross, discount, subtotal, iva, total, change_given, note, created_at FROM sales;
DROP TABLE sales;
ALTER TABLE sales_old RENAME TO sales;
CREATE INDEX sales_branch ON sales (company_id, branch_office_id, created_at);
CREATE INDEX sales_client ON sales (company_id, client_id);
COMMIT;
PRAGMA foreign_keys = ON;
