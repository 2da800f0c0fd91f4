-- Sales: the document numbering of every emission point, sales notes with their lines and
-- payments, receivables of credit sales, quotes and internal credit notes.
-- Money, quantities and unit prices in millionths (BIGINT), as everywhere.

-- The last number given per (emission point, document type). Taken under the row's lock inside
-- the document's own transaction, so numbers never repeat and never skip.
CREATE TABLE document_sequences (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    emission_point_id BIGINT NOT NULL REFERENCES emission_points (id),
    doc_type TEXT NOT NULL,
    last_number BIGINT NOT NULL DEFAULT 0,
    UNIQUE (emission_point_id, doc_type)
);

-- A sales note (nota de venta). Never updated or deleted: a credit note cancels it.
CREATE TABLE sales (
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
CREATE INDEX sales_branch ON sales (company_id, branch_office_id, created_at);
CREATE INDEX sales_client ON sales (company_id, client_id);

CREATE TABLE sale_lines (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sale_id BIGINT NOT NULL REFERENCES sales (id),
    position INTEGER NOT NULL,
    product_id BIGINT NOT NULL REFERENCES products (id),
    code TEXT NOT NULL,
    name TEXT NOT NULL,
    unit TEXT NOT NULL,
    quantity BIGINT NOT NULL,
    unit_price BIGINT NOT NULL,
    discount BIGINT NOT NULL,
    promotion_id BIGINT,
    promotion_name TEXT,
    promotion_discount BIGINT NOT NULL DEFAULT 0,
    iva_code TEXT NOT NULL,
    iva_rate INTEGER NOT NULL,
    net BIGINT NOT NULL,
    iva BIGINT NOT NULL,
    unit_cost BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX sale_lines_sale ON sale_lines (sale_id, position);

CREATE TABLE sale_payments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sale_id BIGINT NOT NULL REFERENCES sales (id),
    method TEXT NOT NULL CHECK (method IN ('cash', 'card', 'transfer', 'credit')),
    amount BIGINT NOT NULL CHECK (amount > 0),
    received BIGINT,
    reference TEXT,
    bank_account_id BIGINT REFERENCES bank_accounts (id),
    due_date DATE
);
CREATE INDEX sale_payments_sale ON sale_payments (sale_id);

-- What a client owes for a credit sale; credit notes (and later collections) lower the balance.
CREATE TABLE receivables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    client_id BIGINT NOT NULL REFERENCES clients (id),
    sale_id BIGINT NOT NULL REFERENCES sales (id),
    amount BIGINT NOT NULL,
    balance BIGINT NOT NULL CHECK (balance >= 0),
    due_date DATE NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX receivables_client ON receivables (company_id, client_id);
CREATE INDEX receivables_sale ON receivables (sale_id);

-- A quote (cotización): never moves stock.
CREATE TABLE quotes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    branch_office_id BIGINT NOT NULL REFERENCES branch_offices (id),
    number BIGINT NOT NULL,
    client_id BIGINT NOT NULL REFERENCES clients (id),
    user_id BIGINT NOT NULL REFERENCES users (id),
    valid_until DATE NOT NULL,
    note TEXT,
    gross BIGINT NOT NULL,
    discount BIGINT NOT NULL,
    subtotal BIGINT NOT NULL,
    iva BIGINT NOT NULL,
    total BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (branch_office_id, number)
);
CREATE INDEX quotes_company ON quotes (company_id, branch_office_id, created_at);

CREATE TABLE quote_lines (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    quote_id BIGINT NOT NULL REFERENCES quotes (id),
    position INTEGER NOT NULL,
    product_id BIGINT NOT NULL REFERENCES products (id),
    code TEXT NOT NULL,
    name TEXT NOT NULL,
    unit TEXT NOT NULL,
    quantity BIGINT NOT NULL,
    unit_price BIGINT NOT NULL,
    discount BIGINT NOT NULL,
    promotion_id BIGINT,
    promotion_name TEXT,
    promotion_discount BIGINT NOT NULL DEFAULT 0,
    iva_code TEXT NOT NULL,
    iva_rate INTEGER NOT NULL,
    net BIGINT NOT NULL,
    iva BIGINT NOT NULL
);
CREATE INDEX quote_lines_quote ON quote_lines (quote_id, position);

-- An internal credit note against a sales note: returns goods and refunds cash or lowers the
-- receivable. Its own sequence per emission point.
CREATE TABLE credit_notes (
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
CREATE INDEX credit_notes_sale ON credit_notes (sale_id);
CREATE INDEX credit_notes_company ON credit_notes (company_id, branch_office_id, created_at);

CREATE TABLE credit_note_lines (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    credit_note_id BIGINT NOT NULL REFERENCES credit_notes (id),
    sale_line_id BIGINT NOT NULL REFERENCES sale_lines (id),
    product_id BIGINT NOT NULL REFERENCES products (id),
    quantity BIGINT NOT NULL CHECK (quantity > 0),
    net BIGINT NOT NULL,
    iva BIGINT NOT NULL
);
CREATE INDEX credit_note_lines_note ON credit_note_lines (credit_note_id);
CREATE INDEX credit_note_lines_sale_line ON credit_note_lines (sale_line_id);
