-- A quote converts into one sale (issue 24, defect 2): `sale_id` is the sale it became, set by
-- the sale's own transaction with a conditional update (`... WHERE sale_id IS NULL`), so two
-- cashiers converting the same quote at once cannot both succeed. No foreign key here, like
-- `sales.quote_id` (SQLite cannot drop a column that takes part in one).
ALTER TABLE quotes ADD COLUMN sale_id BIGINT;
-- Quotes already converted (possibly more than once) point at their first sale.
UPDATE quotes SET sale_id = (SELECT MIN(s.id) FROM sales s WHERE s.quote_id = quotes.id);
