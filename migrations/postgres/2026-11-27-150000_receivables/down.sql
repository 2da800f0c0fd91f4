DELETE FROM bank_movements WHERE kind IN ('collection', 'collection_reversal');
ALTER TABLE bank_movements DROP CONSTRAINT bank_movements_kind_check;
ALTER TABLE bank_movements ADD CONSTRAINT bank_movements_kind_check CHECK (kind IN ('opening',
    'shift_deposit', 'transfer_in', 'transfer_out', 'card_settlement', 'manual'));
DROP INDEX receivables_due;
DROP TABLE collection_allocations;
DROP TABLE collection_receipts;
DROP TABLE company_sequences;
