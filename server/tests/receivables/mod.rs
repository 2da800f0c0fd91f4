//! Receivables (cuentas por cobrar, issue 25).

automod::dir!("server/tests/receivables");
