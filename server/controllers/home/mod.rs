//! The back-office home: the dashboard of the selected branch.

automod::dir!(pub "server/controllers/home");
