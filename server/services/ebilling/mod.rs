//! Electronic billing in the shop: the SRI documents of the shop (guías de remisión, corrections
//! and resends, the e-mail of authorized documents, the set-up trial). The company's signing
//! certificate is [`crate::services::signing`]; the SRI engine itself is `crate::sri`.

automod::dir!(pub "server/services/ebilling");
