-- «Descuento máximo del cajero (%)»: the most a cashier may discount by hand, of each line and of
-- the whole sale (issue 22). Stored like a promotion's percentage, in millionths of a percent unit
-- (10 % = 10000000), from 0 to 100 % with at most 2 decimals; 0, the default, means a cashier
-- gives no discounts (promotions still apply). Admin and user are not limited.
ALTER TABLE companies ADD COLUMN cashier_max_discount BIGINT NOT NULL DEFAULT 0;
