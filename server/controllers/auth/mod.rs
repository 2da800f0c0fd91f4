//! The account area: `/api/auth/*` (sign-up and e-mail verification, sign-in and sign-out,
//! password reset, the choice of branch office), the signed-in user (`/api/user`, their branches
//! and theme), and the data of the public pages.

automod::dir!(pub "server/controllers/auth");
