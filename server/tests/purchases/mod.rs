//! The purchases area: suppliers, merchandise purchases, payables.

mod expenses;
mod merchandise;
mod suppliers;
