//! The purchases area: suppliers, merchandise purchases, payables, and their pages.

mod expenses;
mod merchandise;
mod pages;
mod suppliers;
