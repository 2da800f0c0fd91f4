-- Lector .SRI: the electronic documents a company received (read from the SRI's report, an
-- authorized XML or a ZIP of them, or fetched from the SRI by access key), which of them were
-- imported as purchases, and the supplier product codes mapped to the company's products.
CREATE TABLE received_documents (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    access_key TEXT NOT NULL,
    doc_type TEXT NOT NULL,
    issuer_ruc TEXT NOT NULL,
    issuer_name TEXT NOT NULL,
    number TEXT NOT NULL,
    issue_date DATE NOT NULL,
    total BIGINT NOT NULL,
    xml TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX received_documents_key ON received_documents (company_id, access_key);

-- One import per access key and company: two users importing at once cannot both succeed.
CREATE TABLE received_imports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    access_key TEXT NOT NULL,
    purchase_id BIGINT NOT NULL REFERENCES purchases (id),
    user_id BIGINT NOT NULL REFERENCES users (id),
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX received_imports_key ON received_imports (company_id, access_key);

-- A supplier's product code mapped to one of the company's products, remembered for next time.
CREATE TABLE supplier_product_mappings (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    supplier_id BIGINT NOT NULL REFERENCES suppliers (id),
    supplier_code TEXT NOT NULL,
    product_id BIGINT NOT NULL REFERENCES products (id),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX supplier_product_mappings_code
    ON supplier_product_mappings (company_id, supplier_id, supplier_code);
