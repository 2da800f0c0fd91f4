ALTER TABLE kardex DROP COLUMN document_date;
