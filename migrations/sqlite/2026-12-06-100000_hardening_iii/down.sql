DROP TABLE lector_jobs;
CREATE TABLE login_failures_old (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    scope TEXT NOT NULL CHECK (scope IN ('account', 'ip', 'account_ip', 'mail_account', 'mail_ip')),
    key TEXT NOT NULL,
    failed_at TIMESTAMP NOT NULL
);
INSERT INTO login_failures_old (id, scope, key, failed_at)
    SELECT id, scope, key, failed_at FROM login_failures
    WHERE scope IN ('account', 'ip', 'account_ip', 'mail_account', 'mail_ip');
DROP TABLE login_failures;
ALTER TABLE login_failures_old RENAME TO login_failures;
CREATE INDEX login_failures_key ON login_failures (scope, key, failed_at);
