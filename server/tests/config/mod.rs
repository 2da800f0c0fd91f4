//! The configuration area: company data and logo, branch offices, users, holidays, licence.

mod branch_offices;
mod company;
mod holidays;
mod licence;
mod time_zone;
mod users;
