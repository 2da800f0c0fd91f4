-- Inventory: products with barcodes and recipe lines, warehouses (one default per branch), stock
-- per product and warehouse at weighted average cost, the append-only kardex, adjustments and
-- transfers. Quantities, costs and money are BIGINT millionths (server/domain/money.rs).

ALTER TABLE companies ADD COLUMN allow_negative_stock BOOLEAN NOT NULL DEFAULT 0;

CREATE TABLE warehouses (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    branch_office_id BIGINT NOT NULL REFERENCES branch_offices (id),
    name TEXT NOT NULL,
    is_default BOOLEAN NOT NULL DEFAULT 0,
    active BOOLEAN NOT NULL DEFAULT 1,
    locked BOOLEAN NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX warehouses_company ON warehouses (company_id, branch_office_id, name);
-- One default warehouse per branch.
CREATE UNIQUE INDEX warehouses_default ON warehouses (branch_office_id) WHERE is_default;

-- Every existing branch gets its default warehouse (new ones get it from BranchOffice::insert).
INSERT INTO warehouses (company_id, branch_office_id, name, is_default, active, locked, created_at, updated_at)
SELECT company_id, id, 'Bodega principal', 1, 1, 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP
FROM branch_offices;

CREATE TABLE products (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    code TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT,
    category_id BIGINT REFERENCES categories (id),
    unit TEXT NOT NULL,
    iva_code TEXT NOT NULL,
    price BIGINT NOT NULL,
    price2 BIGINT,
    price3 BIGINT,
    min_stock BIGINT NOT NULL DEFAULT 0,
    kind TEXT NOT NULL CHECK (kind IN ('product', 'service', 'ingredient', 'recipe')),
    -- Code and name folded for searching (server/db/search.rs), kept by the model.
    search_text TEXT NOT NULL,
    active BOOLEAN NOT NULL DEFAULT 1,
    locked BOOLEAN NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (company_id, code)
);
CREATE INDEX products_company_name ON products (company_id, name);
-- Narrow enough that counting a search scans the index, not the rows.
CREATE INDEX products_search ON products (company_id, search_text);

CREATE TABLE product_barcodes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    barcode TEXT NOT NULL,
    UNIQUE (company_id, barcode)
);
CREATE INDEX product_barcodes_product ON product_barcodes (product_id);

CREATE TABLE recipe_lines (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    ingredient_id BIGINT NOT NULL REFERENCES products (id),
    quantity BIGINT NOT NULL
);
CREATE INDEX recipe_lines_product ON recipe_lines (product_id);

CREATE TABLE stocks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    product_id BIGINT NOT NULL REFERENCES products (id),
    warehouse_id BIGINT NOT NULL REFERENCES warehouses (id),
    quantity BIGINT NOT NULL DEFAULT 0,
    average_cost BIGINT NOT NULL DEFAULT 0,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (product_id, warehouse_id)
);
CREATE INDEX stocks_warehouse ON stocks (warehouse_id, product_id);

-- Append-only: rows are never updated or deleted; a correction is a new movement.
CREATE TABLE kardex (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    product_id BIGINT NOT NULL REFERENCES products (id),
    warehouse_id BIGINT NOT NULL REFERENCES warehouses (id),
    created_at TIMESTAMP NOT NULL,
    movement_type TEXT NOT NULL CHECK (movement_type IN ('opening', 'purchase', 'sale',
        'sale_return', 'adjustment_in', 'adjustment_out', 'transfer_out', 'transfer_in', 'consumption')),
    document_type TEXT NOT NULL,
    document_id BIGINT,
    document_number TEXT,
    quantity_in BIGINT NOT NULL,
    quantity_out BIGINT NOT NULL,
    unit_cost BIGINT NOT NULL,
    total_cost BIGINT NOT NULL,
    balance_quantity BIGINT NOT NULL,
    average_cost BIGINT NOT NULL,
    balance_value BIGINT NOT NULL,
    user_id BIGINT REFERENCES users (id)
);
CREATE INDEX kardex_product ON kardex (company_id, product_id, warehouse_id, created_at, id);
CREATE INDEX kardex_recent ON kardex (company_id, id);

CREATE TABLE adjustments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    branch_office_id BIGINT NOT NULL REFERENCES branch_offices (id),
    number BIGINT NOT NULL,
    date TIMESTAMP NOT NULL,
    warehouse_id BIGINT NOT NULL REFERENCES warehouses (id),
    mode TEXT NOT NULL CHECK (mode IN ('lines', 'count')),
    reason TEXT NOT NULL,
    note TEXT,
    user_id BIGINT REFERENCES users (id),
    created_at TIMESTAMP NOT NULL,
    UNIQUE (branch_office_id, number)
);
CREATE INDEX adjustments_company ON adjustments (company_id, date);

CREATE TABLE adjustment_lines (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    adjustment_id BIGINT NOT NULL REFERENCES adjustments (id),
    product_id BIGINT NOT NULL REFERENCES products (id),
    quantity BIGINT NOT NULL,
    unit_cost BIGINT NOT NULL
);
CREATE INDEX adjustment_lines_adjustment ON adjustment_lines (adjustment_id);

CREATE TABLE transfers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    branch_office_id BIGINT NOT NULL REFERENCES branch_offices (id),
    number BIGINT NOT NULL,
    date TIMESTAMP NOT NULL,
    from_warehouse_id BIGINT NOT NULL REFERENCES warehouses (id),
    to_warehouse_id BIGINT NOT NULL REFERENCES warehouses (id),
    reason TEXT NOT NULL,
    note TEXT,
    carrier_name TEXT,
    carrier_identification TEXT,
    plate TEXT,
    start_date DATE,
    end_date DATE,
    origin_address TEXT,
    destination_address TEXT,
    user_id BIGINT REFERENCES users (id),
    created_at TIMESTAMP NOT NULL,
    UNIQUE (branch_office_id, number)
);
CREATE INDEX transfers_company ON transfers (company_id, date);

CREATE TABLE transfer_lines (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    transfer_id BIGINT NOT NULL REFERENCES transfers (id),
    product_id BIGINT NOT NULL REFERENCES products (id),
    quantity BIGINT NOT NULL,
    unit_cost BIGINT NOT NULL
);
CREATE INDEX transfer_lines_transfer ON transfer_lines (transfer_id);

-- Bulk product imports (/subida): progress and row errors of each uploaded file.
CREATE TABLE import_jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    user_id BIGINT REFERENCES users (id),
    file_name TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed')),
    total BIGINT NOT NULL,
    processed BIGINT NOT NULL,
    created BIGINT NOT NULL,
    updated BIGINT NOT NULL,
    errors TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
