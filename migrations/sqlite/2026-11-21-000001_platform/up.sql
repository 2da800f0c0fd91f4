-- Platform tables: companies, branch offices, users and their sessions, e-mail tokens, the e-mail
-- outbox and the login-failure log used for throttling. Timestamps are UTC.

CREATE TABLE companies (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ruc TEXT NOT NULL UNIQUE,
    business_name TEXT NOT NULL,
    trade_name TEXT,
    main_address TEXT NOT NULL DEFAULT '',
    type_regimen TEXT NOT NULL DEFAULT '1' CHECK (type_regimen IN ('1', '2', '3')),
    accounting_required BOOLEAN NOT NULL DEFAULT 0,
    special_taxpayer TEXT,
    is_ret BOOLEAN NOT NULL DEFAULT 0,
    retention_agent_resolution TEXT,
    sri_environment TEXT NOT NULL DEFAULT 'pruebas' CHECK (sri_environment IN ('pruebas', 'produccion')),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE branch_offices (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    code TEXT NOT NULL,
    name TEXT NOT NULL,
    address TEXT NOT NULL DEFAULT '',
    phone TEXT,
    active BOOLEAN NOT NULL DEFAULT 1,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (company_id, code)
);

CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT REFERENCES companies (id),
    email TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    role TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('admin', 'user', 'cashier')),
    is_email_verified BOOLEAN NOT NULL DEFAULT 0,
    locked BOOLEAN NOT NULL DEFAULT 0,
    default_menu TEXT,
    selected_branch_office_id BIGINT REFERENCES branch_offices (id),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX users_company ON users (company_id);

-- branchOfficesAccess: the branches a user may work in.
CREATE TABLE user_branch_offices (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    branch_office_id BIGINT NOT NULL REFERENCES branch_offices (id),
    PRIMARY KEY (user_id, branch_office_id)
);

-- Only the SHA-256 of a session token is stored, so a database leak does not leak sessions.
CREATE TABLE sessions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    token_hash TEXT NOT NULL UNIQUE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    last_seen_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    ip TEXT,
    user_agent TEXT
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE email_tokens (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    token_hash TEXT NOT NULL UNIQUE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose TEXT NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP
);

-- Every e-mail is written here in the same transaction as the change that causes it; a worker
-- delivers it (SMTP) and marks it sent. `locked_until` is a lease so several servers can share it.
CREATE TABLE email_outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    to_address TEXT NOT NULL,
    subject TEXT NOT NULL,
    body_text TEXT NOT NULL,
    body_html TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    locked_until TIMESTAMP,
    sent_at TIMESTAMP
);
CREATE INDEX email_outbox_pending ON email_outbox (sent_at, locked_until);

-- Failed sign-ins, by account (e-mail) and by client address, for throttling.
CREATE TABLE login_failures (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    scope TEXT NOT NULL CHECK (scope IN ('account', 'ip')),
    key TEXT NOT NULL,
    failed_at TIMESTAMP NOT NULL
);
CREATE INDEX login_failures_key ON login_failures (scope, key, failed_at);
