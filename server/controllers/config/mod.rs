//! The configuration area (admins): company data and logo (`/api/company`), branch offices with
//! their emission points (`/api/company/branchOffice`), users (`/api/users`), holidays
//! (`/api/company/holiday`) and the licence (`/api/company/licence`).

automod::dir!(pub "server/controllers/config");
pub mod users;
