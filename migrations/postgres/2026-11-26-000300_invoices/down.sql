DROP INDEX sales_sri_document;
DROP INDEX sales_branch_kind;
ALTER TABLE sales DROP CONSTRAINT sales_emission_point_kind_sequential_key;
DELETE FROM document_sequences WHERE doc_type = 'invoice';
ALTER TABLE sales ADD CONSTRAINT sales_emission_point_id_sequential_key
    UNIQUE (emission_point_id, sequential);
ALTER TABLE sales DROP COLUMN sri_document_id;
ALTER TABLE sales DROP COLUMN kind;
