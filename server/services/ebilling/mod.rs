//! Electronic billing in the shop: the company's signing certificate (stored sealed,
//! [`certificate`] and [`sealing`]). The SRI engine itself is `crate::sri`.

automod::dir!(pub "server/services/ebilling");
