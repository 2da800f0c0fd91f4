DROP INDEX credit_notes_sri_document;
DROP INDEX credit_notes_branch_kind;
ALTER TABLE credit_notes DROP CONSTRAINT credit_notes_emission_point_kind_sequential_key;
DELETE FROM document_sequences WHERE doc_type = 'electronic_credit_note';
ALTER TABLE credit_notes ADD CONSTRAINT credit_notes_emission_point_id_sequential_key
    UNIQUE (emission_point_id, sequential);
ALTER TABLE credit_notes DROP COLUMN sri_document_id;
ALTER TABLE credit_notes DROP COLUMN kind;
