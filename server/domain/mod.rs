//! Business primitives shared by every area (sales, cash, receivables, purchases) and by the SRI
//! engine: money ([`money`]; the stored [`amount::Money`] and [`amount::Quantity`]), the ceilings of every figure ([`limits`]), Ecuadorian identifications ([`ids`]), the key a submitted document carries ([`idempotency`]), the tax table ([`taxes`]) and
//! the one calculation of a document's amounts ([`totals`]), and the states documents go
//! through ([`states`], and [`document_status`] for an electronic document's way through the SRI).

pub mod amount;
pub mod code128;
pub mod document_status;
pub mod idempotency;
pub mod ids;
pub mod limits;
pub mod money;
pub mod states;
pub mod taxes;
pub mod totals;

use std::fmt;

/// One problem with one field, in Spanish.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct FieldError {
    /// JSON path of the field, e.g. `items[0].unitPrice`.
    pub field: String,
    /// What is wrong and, when possible, how to fix it.
    pub message: String,
}

impl FieldError {
    /// Convenience constructor.
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> FieldError {
        FieldError {
            field: field.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}
