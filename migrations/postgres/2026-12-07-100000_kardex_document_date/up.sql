-- The date of the document a kardex row comes from when it is not the day the row was recorded
-- (a purchase dated the 5th and registered on the 6th): the kardex shows both. Rows before this
-- migration keep NULL, which reads as «the day it was recorded».
ALTER TABLE kardex ADD COLUMN document_date DATE;
