-- Substring search over large catalogues: a trigram full-text index of products.search_text (the
-- folded code and name). `search_text MATCH '"term"'` finds the rows containing the term without
-- reading every product; the table holds only the index (content='products'), kept in step by the
-- triggers below.
CREATE VIRTUAL TABLE products_fts USING fts5(
    search_text,
    content = 'products',
    content_rowid = 'id',
    tokenize = 'trigram'
);
INSERT INTO products_fts (products_fts) VALUES ('rebuild');

CREATE TRIGGER products_fts_insert AFTER INSERT ON products BEGIN
    INSERT INTO products_fts (rowid, search_text) VALUES (new.id, new.search_text);
END;
CREATE TRIGGER products_fts_delete AFTER DELETE ON products BEGIN
    INSERT INTO products_fts (products_fts, rowid, search_text)
        VALUES ('delete', old.id, old.search_text);
END;
CREATE TRIGGER products_fts_update AFTER UPDATE OF search_text ON products BEGIN
    INSERT INTO products_fts (products_fts, rowid, search_text)
        VALUES ('delete', old.id, old.search_text);
    INSERT INTO products_fts (rowid, search_text) VALUES (new.id, new.search_text);
END;
