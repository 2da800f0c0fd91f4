-- The quick modifiers the waiter taps for a category's products («sin hielo» for drinks,
-- «término medio» for grills), one per line. Empty: the defaults of the category's station.
ALTER TABLE categories ADD COLUMN modifiers TEXT NOT NULL DEFAULT '';
