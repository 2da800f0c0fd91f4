//! Receivables (cuentas por cobrar): collection receipts and their allocations
//! ([`receipt`]), and the reads over receivables of the area's screens ([`ledger`]). The
//! receivable row itself (opened by a credit sale, lowered by a credit note) lives in
//! `models::sales::receivable`.

automod::dir!(pub "server/models/receivables");
