-- Secrets the server makes once and every app server shares (the CSRF signing key).
CREATE TABLE server_secrets (
    name TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);

-- Throttling counts failures per (account, address) pair and limits e-mails sent on request
-- (SQLite cannot change a CHECK constraint: the table is rebuilt).
CREATE TABLE login_failures_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    scope TEXT NOT NULL CHECK (scope IN ('account', 'ip', 'account_ip', 'mail_account', 'mail_ip')),
    key TEXT NOT NULL,
    failed_at TIMESTAMP NOT NULL
);
INSERT INTO login_failures_new (id, scope, key, failed_at)
    SELECT id, scope, key, failed_at FROM login_failures;
DROP TABLE login_failures;
ALTER TABLE login_failures_new RENAME TO login_failures;
CREATE INDEX login_failures_key ON login_failures (scope, key, failed_at);
