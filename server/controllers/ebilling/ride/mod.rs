//! The RIDE (representación impresa del documento electrónico, sri.md §6) of the company's
//! facturas, notas de crédito and guías de remisión: the data of its pages ([`pages`]) and the cache of the rendered
//! pages of authorized documents ([`cache`], with this server's copy in [`memory`]).

pub mod cache;
pub mod memory;
pub mod pages;
pub mod public;
