DROP TRIGGER products_fts_update;
DROP TRIGGER products_fts_delete;
DROP TRIGGER products_fts_insert;
DROP TABLE products_fts;
