//! Electronic billing in the shop: the company's signing certificate (sealed at rest, facts only
//! through the API, start-up refused without `MOSTRADOR_SECRET`).

mod certificate;
pub(crate) mod support;
