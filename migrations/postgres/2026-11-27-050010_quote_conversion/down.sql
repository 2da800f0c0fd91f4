ALTER TABLE quotes DROP COLUMN sale_id;
