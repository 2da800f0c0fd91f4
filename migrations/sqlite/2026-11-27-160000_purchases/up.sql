-- Purchases: suppliers, the purchases themselves (merchandise, expenses, manual) with their lines,
-- and what is owed to suppliers (payables) with its payments. A purchase is never deleted: a
-- cancellation marks it and posts linked reversals (stock out, money back, payable cancelled).
CREATE TABLE suppliers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    id_type TEXT NOT NULL,
    identification TEXT NOT NULL,
    name TEXT NOT NULL,
    trade_name TEXT,
    email TEXT,
    phone TEXT,
    credit_days INTEGER NOT NULL DEFAULT 0,
    active BOOLEAN NOT NULL DEFAULT 1,
    locked BOOLEAN NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX suppliers_identification ON suppliers (company_id, identification);
CREATE INDEX suppliers_company_name ON suppliers (company_id, name);

CREATE TABLE purchases (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    branch_office_id BIGINT NOT NULL REFERENCES branch_offices (id),
    kind TEXT NOT NULL CHECK (kind IN ('merchandise', 'expense', 'manual')),
    idempotency_key TEXT NOT NULL,
    supplier_id BIGINT NOT NULL REFERENCES suppliers (id),
    document_number TEXT,
    authorization_number TEXT,
    date DATE NOT NULL,
    warehouse_id BIGINT REFERENCES warehouses (id),
    category TEXT,
    subtotal BIGINT NOT NULL,
    discount BIGINT NOT NULL,
    iva BIGINT NOT NULL,
    total BIGINT NOT NULL,
    payment_method TEXT NOT NULL CHECK (payment_method IN ('cash', 'bank', 'credit')),
    bank_account_id BIGINT REFERENCES bank_accounts (id),
    turn_id BIGINT REFERENCES turns (id),
    cancelled BOOLEAN NOT NULL DEFAULT 0,
    cancel_reason TEXT,
    cancelled_by BIGINT REFERENCES users (id),
    cancelled_at TIMESTAMP,
    user_id BIGINT NOT NULL REFERENCES users (id),
    created_at TIMESTAMP NOT NULL
);
-- A supplier's document is registered once (also when two users register it at once); a
-- cancelled purchase frees its number.
CREATE UNIQUE INDEX purchases_supplier_document ON purchases (company_id, supplier_id, document_number)
    WHERE cancelled = 0 AND document_number IS NOT NULL;
CREATE UNIQUE INDEX purchases_key ON purchases (company_id, idempotency_key);
CREATE INDEX purchases_company ON purchases (company_id, kind, date);

-- Lines: a product (merchandise) or a free text (manual, expense); amounts in millionths.
CREATE TABLE purchase_lines (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    purchase_id BIGINT NOT NULL REFERENCES purchases (id),
    product_id BIGINT REFERENCES products (id),
    description TEXT NOT NULL,
    quantity BIGINT NOT NULL,
    unit_cost BIGINT NOT NULL,
    discount BIGINT NOT NULL,
    iva_code TEXT NOT NULL,
    net BIGINT NOT NULL,
    stock_cost BIGINT NOT NULL
);
CREATE INDEX purchase_lines_purchase ON purchase_lines (purchase_id);

CREATE TABLE payables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    supplier_id BIGINT NOT NULL REFERENCES suppliers (id),
    purchase_id BIGINT NOT NULL UNIQUE REFERENCES purchases (id),
    amount BIGINT NOT NULL CHECK (amount > 0),
    balance BIGINT NOT NULL CHECK (balance >= 0),
    issue_date DATE NOT NULL,
    due_date DATE NOT NULL,
    cancelled BOOLEAN NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX payables_company ON payables (company_id, supplier_id, due_date);

CREATE TABLE payable_payments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    payable_id BIGINT NOT NULL REFERENCES payables (id),
    method TEXT NOT NULL CHECK (method IN ('cash', 'bank')),
    amount BIGINT NOT NULL CHECK (amount > 0),
    bank_account_id BIGINT REFERENCES bank_accounts (id),
    turn_id BIGINT REFERENCES turns (id),
    user_id BIGINT NOT NULL REFERENCES users (id),
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX payable_payments_payable ON payable_payments (payable_id, id);
