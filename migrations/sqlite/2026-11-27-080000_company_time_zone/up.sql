-- The company's time zone (issue 24, «Two clocks»): an IANA name. Times stay stored in UTC; every
-- date and time a user sees, and every "day" a report or filter takes, is in this zone.
-- Mainland Ecuador by default; Galápagos is `Pacific/Galapagos`.
ALTER TABLE companies ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'America/Guayaquil';
