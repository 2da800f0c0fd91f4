//! Cash: registers, shifts (lifecycle, refusals, tenancy, a close racing movements), banks.

mod banks;
mod barrio;
mod blind;
mod pages;
pub(crate) mod turns;
