DROP INDEX IF EXISTS products_search_trgm;
