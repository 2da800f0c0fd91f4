//! The owner's reports: the API under `/api/reports`, their CSV/XLSX downloads and the pages
//! `/admin/reportes` and its printable A4.

automod::dir!(pub "server/controllers/reports");
