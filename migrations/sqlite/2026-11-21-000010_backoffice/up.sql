-- Back-office shell: per-user theme, company logo, branch locking, emission points, product
-- categories, holidays and licences.

ALTER TABLE users ADD COLUMN theme TEXT NOT NULL DEFAULT 'light' CHECK (theme IN ('light', 'dark'));
ALTER TABLE users ADD COLUMN primary_color TEXT NOT NULL DEFAULT 'green';

ALTER TABLE companies ADD COLUMN logo BLOB;
ALTER TABLE companies ADD COLUMN logo_content_type TEXT;

ALTER TABLE branch_offices ADD COLUMN locked BOOLEAN NOT NULL DEFAULT 0;

-- Puntos de emisión of a branch (SRI `ptoEmi`, code `001`…).
CREATE TABLE emission_points (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    branch_office_id BIGINT NOT NULL REFERENCES branch_offices (id),
    code TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    active BOOLEAN NOT NULL DEFAULT 1,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (branch_office_id, code)
);

CREATE TABLE categories (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    name TEXT NOT NULL,
    parent_id BIGINT REFERENCES categories (id),
    active BOOLEAN NOT NULL DEFAULT 1,
    locked BOOLEAN NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX categories_company ON categories (company_id, name);

CREATE TABLE holidays (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    date DATE NOT NULL,
    name TEXT NOT NULL,
    locked BOOLEAN NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (company_id, date)
);

-- A company's licence; the newest row is the one in force. Created by the platform operator.
CREATE TABLE licences (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    plan TEXT NOT NULL,
    valid_until DATE NOT NULL,
    users_allowed INTEGER NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX licences_company ON licences (company_id, id);
