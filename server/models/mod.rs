//! One file per table: the row struct, its insert struct, and the queries on it. Models return
//! `diesel::QueryResult`; handlers decide what a missing row means to the user.

pub mod branch_office;
pub mod category;
pub mod company;
pub mod email_token;
pub mod emission_point;
pub mod holiday;
pub mod licence;
pub mod login_failure;
pub mod outbox;
pub mod session;
pub mod sri_document;
pub mod sri_message;
pub mod user;
