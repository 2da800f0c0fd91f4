//! JSON shapes sent to the browser, shared by the API and the server-rendered pages' data, one
//! folder per business area. Field names follow the specification (`_id`, camelCase).
//!
//! Every view derives `ts_rs::TS`: [`crate::typescript`] writes their TypeScript declarations to
//! `ui/src/lib/api-types.ts`, which the UI imports instead of mirroring them by hand.

pub mod auth;
pub mod cash;
pub mod config;
pub mod ebilling;
pub mod home;
pub mod inventory;
pub mod pages;
pub mod purchases;
pub mod receivables;
pub mod reports;
pub mod restaurant;
pub mod ride;
pub mod route_id;
pub mod sales;
pub mod taxes;

use serde::Serialize;
use ts_rs::TS;

/// A confirmation for the user (`{message}`), e.g. after a delete or a sign-out.
#[derive(Debug, Clone, Serialize, TS)]
pub struct MessageResponse {
    pub message: String,
}

/// The data of a plain list page: one page of the list, as the list API answers it (the pages of
/// `controllers::catalogues`).
#[derive(Debug, Clone, Serialize, TS)]
pub struct ListPage<V> {
    pub list: crate::db::list::Page<V>,
}
