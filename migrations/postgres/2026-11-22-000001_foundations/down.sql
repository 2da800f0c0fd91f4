DROP FUNCTION IF EXISTS search_fold(text);
