ALTER TABLE companies DROP COLUMN time_zone;
