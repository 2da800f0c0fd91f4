-- Substring search over large catalogues: a trigram index that PostgreSQL uses for
-- `search_text LIKE '%term%'` itself. pg_trgm ships with PostgreSQL (contrib) and is a trusted
-- extension. It is installed once per database, in the schema `extensions` unless it is there
-- already (several app schemas may share a database); where it is missing or may not be created,
-- searches keep working without the index.
DO $$
DECLARE
    trgm_schema text;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
        RAISE NOTICE 'pg_trgm no disponible: la búsqueda de productos recorre la tabla';
        RETURN;
    END IF;
    BEGIN
        CREATE SCHEMA IF NOT EXISTS extensions;
        CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA extensions;
    EXCEPTION WHEN unique_violation OR duplicate_object THEN
        NULL; -- created at the same moment by another schema's migration
    END;
    SELECT n.nspname INTO trgm_schema
        FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
        WHERE e.extname = 'pg_trgm';
    EXECUTE format(
        'CREATE INDEX products_search_trgm ON products USING gin (search_text %I.gin_trgm_ops)',
        trgm_schema
    );
EXCEPTION WHEN insufficient_privilege THEN
    RAISE NOTICE 'sin permiso para crear pg_trgm: la búsqueda de productos recorre la tabla';
END
$$;
