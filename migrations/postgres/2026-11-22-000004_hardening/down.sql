DELETE FROM login_failures WHERE scope NOT IN ('account', 'ip');
ALTER TABLE login_failures DROP CONSTRAINT login_failures_scope_check;
ALTER TABLE login_failures ADD CONSTRAINT login_failures_scope_check CHECK (scope IN ('account', 'ip'));
DROP TABLE server_secrets;
