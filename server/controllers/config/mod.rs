//! The configuration area (admins): company data and logo (`/api/company`), branch offices with
//! their emission points (`/api/company/branchOffice`), users (`/api/users`), holidays
//! (`/api/company/holiday`) and the licence (`/api/company/licence`).

pub mod branch_offices;
pub mod company;
pub mod holidays;
pub mod licence;
pub mod pages;
pub mod users;
