-- The sales report's rules changed: a credit note comes off the method that paid its refund
-- out (not its sale's payments), a recipe's cost is its ingredients' (on the dish, not on each
-- ingredient), and the products' rows count units. The summary is emptied here; the start-up
-- after the migrations sums every company's documents again with the new rules
-- (services::reports::summary::backfill).
ALTER TABLE report_products ADD COLUMN units BIGINT NOT NULL DEFAULT 0;
DELETE FROM report_sales;
DELETE FROM report_products;
DELETE FROM report_methods;
