-- Electronic credit notes (issue 23): a nota de crédito against an authorized factura is the same
-- credit note as the internal one against a sales note (returned lines, stock, refund) plus the SRI
-- document that carries it. `kind` tells them apart ('internal' or 'electronic'); each kind has its
-- own gapless counter per emission point (document_sequences 'credit_note' and
-- 'electronic_credit_note'), so the unique number becomes (emission point, kind, sequential).
ALTER TABLE credit_notes ADD COLUMN kind TEXT NOT NULL DEFAULT 'internal' CHECK (kind IN ('internal', 'electronic'));
ALTER TABLE credit_notes ADD COLUMN sri_document_id BIGINT REFERENCES sri_documents (id);
ALTER TABLE credit_notes DROP CONSTRAINT credit_notes_emission_point_id_sequential_key;
ALTER TABLE credit_notes ADD CONSTRAINT credit_notes_emission_point_kind_sequential_key
    UNIQUE (emission_point_id, kind, sequential);
CREATE INDEX credit_notes_branch_kind ON credit_notes (company_id, branch_office_id, kind, id);
CREATE UNIQUE INDEX credit_notes_sri_document ON credit_notes (sri_document_id);
