//! Integration tests: the real router, a real SQLite file or PostgreSQL schema per test, the real
//! render engine, a real SMTP server process. One test binary (one link step), organised like the
//! URL space. Tests run on SQLite always and on PostgreSQL when `TEST_DATABASE_URL` is set.

mod util;

mod auth;
mod cash;
mod cli;
mod config;
mod e2e;
mod ebilling;
mod foundations;
mod hardening;
pub(crate) mod inventory;
mod lector;
mod migrations;
mod pages;
mod permissions;
mod purchases;
mod readme;
mod receivables;
mod reports;
mod restaurant;
mod sales;
pub(crate) mod sri;
mod ssr;
mod ui;
mod writes;
