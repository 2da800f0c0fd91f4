//! Receivables (cuentas por cobrar, issue 25).

mod collections;
