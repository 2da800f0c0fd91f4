//! The company and its configuration: branch offices with their emission points, holidays,
//! licences.

automod::dir!(pub "server/models/config");
