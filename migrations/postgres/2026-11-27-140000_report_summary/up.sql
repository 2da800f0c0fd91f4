-- The sales report's summary (issue 24): what the sale transaction adds up as it commits, so the
-- report over 100,000 sales reads a few thousand rows instead of joining 500,000 lines and their
-- kardex exits. Every row is a sum over documents of one local day (the company's zone) of a
-- branch; a credit note adds its negative amounts (count 0) on its own date, under its sale's
-- cashier, register, client, products and payment methods. Written only by
-- services::reports::summary, in the transaction of the sale or the credit note; the existing
-- sales and credit notes are summed by that same code right after this migration
-- (db::migrations::run_pending), because the local day needs the IANA zone rules and the mixed
-- payments their split to the cent, neither of which SQLite's SQL has.

-- Per day, cashier, register (0: a credit sale without a shift) and client: the sale headers
-- (subtotal and IVA as the documents state them) and the kardex cost of their goods.
CREATE TABLE report_sales (
    company_id BIGINT NOT NULL REFERENCES companies (id),
    branch_office_id BIGINT NOT NULL,
    day DATE NOT NULL,
    user_id BIGINT NOT NULL,
    register_id BIGINT NOT NULL,
    client_id BIGINT NOT NULL,
    sales BIGINT NOT NULL,
    base BIGINT NOT NULL,
    iva BIGINT NOT NULL,
    cost BIGINT NOT NULL,
    PRIMARY KEY (company_id, branch_office_id, day, user_id, register_id, client_id)
);

-- Per day and product (with the category it had, 0 for none): the sold lines and the kardex
-- cost (a recipe's cost is its ingredients' rows). `sales` counts each sale once per product;
-- `category_sales` counts it once per category (on the row of the sale's first product of
-- that category), so both stay sums.
CREATE TABLE report_products (
    company_id BIGINT NOT NULL REFERENCES companies (id),
    branch_office_id BIGINT NOT NULL,
    day DATE NOT NULL,
    product_id BIGINT NOT NULL,
    category_id BIGINT NOT NULL,
    sales BIGINT NOT NULL,
    category_sales BIGINT NOT NULL,
    base BIGINT NOT NULL,
    iva BIGINT NOT NULL,
    cost BIGINT NOT NULL,
    PRIMARY KEY (company_id, branch_office_id, day, product_id, category_id)
);

-- Per day and payment method: each document's base, IVA and cost split over its sale's
-- payments to the cent (the last payment takes the rest).
CREATE TABLE report_methods (
    company_id BIGINT NOT NULL REFERENCES companies (id),
    branch_office_id BIGINT NOT NULL,
    day DATE NOT NULL,
    method TEXT NOT NULL,
    sales BIGINT NOT NULL,
    base BIGINT NOT NULL,
    iva BIGINT NOT NULL,
    cost BIGINT NOT NULL,
    PRIMARY KEY (company_id, branch_office_id, day, method)
);
