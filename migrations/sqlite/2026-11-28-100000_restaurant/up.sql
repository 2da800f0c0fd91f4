-- Restaurant (issue 26): zones and tables of a branch with their place on the floor plan,
-- reservations of tables, orders (at a table, at the counter, for delivery) with their items sent
-- to the kitchen in rounds, and the event log the kitchen screens follow across app servers.
-- Money is not stored here: an order is billed by the sales service, which prices it then.

-- The kitchen station of a category's products (cocina, bar…): where their order items go.
ALTER TABLE categories ADD COLUMN station TEXT NOT NULL DEFAULT 'cocina';

CREATE TABLE restaurant_zones (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    branch_office_id BIGINT NOT NULL REFERENCES branch_offices (id),
    name TEXT NOT NULL,
    active BOOLEAN NOT NULL DEFAULT 1,
    locked BOOLEAN NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX restaurant_zones_branch ON restaurant_zones (company_id, branch_office_id);

-- x, y: the table's top-left corner on the floor plan, in plan units (0..1000).
CREATE TABLE restaurant_tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    branch_office_id BIGINT NOT NULL REFERENCES branch_offices (id),
    zone_id BIGINT NOT NULL REFERENCES restaurant_zones (id),
    name TEXT NOT NULL,
    seats INTEGER NOT NULL,
    shape TEXT NOT NULL DEFAULT 'square',
    x INTEGER NOT NULL DEFAULT 0,
    y INTEGER NOT NULL DEFAULT 0,
    active BOOLEAN NOT NULL DEFAULT 1,
    locked BOOLEAN NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX restaurant_tables_zone ON restaurant_tables (company_id, zone_id);

-- starts_at / ends_at: UTC, like every timestamp; state: reservada, llego, finalizada, no_llego,
-- cancelada.
CREATE TABLE restaurant_reservations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    branch_office_id BIGINT NOT NULL REFERENCES branch_offices (id),
    client_name TEXT NOT NULL,
    phone TEXT NOT NULL,
    starts_at TIMESTAMP NOT NULL,
    ends_at TIMESTAMP NOT NULL,
    people INTEGER NOT NULL,
    notes TEXT,
    state TEXT NOT NULL DEFAULT 'reservada',
    locked BOOLEAN NOT NULL DEFAULT 0,
    user_id BIGINT NOT NULL REFERENCES users (id),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX restaurant_reservations_time ON restaurant_reservations (company_id, starts_at);

CREATE TABLE restaurant_reservation_tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    reservation_id BIGINT NOT NULL REFERENCES restaurant_reservations (id),
    table_id BIGINT NOT NULL REFERENCES restaurant_tables (id)
);
CREATE INDEX restaurant_reservation_tables_table ON restaurant_reservation_tables (company_id, table_id);
CREATE INDEX restaurant_reservation_tables_reservation ON restaurant_reservation_tables (reservation_id);

-- kind: table, express, delivery; state: open, billed, cancelled. number: per company, the
-- number called at the counter. bill_requested: the table asked for the bill (state «cuenta»).
CREATE TABLE restaurant_orders (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    branch_office_id BIGINT NOT NULL REFERENCES branch_offices (id),
    number BIGINT NOT NULL,
    kind TEXT NOT NULL,
    table_id BIGINT REFERENCES restaurant_tables (id),
    client_id BIGINT REFERENCES clients (id),
    delivery_name TEXT,
    delivery_phone TEXT,
    delivery_address TEXT,
    delivery_reference TEXT,
    delivery_expected_at TIMESTAMP,
    state TEXT NOT NULL DEFAULT 'open',
    bill_requested BOOLEAN NOT NULL DEFAULT 0,
    rounds INTEGER NOT NULL DEFAULT 0,
    user_id BIGINT NOT NULL REFERENCES users (id),
    closed_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX restaurant_orders_open ON restaurant_orders (company_id, state);
-- One open order per table: a second waiter opening the same table fails on this index.
CREATE UNIQUE INDEX restaurant_orders_table_open ON restaurant_orders (table_id) WHERE state = 'open';

-- quantity: micro-units (like sales lines); modifiers: JSON array of strings; state: pendiente,
-- preparando, listo, entregado, anulado; sale_id: the sale that billed the item.
CREATE TABLE restaurant_order_items (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    order_id BIGINT NOT NULL REFERENCES restaurant_orders (id),
    product_id BIGINT NOT NULL REFERENCES products (id),
    name TEXT NOT NULL,
    quantity BIGINT NOT NULL,
    notes TEXT,
    modifiers TEXT NOT NULL DEFAULT '[]',
    station TEXT NOT NULL,
    round INTEGER NOT NULL,
    state TEXT NOT NULL DEFAULT 'pendiente',
    void_reason TEXT,
    voided_by BIGINT REFERENCES users (id),
    voided_at TIMESTAMP,
    sale_id BIGINT REFERENCES sales (id),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX restaurant_order_items_order ON restaurant_order_items (company_id, order_id);
CREATE INDEX restaurant_order_items_kitchen ON restaurant_order_items (company_id, state);

-- What kitchen and floor screens follow: seq is per company, taken under the company's counter
-- lock (company_sequences) in the writing transaction, so events commit in seq order and a
-- screen that resumes after seq N misses nothing. payload: JSON naming the order and the change.
CREATE TABLE restaurant_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    branch_office_id BIGINT NOT NULL REFERENCES branch_offices (id),
    seq BIGINT NOT NULL,
    order_id BIGINT REFERENCES restaurant_orders (id),
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX restaurant_events_seq ON restaurant_events (company_id, seq);
