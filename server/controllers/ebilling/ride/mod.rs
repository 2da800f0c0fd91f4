//! The RIDE (representación impresa del documento electrónico, sri.md §6) of the company's
//! facturas, notas de crédito and guías de remisión: the data of its pages ([`pages`]) and the cache of the rendered
//! pages of authorized documents ([`cache`], with this server's copy in `ssr::ride_memory`), and the
//! e-mail that carries a document with its RIDE ([`mail`]).

pub mod cache;
pub mod mail;
pub mod pages;
pub mod public;
