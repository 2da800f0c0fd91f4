//! Request handlers, one folder or file per resource. Handlers read top to bottom: who is asking →
//! validate → load/decide/write in one transaction → view.

pub mod assets;
pub mod auth;
pub mod branch_offices;
pub mod categories;
pub mod company;
pub mod company_data;
pub mod dashboard;
pub mod holidays;
pub mod pages;
pub mod records;
pub mod user;
pub mod users;
