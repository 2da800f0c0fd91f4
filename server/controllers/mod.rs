//! Request handlers, one folder per business area (`auth`, `home`, `config`, `inventory`…), one
//! file per resource, split by verb when it grows. Each area also has a `pages.rs` with the data
//! of its pages, built from the same functions as its API. Handlers read top to bottom: who is
//! asking → validate → load/decide/write in one transaction → view.
//!
//! An area's handlers import no other area's: what several areas share is a module of its own
//! here — `answer` (the shapes of a handler's answer), `catalogue` and `records` (the
//! catalogues' handlers), `options` (the forms' choices), `documents` (the parts of every sales
//! document's view, and a stored sale's), `page_loader` (a page's context) and `pages` (the page
//! renderer; its `loaders.rs` is the one table that names every area's pages, as `router.rs`
//! names every area's routes).

pub mod answer;
pub mod assets;
pub mod auth;
pub mod cash;
pub mod catalogue;
pub mod catalogues;
pub mod config;
pub mod documents;
pub mod ebilling;
pub mod home;
pub mod inventory;
pub mod options;
pub mod page_loader;
pub mod pages;
pub mod purchases;
pub mod receivables;
pub mod records;
pub mod reports;
pub mod restaurant;
pub mod sales;
pub mod taxes;
