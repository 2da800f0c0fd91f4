//! The company's configuration: company data, branch offices, users, holidays, licence.

automod::dir!(pub "server/views/config");
