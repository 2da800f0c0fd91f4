DROP TABLE payable_payments;
DROP TABLE payables;
DROP TABLE purchase_lines;
DROP TABLE purchases;
DROP TABLE suppliers;
