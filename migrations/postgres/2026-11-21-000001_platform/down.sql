DROP TABLE login_failures;
DROP TABLE email_outbox;
DROP TABLE email_tokens;
DROP TABLE sessions;
DROP TABLE user_branch_offices;
DROP TABLE users;
DROP TABLE branch_offices;
DROP TABLE companies;
