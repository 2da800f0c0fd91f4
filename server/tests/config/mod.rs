//! The configuration area: company data and logo, branch offices, users, holidays, licence.

automod::dir!("server/tests/config");
