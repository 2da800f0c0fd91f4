//! Receivables (cuentas por cobrar): collecting what clients owe ([`collection`]: receipts,
//! allocation, saldo a favor, reversals; the money goes through the cash service or the bank
//! service) and what the area reports ([`ledger`]: the list's rows, a client's statement, aging).

automod::dir!(pub "server/services/receivables");
