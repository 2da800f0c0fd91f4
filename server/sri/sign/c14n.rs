//! Canonical XML (inclusive C14N 1.0) helpers for the documents we generate.
//!
//! The engine writes its XML directly in canonical form: no XML declaration inside the
//! signed content, attributes sorted, namespace declarations first, `<a></a>` instead
//! of `<a/>`, and C14N's escaping. The bytes of the generated root element are then
//! their own canonical form, and the digests computed by the signer match what any
//! C14N implementation (libxml2, xmlsec, the SRI's Java stack) computes. The signer
//! still canonicalizes its input with libxml2 (see `xades.rs`), so hand-written XML
//! given to `sri sign` is handled too.

/// Escapes character data as C14N does: `&`, `<`, `>` and carriage return.
pub fn escape_text(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\r' => out.push_str("&#xD;"),
            c => out.push(c),
        }
    }
}

/// Escapes an attribute value as C14N does: `&`, `<`, `"`, tab, line feed, carriage return.
pub fn escape_attr(out: &mut String, value: &str) {
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '"' => out.push_str("&quot;"),
            '\t' => out.push_str("&#x9;"),
            '\n' => out.push_str("&#xA;"),
            '\r' => out.push_str("&#xD;"),
            c => out.push(c),
        }
    }
}

/// Renders namespace declarations in C14N order: default namespace first, then by
/// prefix. Used for the apex element of each signed subset of the signature.
pub fn namespace_declarations(decls: &[(String, String)]) -> String {
    let mut sorted: Vec<&(String, String)> = decls.iter().collect();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    let mut out = String::new();
    for (prefix, uri) in sorted {
        if prefix.is_empty() {
            out.push_str(" xmlns=\"");
        } else {
            out.push_str(" xmlns:");
            out.push_str(prefix);
            out.push_str("=\"");
        }
        escape_attr(&mut out, uri);
        out.push('"');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_like_c14n() {
        let mut s = String::new();
        escape_text(&mut s, "A & B <c> \"d\" 'e'\r\t");
        assert_eq!(s, "A &amp; B &lt;c&gt; \"d\" 'e'&#xD;\t");
        let mut s = String::new();
        escape_attr(&mut s, "A & B <c> \"d\"\t\n");
        assert_eq!(s, "A &amp; B &lt;c> &quot;d&quot;&#x9;&#xA;");
    }

    #[test]
    fn namespaces_sorted_default_first() {
        let decls = vec![
            ("etsi".to_string(), "E".to_string()),
            ("".to_string(), "D".to_string()),
            ("ds".to_string(), "S".to_string()),
        ];
        assert_eq!(
            namespace_declarations(&decls),
            r#" xmlns="D" xmlns:ds="S" xmlns:etsi="E""#
        );
    }
}
