//! Sales: clients (and, as the area grows, promotions, sales notes, quotes, credit notes).

pub mod client;
pub mod promotion;
