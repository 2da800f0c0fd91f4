//! Mostrador: a Spanish-language back office for small businesses in Ecuador.
//!
//! Routes are listed in [`router`]; handlers live in [`controllers`]; use cases that write in
//! [`services`]; rows and queries in [`models`]; JSON shapes in [`views`]. Pages are React
//! rendered by [`ssr`] inside an embedded JavaScript engine. [`db`] hides whether the database is SQLite or PostgreSQL. [`sri`] builds,
//! signs and sends electronic documents to Ecuador's tax authority.
//!
//! No `unwrap()` or `expect()` outside tests: a request must end in an answer, never a panic. A
//! start-up invariant that may stop the process says why in an `#[allow(…, reason = …)]`.
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::too_many_lines)]

pub mod app;
pub mod auth;
pub mod cli;
pub mod command;
pub mod config;
pub mod controllers;
pub mod db;
pub mod domain;
pub mod error;
pub mod http;
pub mod mail;
pub mod models;
pub mod router;
pub mod server;
pub mod services;
pub mod sri;
pub mod ssr;
pub mod typescript;
pub mod util;
pub mod validation;
pub mod views;
