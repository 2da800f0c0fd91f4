//! The receivables area (cuentas por cobrar, `/api/cxc`): admin and user. Collections go through
//! `services::receivables::collection`; the reports through `controllers::receivables::ledger`.

automod::dir!(pub "server/controllers/receivables");
