//! Electronic documents engine for Ecuador's SRI (offline scheme): typed model of
//! factura / nota de crédito / guía de remisión, totals with the SRI's arithmetic,
//! clave de acceso, validation, XML generation checked against the official XSDs,
//! XAdES-BES signing with the issuer's .p12, SOAP clients for reception and
//! authorization, a local SRI stand-in for tests, and the `sri …` CLI subcommands.
//!
//! Everything but [`queue`] works without a database. [`queue`] stores documents and runs
//! the background worker that carries them through reception and authorization. Entry
//! points: [`queue::submit`], [`document::build_and_sign`], [`soap::SriClient`],
//! [`simulator::serve`], [`cli::SriCommand`].

pub mod catalog;
pub mod clave;
pub mod cli;
pub mod document;

pub mod libxml;
pub mod model;

pub mod queue;
pub mod sign;
pub mod simulator;
pub mod soap;

pub mod validate;
pub mod xml;
pub mod xsd;

#[cfg(test)]
mod e2e_tests;
#[cfg(test)]
mod fixtures;
#[cfg(test)]
mod proptests;
#[cfg(test)]
pub(crate) mod testpki;
