//! Electronic billing in the shop: the company's signing certificate (sealed at rest, facts only
//! through the API, start-up refused without `MOSTRADOR_SECRET`), the electronic documents list,
//! and the set-up page's trial against the SRI stand-in.

automod::dir!(pub(crate) "server/tests/ebilling");
