-- search_fold(text) is registered by the server on every SQLite connection (server/db/search.rs);
-- this folder keeps both migration trees with the same names.
SELECT 1;
