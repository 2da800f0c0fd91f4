//! The restaurant area (`/api/restaurant`, pages under `/admin/restaurante`): admin and user
//! (specification §6).

automod::dir!(pub "server/controllers/restaurant");
