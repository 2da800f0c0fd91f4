DROP INDEX kardex_document;
CREATE INDEX kardex_document ON kardex (company_id, document_type, document_id);
DROP INDEX sale_lines_report;
