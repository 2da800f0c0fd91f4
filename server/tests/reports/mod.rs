//! The owner's reports (issue 24): the sales report's numbers and groupings, its range, its
//! downloads, who may read it, and the dashboard per role.

automod::dir!("server/tests/reports");
