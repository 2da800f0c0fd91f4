-- Electronic facturas are sales (issue 23): the same header, lines, payments, stock and cash as a
-- sales note, plus the SRI document that carries them. `kind` tells them apart ('note' or
-- 'invoice'); `sri_document_id` is the factura in the SRI queue. A factura has its own gapless
-- counter per emission point (document_sequences 'invoice'), so the unique number becomes
-- (emission point, kind, sequential).
ALTER TABLE sales ADD COLUMN kind TEXT NOT NULL DEFAULT 'note' CHECK (kind IN ('note', 'invoice'));
ALTER TABLE sales ADD COLUMN sri_document_id BIGINT REFERENCES sri_documents (id);
ALTER TABLE sales DROP CONSTRAINT sales_emission_point_id_sequential_key;
ALTER TABLE sales ADD CONSTRAINT sales_emission_point_kind_sequential_key
    UNIQUE (emission_point_id, kind, sequential);
CREATE INDEX sales_branch_kind ON sales (company_id, branch_office_id, kind, id);
CREATE UNIQUE INDEX sales_sri_document ON sales (sri_document_id);
