//! Receivables (cuentas por cobrar): collecting what clients owe ([`collection`]: receipts,
//! allocation, saldo a favor, reversals; the money goes through the cash service or the bank
//! service). What the area reports (the list's rows, a client's statement, aging) is read and
//! built by its controllers (`controllers::receivables::ledger`).

automod::dir!(pub "server/services/receivables");
