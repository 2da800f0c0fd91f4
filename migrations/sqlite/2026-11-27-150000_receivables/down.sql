DROP INDEX receivables_due;
DROP TABLE collection_allocations;
DROP TABLE collection_receipts;
DROP TABLE company_sequences;
