-- Debit cards apart from credit cards: the SRI's formas de pago are 16 (tarjeta de débito) and 19
-- (tarjeta de crédito), so a sale's payment and a collection say which (`debit`, `card`).
--
-- SQLite cannot change a CHECK constraint: each table is rebuilt the way SQLite's manual says
-- (foreign keys off, one transaction, new table, copy, drop, rename, foreign keys back on); the
-- rows that point at them keep their ids.
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;
CREATE TABLE sale_payments_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sale_id BIGINT NOT NULL REFERENCES sales (id),
    method TEXT NOT NULL CHECK (method IN ('cash', 'card', 'debit', 'transfer', 'credit')),
    amount BIGINT NOT NULL CHECK (amount > 0),
    received BIGINT,
    reference TEXT,
    bank_account_id BIGINT REFERENCES bank_accounts (id),
    due_date DATE
);
INSERT INTO sale_payments_new (id, sale_id, method, amount, received, reference, bank_account_id, due_date)
    SELECT id, sale_id, method, amount, received, reference, bank_account_id, due_date FROM sale_payments;
DROP TABLE sale_payments;
ALTER TABLE sale_payments_new RENAME TO sale_payments;
CREATE INDEX sale_payments_sale ON sale_payments (sale_id);

CREATE TABLE collection_receipts_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    number BIGINT NOT NULL,
    idempotency_key TEXT NOT NULL,
    client_id BIGINT NOT NULL REFERENCES clients (id),
    user_id BIGINT NOT NULL REFERENCES users (id),
    method TEXT NOT NULL CHECK (method IN ('cash', 'transfer', 'card', 'debit', 'cheque')),
    amount BIGINT NOT NULL CHECK (amount > 0),
    applied BIGINT NOT NULL CHECK (applied >= 0),
    bank_account_id BIGINT REFERENCES bank_accounts (id),
    reference TEXT,
    turn_id BIGINT REFERENCES turns (id),
    created_at TIMESTAMP NOT NULL,
    reversed_at TIMESTAMP,
    reversed_by BIGINT REFERENCES users (id),
    reversal_reason TEXT,
    UNIQUE (company_id, number),
    UNIQUE (company_id, idempotency_key)
);
INSERT INTO collection_receipts_new (id, company_id, number, idempotency_key, client_id, user_id, method, amount, applied, bank_account_id, reference, turn_id, created_at, reversed_at, reversed_by, reversal_reason)
    SELECT id, company_id, number, idempotency_key, client_id, user_id, method, amount, applied, bank_account_id, reference, turn_id, created_at, reversed_at, reversed_by, reversal_reason FROM collection_receipts;
DROP TABLE collection_receipts;
ALTER TABLE collection_receipts_new RENAME TO collection_receipts;
CREATE INDEX collection_receipts_client ON collection_receipts (company_id, client_id, created_at);
COMMIT;
PRAGMA foreign_keys = ON;
