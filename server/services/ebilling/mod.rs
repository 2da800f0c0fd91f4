//! Electronic billing in the shop: the company's signing certificate (stored sealed,
//! [`certificate`] and [`sealing`]). The SRI engine itself is `crate::sri`.

pub mod certificate;
pub mod credit_note;
pub mod documents;
pub mod mail;
pub mod remission_guides;
pub mod resend;
pub mod ride_link;
pub mod sealing;
pub mod trial;
