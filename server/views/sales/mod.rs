//! Sales.

pub mod client;
pub mod credit_note;
pub mod invoice;
pub mod note;
pub mod pages;
pub mod promotion;
pub mod quote;
