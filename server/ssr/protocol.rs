//! What is exchanged with the bundle's `render` (ssr-bundle/src/entry.server.tsx): a JSON input,
//! and an answer that is a JSON head line, followed for a page by the hydration data (JSON text,
//! one line) and the page's markup as it is. The markup is never escaped into JSON and parsed back:
//! for a long printable that was a third of the render's cost.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// What the engine is asked to render.
#[derive(Debug, Serialize)]
pub struct RenderInput<'a> {
    /// Absolute URL of the page (the host is irrelevant; routing uses path and query).
    pub url: &'a str,
    /// Loader data per route id, loaded by the server.
    pub data: &'a Map<String, Value>,
    /// False for a printable page: it carries no scripts, so the engine skips its hydration data.
    pub hydrate: bool,
}

/// What the engine answers.
#[derive(Debug)]
pub enum RenderOutput {
    /// A route asked for a redirect.
    Redirect { status: u16, location: String },
    /// A rendered page: the `#root` markup and the hydration data (JSON text; empty when not
    /// asked for).
    Page {
        status: u16,
        html: String,
        hydration: String,
        title: Option<String>,
    },
}

/// The answer's first line.
#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum Head {
    Redirect { status: u16, location: String },
    Page { status: u16, title: Option<String> },
}

impl RenderOutput {
    /// Reads the engine's answer.
    pub fn parse(answer: &str) -> Result<RenderOutput, String> {
        let (head, rest) = answer.split_once('\n').unwrap_or((answer, ""));
        match serde_json::from_str::<Head>(head).map_err(|e| e.to_string())? {
            Head::Redirect { status, location } => Ok(RenderOutput::Redirect { status, location }),
            Head::Page { status, title } => {
                let (hydration, html) = rest
                    .split_once('\n')
                    .ok_or("la respuesta del render no trae el marcado de la página")?;
                Ok(RenderOutput::Page {
                    status,
                    html: html.to_string(),
                    hydration: hydration.to_string(),
                    title,
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_keeps_its_markup_as_it_is() {
        let answer = "{\"kind\":\"page\",\"status\":200,\"title\":\"A4\"}\n{\"loaderData\":{}}\n<p>uno\ndos \"tres\"</p>";
        match RenderOutput::parse(answer).unwrap() {
            RenderOutput::Page {
                status,
                html,
                hydration,
                title,
            } => {
                assert_eq!(status, 200);
                assert_eq!(html, "<p>uno\ndos \"tres\"</p>");
                assert_eq!(hydration, "{\"loaderData\":{}}");
                assert_eq!(title.as_deref(), Some("A4"));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_redirect_is_its_head_alone() {
        let answer = "{\"kind\":\"redirect\",\"status\":302,\"location\":\"/login\"}";
        assert!(matches!(
            RenderOutput::parse(answer),
            Ok(RenderOutput::Redirect { status: 302, ref location }) if location == "/login"
        ));
    }

    #[test]
    fn a_page_without_its_markup_is_an_error() {
        assert!(RenderOutput::parse("{\"kind\":\"page\",\"status\":200,\"title\":null}").is_err());
        assert!(RenderOutput::parse("no es json").is_err());
    }
}
