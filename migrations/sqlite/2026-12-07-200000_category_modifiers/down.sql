ALTER TABLE categories DROP COLUMN modifiers;
