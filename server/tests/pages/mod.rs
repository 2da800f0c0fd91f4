//! Server-rendered pages: HTML snapshots of the public pages and the printable test page, the
//! guard on admin pages, the JavaScript-free sign-in, and safe embedding of hydration data.

automod::dir!("server/tests/pages");
