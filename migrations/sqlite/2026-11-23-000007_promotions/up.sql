-- Promotions of each company: a percentage or a fixed discount per unit, or "lleve N pague M",
-- on some products or on a category, valid between two dates, on some weekdays (ISO, Monday = 1)
-- and optionally between two hours (Ecuador time; time_from > time_to wraps past midnight).
-- value: percent in millionths of a percent unit (10 % = 10000000) or USD per unit in micros.
CREATE TABLE promotions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    value BIGINT NOT NULL DEFAULT 0,
    buy_n INTEGER NOT NULL DEFAULT 0,
    pay_m INTEGER NOT NULL DEFAULT 0,
    target TEXT NOT NULL,
    category_id BIGINT REFERENCES categories (id),
    starts_on DATE NOT NULL,
    ends_on DATE,
    weekdays TEXT NOT NULL DEFAULT '1234567',
    time_from TEXT,
    time_to TEXT,
    active BOOLEAN NOT NULL DEFAULT 1,
    locked BOOLEAN NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX promotions_company_active ON promotions (company_id, active, starts_on);
CREATE INDEX promotions_company_name ON promotions (company_id, name);

-- The products of a promotion with target 'products' (a deleted product leaves its promotions).
CREATE TABLE promotion_products (
    promotion_id BIGINT NOT NULL REFERENCES promotions (id) ON DELETE CASCADE,
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    PRIMARY KEY (promotion_id, product_id)
);
CREATE INDEX promotion_products_product ON promotion_products (company_id, product_id);
