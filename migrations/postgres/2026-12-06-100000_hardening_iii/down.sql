DROP TABLE lector_jobs;
DELETE FROM login_failures WHERE scope IN ('mail_user', 'mail_company');
ALTER TABLE login_failures DROP CONSTRAINT login_failures_scope_check;
ALTER TABLE login_failures ADD CONSTRAINT login_failures_scope_check
    CHECK (scope IN ('account', 'ip', 'account_ip', 'mail_account', 'mail_ip'));
