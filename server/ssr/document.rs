//! Turns a render into a complete HTML document (askama shell): the markup inside `#root`, the
//! hydration data as an inert JSON script outside it, the stylesheet, and the client scripts for
//! the matched pages (none for printable documents, which must work without JavaScript: those
//! with an «Imprimir» button get only the small script that makes it print).

use askama::Template;

use super::bundle::manifest;
use super::routes::RouteMatch;

#[derive(Template)]
#[template(path = "shell.html", config = "server/templates/askama.toml")]
struct Shell<'a> {
    /// The UI build (`bundle::build_id`), compared by the browser with `GET /api/build`.
    build: &'a str,
    title: &'a str,
    /// ` class="dark" data-primary="teal"`: built here from checked values only.
    html_attributes: String,
    css: &'a [String],
    preloads: Vec<&'a str>,
    root_html: &'a str,
    hydration: Option<String>,
    entry: Option<&'a str>,
    /// The page renders an «Imprimir» button: hidden when scripts do not run.
    print_button: bool,
    /// The printouts' script, on a printable page that renders an «Imprimir» button.
    print: Option<&'a str>,
}

#[derive(Template)]
#[template(path = "error.html", config = "server/templates/askama.toml")]
struct ErrorPage<'a> {
    status: u16,
    message: &'a str,
}

/// Makes JSON safe inside a `<script>` element: no `</script>`, no comment openers, no line
/// separators that old parsers choke on. The escapes are valid JSON, so the text parses the same.
pub fn escape_json_for_script(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// The signed-in user's theme, applied on `<html>` by the server so the page never flashes.
#[derive(Debug, Clone, Copy, Default)]
pub struct Theme<'a> {
    pub dark: bool,
    /// Primary colour other than the default green.
    pub primary: Option<&'a str>,
}

impl Theme<'_> {
    fn html_attributes(&self) -> String {
        let mut attributes = String::new();
        if self.dark {
            attributes.push_str(" class=\"dark\"");
        }
        if let Some(color) = self
            .primary
            .filter(|p| *p != "green" && !p.is_empty() && p.bytes().all(|b| b.is_ascii_lowercase()))
        {
            attributes.push_str(&format!(" data-primary=\"{color}\""));
        }
        attributes
    }
}

/// The attribute of the UI's «Imprimir» button (`ui/src/components/print-button.tsx`): a
/// printable page that renders it gets the one small script that makes it print; the others
/// (the shared RIDE link, the e-mailed RIDE) stay without any script.
const PRINT_BUTTON: &str = "data-print-button";

/// The full document for a rendered page.
pub fn page(
    route: Option<&RouteMatch>,
    title: Option<&str>,
    root_html: &str,
    hydration: &str,
    theme: Theme,
) -> String {
    let manifest = manifest();
    let printable = route.is_some_and(|r| r.printable);
    let title = match title {
        Some(t) => format!("{t} · Mostrador"),
        None => "Mostrador".to_string(),
    };
    let print_button = root_html.contains(PRINT_BUTTON);
    let mut preloads: Vec<&str> = Vec::new();
    if !printable {
        let pages = route
            .into_iter()
            .flat_map(|r| &r.chain)
            .filter_map(|r| manifest.pages.get(&r.page));
        for chunk in std::iter::once(&manifest.entry).chain(pages) {
            for file in std::iter::once(&chunk.file).chain(&chunk.imports) {
                if !preloads.contains(&file.as_str()) && *file != manifest.entry.file {
                    preloads.push(file);
                }
            }
        }
    }
    let shell = Shell {
        build: super::bundle::build_id(),
        title: &title,
        html_attributes: theme.html_attributes(),
        css: &manifest.css,
        preloads,
        root_html,
        hydration: (!printable).then(|| escape_json_for_script(hydration)),
        entry: (!printable).then_some(manifest.entry.file.as_str()),
        print_button,
        print: (printable && print_button).then_some(manifest.print.file.as_str()),
    };
    shell
        .render()
        .unwrap_or_else(|err| error_page(500, &format!("No se pudo armar la página: {err}")))
}

/// A self-contained error page, for when the engine itself cannot render.
pub fn error_page(status: u16, message: &str) -> String {
    ErrorPage { status, message }
        .render()
        .unwrap_or_else(|_| format!("Error {status}"))
}

#[cfg(test)]
mod tests {
    use super::escape_json_for_script;

    #[test]
    fn script_breakouts_are_escaped_and_json_still_parses() {
        let json = serde_json::json!({"name": "</script><script>alert(1)</script> & \u{2028}"})
            .to_string();
        let escaped = escape_json_for_script(&json);
        assert!(!escaped.contains("</script>"));
        assert!(!escaped.contains('<'));
        let back: serde_json::Value = serde_json::from_str(&escaped).unwrap();
        assert_eq!(
            back["name"],
            "</script><script>alert(1)</script> & \u{2028}"
        );
    }
}
