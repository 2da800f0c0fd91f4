-- Accent- and case-insensitive search (server/db/search.rs): search_fold(text) lower-cases and
-- replaces accented letters by their base letter. SQLite registers the same function on every
-- connection; a unit test checks that both use the same table of letters.
CREATE OR REPLACE FUNCTION search_fold(text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT translate(lower($1), 'áàâäãåéèêëíìîïıóòôöõúùûüñçýÿÁÀÂÄÃÅÉÈÊËÍÌÎÏİÓÒÔÖÕÚÙÛÜÑÇÝ', 'aaaaaaeeeeiiiiiooooouuuuncyyaaaaaaeeeeiiiiiooooouuuuncy') $$;
