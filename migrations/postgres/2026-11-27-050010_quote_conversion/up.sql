-- A quote converts into one sale (issue 24, defect 2): `sale_id` is the sale it became, set by
-- the sale's own transaction with a conditional update (`... WHERE sale_id IS NULL`), so two
-- cashiers converting the same quote at once cannot both succeed (the second update waits on the
-- row lock and then finds it taken).
ALTER TABLE quotes ADD COLUMN sale_id BIGINT REFERENCES sales (id);
-- Quotes already converted (possibly more than once) point at their first sale.
UPDATE quotes SET sale_id = (SELECT MIN(s.id) FROM sales s WHERE s.quote_id = quotes.id);
