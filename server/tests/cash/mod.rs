//! Cash: registers, shifts (lifecycle, refusals, tenancy, a close racing movements), banks.

automod::dir!(pub(crate) "server/tests/cash");
