-- Secrets the server makes once and every app server shares (the CSRF signing key).
CREATE TABLE server_secrets (
    name TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);

-- Throttling counts failures per (account, address) pair and limits e-mails sent on request.
ALTER TABLE login_failures DROP CONSTRAINT login_failures_scope_check;
ALTER TABLE login_failures ADD CONSTRAINT login_failures_scope_check
    CHECK (scope IN ('account', 'ip', 'account_ip', 'mail_account', 'mail_ip'));
