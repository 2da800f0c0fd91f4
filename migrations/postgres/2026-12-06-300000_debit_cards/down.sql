-- Back to one «card»: debit payments become card payments.
UPDATE sale_payments SET method = 'card' WHERE method = 'debit';
UPDATE collection_receipts SET method = 'card' WHERE method = 'debit';
ALTER TABLE sale_payments DROP CONSTRAINT sale_payments_method_check;
ALTER TABLE sale_payments ADD CONSTRAINT sale_payments_method_check
    CHECK (method IN ('cash', 'card', 'transfer', 'credit'));
ALTER TABLE collection_receipts DROP CONSTRAINT collection_receipts_method_check;
ALTER TABLE collection_receipts ADD CONSTRAINT collection_receipts_method_check
    CHECK (method IN ('cash', 'transfer', 'card', 'cheque'));
