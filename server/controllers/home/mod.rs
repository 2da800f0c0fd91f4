//! The back-office home: the dashboard of the selected branch.

pub mod dashboard;
pub mod pages;
