DROP INDEX kardex_document;
