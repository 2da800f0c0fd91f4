//! The back-office shell's APIs and pages: permissions and tenancy for every route, the generic
//! list contract, and each configuration resource.

mod branch_offices;
mod categories;
mod company;
mod holidays;
mod licence;
mod permissions;
mod users;
