//! The company's configuration: company data, branch offices, users, holidays, licence.

pub mod branch_office;
pub mod company;
pub mod holiday;
pub mod licence;
pub mod user;
