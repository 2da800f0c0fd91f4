//! Use cases that write, one folder per business area: register a sale, a quote, a credit note;
//! post stock; post cash… A service is one function that takes the company-scoped context of the
//! request (the [`Tenant`](crate::auth::roles::Tenant)) and the command to carry out, runs in the
//! caller's one write transaction (or opens it), and returns a domain result or an [`AppError`]
//! whose Spanish wording is decided here, once, at the edge of the domain.
//!
//! The layers around it: controllers are extract → service → view (they read the request, call
//! one service, and build the answer); models are queries that return `diesel::QueryResult` and
//! never word an error. A service may call another area's service, never its controllers, so a
//! new document (purchases, invoices) reuses stock and cash posting without reaching into the
//! handlers of those areas.
//!
//! [`AppError`]: crate::error::AppError

pub mod cash;
pub mod ebilling;
pub mod inventory;
pub mod lector;
pub mod purchases;
pub mod receivables;
pub mod reports;
pub mod restaurant;
pub mod sales;
pub mod signing;
pub mod taxes;
pub mod upgrade;
