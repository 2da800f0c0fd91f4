//! The cash area: registers (`/api/cashRegister`), shifts (`/api/Turn`) and bank accounts
//! (`/api/bank`). Money moves only through `services::cash::posting`.

automod::dir!(pub "server/controllers/cash");
