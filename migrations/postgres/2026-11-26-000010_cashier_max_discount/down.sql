ALTER TABLE companies DROP COLUMN cashier_max_discount;
