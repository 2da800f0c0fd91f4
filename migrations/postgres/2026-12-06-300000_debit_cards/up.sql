-- Debit cards apart from credit cards: the SRI's formas de pago are 16 (tarjeta de débito) and 19
-- (tarjeta de crédito), so a sale's payment and a collection say which (`debit`, `card`).
ALTER TABLE sale_payments DROP CONSTRAINT sale_payments_method_check;
ALTER TABLE sale_payments ADD CONSTRAINT sale_payments_method_check
    CHECK (method IN ('cash', 'card', 'debit', 'transfer', 'credit'));
ALTER TABLE collection_receipts DROP CONSTRAINT collection_receipts_method_check;
ALTER TABLE collection_receipts ADD CONSTRAINT collection_receipts_method_check
    CHECK (method IN ('cash', 'transfer', 'card', 'debit', 'cheque'));
