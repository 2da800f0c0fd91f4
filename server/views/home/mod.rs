//! The back-office home.

pub mod dashboard;
