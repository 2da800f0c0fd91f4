-- Lector .SRI look-ups of a large report run as a job: the report's access keys in order (JSON
-- `[[line, key], …]`), how far the job got (`processed`: every key before it was answered), its
-- problems (JSON `[{line, message}, …]`, the first ones) and a lease, so another server (or the
-- same one after a restart) continues a job whose server stopped.
CREATE TABLE lector_jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    user_id BIGINT REFERENCES users (id),
    file_name TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed')),
    total BIGINT NOT NULL,
    processed BIGINT NOT NULL,
    found BIGINT NOT NULL,
    keys TEXT NOT NULL,
    errors TEXT NOT NULL,
    error_count BIGINT NOT NULL,
    lease_until TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX lector_jobs_company ON lector_jobs (company_id, id);
CREATE INDEX lector_jobs_running ON lector_jobs (status, lease_until);

-- E-mails sent on a user's request (documents, statements) are limited per user and per company
-- (SQLite cannot change a CHECK constraint: the table is rebuilt).
CREATE TABLE login_failures_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    scope TEXT NOT NULL CHECK (scope IN ('account', 'ip', 'account_ip', 'mail_account', 'mail_ip', 'mail_user', 'mail_company')),
    key TEXT NOT NULL,
    failed_at TIMESTAMP NOT NULL
);
INSERT INTO login_failures_new (id, scope, key, failed_at)
    SELECT id, scope, key, failed_at FROM login_failures;
DROP TABLE login_failures;
ALTER TABLE login_failures_new RENAME TO login_failures;
CREATE INDEX login_failures_key ON login_failures (scope, key, failed_at);
