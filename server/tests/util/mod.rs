//! Test harness: databases, the app, an HTTP client with a cookie jar, the SMTP sink.

pub mod app;
pub mod client;
pub mod db;
pub mod fixtures;
pub mod process;
pub mod smtp;

pub use app::TestApp;
pub use client::{Client, TestResponse};
pub use db::Backend;

/// Password of every user the fixtures create.
pub const PASSWORD: &str = "clave-segura-1";

/// Declares each listed `async fn name(backend: Backend)` as a test on SQLite and on PostgreSQL
/// (the PostgreSQL variant is skipped, saying so, when `TEST_DATABASE_URL` is not set).
macro_rules! on_both_backends {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name(crate::util::Backend::Sqlite).await
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    if let Some(backend) = crate::util::Backend::postgres() {
                        super::$name(backend).await
                    }
                }
            )*
        }
    };
}
pub(crate) use on_both_backends;

/// A printout works without JavaScript: no app bundle and no hydration data; its only script, if
/// any, is the one of its «Imprimir» button (`ui/src/print.ts`), and only beside that button.
pub fn only_print_script(html: &str) -> bool {
    let scripts = html.matches("<script").count();
    let print = html
        .matches(r#"<script type="module" src="/assets/print-"#)
        .count();
    !html.contains("__hydration")
        && scripts == print
        && print <= 1
        && (print == 0 || html.contains("data-print-button"))
}
