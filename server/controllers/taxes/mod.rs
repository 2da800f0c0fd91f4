//! The taxes area: the dated tax table (`/api/taxes/withholding`) that withholding documents and
//! sales read their rates from; its screen is `/admin/configAdmin/impuestos`.

automod::dir!(pub "server/controllers/taxes");
