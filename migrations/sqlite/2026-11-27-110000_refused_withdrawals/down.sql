DROP TABLE turn_refused_withdrawals;
