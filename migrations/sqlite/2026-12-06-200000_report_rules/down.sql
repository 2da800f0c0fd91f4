-- The emptied summary is summed again at the next start; only the column goes.
ALTER TABLE report_products DROP COLUMN units;
