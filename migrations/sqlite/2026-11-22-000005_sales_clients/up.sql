-- Clients of each company (sales, quotes, receivables). "Consumidor final" exists in every
-- company (is_final_consumer) and cannot be edited or deleted.
CREATE TABLE clients (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    id_type TEXT NOT NULL,
    identification TEXT NOT NULL,
    name TEXT NOT NULL,
    email TEXT,
    phone TEXT,
    address TEXT,
    price_level INTEGER NOT NULL DEFAULT 1,
    credit_limit BIGINT NOT NULL DEFAULT 0,
    credit_days INTEGER NOT NULL DEFAULT 0,
    is_final_consumer BOOLEAN NOT NULL DEFAULT 0,
    active BOOLEAN NOT NULL DEFAULT 1,
    locked BOOLEAN NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX clients_identification ON clients (company_id, identification);
CREATE INDEX clients_company_name ON clients (company_id, name);

INSERT INTO clients (company_id, id_type, identification, name, is_final_consumer, created_at, updated_at)
SELECT id, 'consumidorFinal', '9999999999999', 'CONSUMIDOR FINAL', 1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP
FROM companies;
