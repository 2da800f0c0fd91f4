DROP TABLE licences;
DROP TABLE holidays;
DROP TABLE categories;
DROP TABLE emission_points;
ALTER TABLE branch_offices DROP COLUMN locked;
ALTER TABLE companies DROP COLUMN logo_content_type;
ALTER TABLE companies DROP COLUMN logo;
ALTER TABLE users DROP COLUMN primary_color;
ALTER TABLE users DROP COLUMN theme;
