-- The sales report (issue 24) reads the cost of a sale or a credit note from its kardex rows.
CREATE INDEX kardex_document ON kardex (company_id, document_type, document_id);
