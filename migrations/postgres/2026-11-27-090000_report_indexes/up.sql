-- The sales report (issue 24) grouped by product or category reads every line of the window's
-- sales and every kardex exit of them: covering indexes let both reads stay in the index
-- (no lookup of the table row per line).
CREATE INDEX sale_lines_report ON sale_lines (sale_id, product_id, net, iva);
DROP INDEX kardex_document;
CREATE INDEX kardex_document ON kardex (company_id, document_type, document_id, product_id, total_cost);
