//! The restaurant area (`/api/restaurant`, pages under `/admin/restaurante`): admin and user
//! (specification §6).

pub mod events;
pub mod orders;
pub mod pages;
pub mod setup;
