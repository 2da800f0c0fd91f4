//! The signed-in user and the account pages.

pub mod pages;
pub mod user;
