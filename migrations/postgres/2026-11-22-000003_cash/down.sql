DROP TABLE cnb_operations;
DROP TABLE cnb_configs;
DROP TABLE bank_movements;
DROP TABLE turn_counts;
DROP TABLE turn_movements;
DROP TABLE turns;
DROP TABLE bank_accounts;
DROP TABLE cash_registers;
