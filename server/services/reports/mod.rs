//! The owner's reports (issue 24): sales by date range and grouping with cost and margin, top
//! products and slow movers, stock below minimum and stock value by warehouse, and the numbers of
//! the back-office dashboard. They only read; the rules of what is counted where live here
//! (credit notes subtract from the group of their sale on their own date, cost is the kardex's),
//! the SQL in `models::reports`.

automod::dir!(pub "server/services/reports");
