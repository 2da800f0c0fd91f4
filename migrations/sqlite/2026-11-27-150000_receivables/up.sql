-- Receivables (cuentas por cobrar, issue 25): collections with their numbered receipts and how
-- each receipt was spread over the client's receivables. A receipt is never deleted: a reversal
-- marks it (reversed_at, reason, user) and restores the balances.

-- Counters numbered per company (not per emission point): collection receipts.
CREATE TABLE company_sequences (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    doc_type TEXT NOT NULL,
    last_number BIGINT NOT NULL,
    UNIQUE (company_id, doc_type)
);

-- A collection (cobro): the money received, and what of it (plus the client's earlier credit)
-- went to receivables (applied). amount - applied is what the receipt adds to the client's credit
-- (saldo a favor; negative when it used earlier credit).
CREATE TABLE collection_receipts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    number BIGINT NOT NULL,
    idempotency_key TEXT NOT NULL,
    client_id BIGINT NOT NULL REFERENCES clients (id),
    user_id BIGINT NOT NULL REFERENCES users (id),
    method TEXT NOT NULL CHECK (method IN ('cash', 'transfer', 'card', 'cheque')),
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
CREATE INDEX collection_receipts_client ON collection_receipts (company_id, client_id, created_at);

CREATE TABLE collection_allocations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    receipt_id BIGINT NOT NULL REFERENCES collection_receipts (id),
    receivable_id BIGINT NOT NULL REFERENCES receivables (id),
    amount BIGINT NOT NULL CHECK (amount > 0)
);
CREATE INDEX collection_allocations_receipt ON collection_allocations (receipt_id);
CREATE INDEX collection_allocations_receivable ON collection_allocations (receivable_id);
CREATE INDEX receivables_due ON receivables (company_id, due_date);

-- Collections by transfer, card or cheque land in a bank account, and their reversals take the
-- money back out: two more kinds of bank movement. SQLite cannot change a CHECK, so the table is
-- built again with the same rows (nothing references bank_movements).
CREATE TABLE bank_movements_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    bank_account_id BIGINT NOT NULL REFERENCES bank_accounts (id),
    kind TEXT NOT NULL CHECK (kind IN ('opening', 'shift_deposit', 'transfer_in', 'transfer_out',
        'card_settlement', 'manual', 'collection', 'collection_reversal')),
    amount BIGINT NOT NULL,
    description TEXT NOT NULL,
    turn_id BIGINT REFERENCES turns (id),
    created_by BIGINT REFERENCES users (id),
    created_at TIMESTAMP NOT NULL
);
INSERT INTO bank_movements_new SELECT id, company_id, bank_account_id, kind, amount, description,
    turn_id, created_by, created_at FROM bank_movements;
DROP TABLE bank_movements;
ALTER TABLE bank_movements_new RENAME TO bank_movements;
CREATE INDEX bank_movements_account ON bank_movements (bank_account_id, id);
