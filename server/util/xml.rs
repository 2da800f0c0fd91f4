//! The one way the application reads XML it did not write: an uploaded document (the Lector's
//! XML files and ZIP entries), the SRI's SOAP answers, the stand-in's requests, and, before
//! libxml2 sees them, the documents it verifies or signs ([`check`]). Every such parse is bounded
//! before it allocates: at most [`DEPTH_MAX`] nested elements and [`ELEMENTS_MAX`] elements, so
//! a hostile file or a broken network path to the SRI answers an error instead of exhausting the
//! stack (a tree a hundred thousand levels deep freed recursively) or the memory (millions of
//! empty elements, each a node).
//!
//! The tree is quick-xml's event stream gathered into [`Element`]s with namespace prefixes
//! dropped (the SRI's answers use `ns2:` today; nothing guarantees it). Text is unescaped and
//! CDATA kept verbatim, so an authorized `comprobante` comes back byte-identical whether it was
//! sent as CDATA or escaped. quick-xml never expands DTD entities: only the five predefined ones
//! and character references are read, so there is no entity expansion to bound.

use quick_xml::Reader;
use quick_xml::events::Event;

/// Deepest nesting accepted. The SRI's documents are under 20 levels deep (a factura inside its
/// authorization inside a SOAP envelope stays under 30).
pub const DEPTH_MAX: usize = 100;

/// Most elements in one document. An authorized document is at most a few hundred kilobytes
/// (some tens of thousands of elements); each element read costs about a hundred bytes.
pub const ELEMENTS_MAX: usize = 200_000;

/// Why a document was not read: always a Spanish sentence, for the user or the log.
pub type XmlProblem = String;

/// An element: local name, direct text and children.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Element {
    /// Local name (prefix removed).
    pub name: String,
    /// Concatenated text/CDATA directly inside the element.
    pub text: String,
    /// Child elements in order.
    pub children: Vec<Element>,
}

impl Element {
    /// First child with this local name.
    pub fn child(&self, name: &str) -> Option<&Element> {
        self.children.iter().find(|c| c.name == name)
    }

    /// Children with this local name.
    pub fn children_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Element> + 'a {
        self.children.iter().filter(move |c| c.name == name)
    }

    /// First descendant (depth-first, recursion bounded by [`DEPTH_MAX`]) with this local name,
    /// or self.
    pub fn find(&self, name: &str) -> Option<&Element> {
        if self.name == name {
            return Some(self);
        }
        self.children.iter().find_map(|c| c.find(name))
    }

    /// Trimmed text of the first child with this name.
    pub fn child_text(&self, name: &str) -> Option<String> {
        self.child(name).map(|c| c.text.trim().to_string())
    }
}

fn predefined_entity(name: &str) -> Option<char> {
    match name {
        "lt" => Some('<'),
        "gt" => Some('>'),
        "amp" => Some('&'),
        "apos" => Some('\''),
        "quot" => Some('"'),
        _ => None,
    }
}

/// The refusals of the two limits.
fn too_deep() -> XmlProblem {
    format!("el XML tiene más de {DEPTH_MAX} niveles de elementos anidados")
}

fn too_many() -> XmlProblem {
    format!("el XML tiene más de {ELEMENTS_MAX} elementos")
}

/// Counts an element opened at `depth` (1 for the root) against the limits.
fn admit(depth: usize, elements: &mut usize) -> Result<(), XmlProblem> {
    if depth > DEPTH_MAX {
        return Err(too_deep());
    }
    *elements += 1;
    if *elements > ELEMENTS_MAX {
        return Err(too_many());
    }
    Ok(())
}

/// Parses a whole document into its root element, within the limits.
pub fn parse_tree(xml: &str) -> Result<Element, XmlProblem> {
    let mut reader = Reader::from_str(xml);
    // The open elements; the first is the document itself, which holds the root.
    let mut stack: Vec<Element> = vec![Element::default()];
    let mut elements = 0usize;
    loop {
        let event = reader
            .read_event()
            .map_err(|e| format!("XML mal formado: {e}"))?;
        match event {
            Event::Start(e) => {
                admit(stack.len(), &mut elements)?;
                stack.push(Element {
                    name: e.local_name().as_ref().to_string(),
                    ..Element::default()
                });
            }
            Event::Empty(e) => {
                admit(stack.len(), &mut elements)?;
                let el = Element {
                    name: e.local_name().as_ref().to_string(),
                    ..Element::default()
                };
                if let Some(parent) = stack.last_mut() {
                    parent.children.push(el);
                }
            }
            Event::End(_) => {
                let el = stack.pop().ok_or("etiqueta de cierre sin apertura")?;
                let parent = stack.last_mut().ok_or("etiqueta de cierre sin apertura")?;
                parent.children.push(el);
            }
            Event::Text(t) => {
                if let Some(cur) = stack.last_mut() {
                    cur.text.push_str(&t.xml10_content());
                }
            }
            Event::CData(c) => {
                if let Some(cur) = stack.last_mut() {
                    cur.text.push_str(&c.xml10_content());
                }
            }
            Event::GeneralRef(r) => {
                let ch = match r.resolve_char_ref() {
                    Ok(Some(ch)) => Some(ch),
                    _ => predefined_entity(&r),
                };
                let ch = ch.ok_or_else(|| format!("entidad desconocida &{};", &*r))?;
                if let Some(cur) = stack.last_mut() {
                    cur.text.push(ch);
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if stack.len() != 1 {
        return Err("documento XML incompleto".into());
    }
    let doc = stack.pop().unwrap_or_default();
    doc.children
        .into_iter()
        .next()
        .ok_or_else(|| "documento XML vacío".to_string())
}

/// Checks the limits of a document without building its tree: what libxml2 is given (it parses
/// into its own tree and walks it recursively) passes here first. Whether the document is well
/// formed is left to the parser that reads it next.
pub fn check(xml: &[u8]) -> Result<(), XmlProblem> {
    let mut reader = Reader::from_reader(xml);
    let mut depth = 0usize;
    let mut elements = 0usize;
    let mut buf = Vec::new();
    loop {
        match reader.read_event_into(&mut buf) {
            Ok(Event::Start(_)) => {
                depth += 1;
                admit(depth, &mut elements)?;
            }
            Ok(Event::Empty(_)) => admit(depth + 1, &mut elements)?,
            Ok(Event::End(_)) => depth = depth.saturating_sub(1),
            Ok(Event::Eof) | Err(_) => return Ok(()),
            Ok(_) => {}
        }
        buf.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(depth: usize) -> String {
        format!("{}{}", "<a>".repeat(depth), "</a>".repeat(depth))
    }

    #[test]
    fn reads_names_text_cdata_and_references() {
        let root = parse_tree(
            "<?xml version=\"1.0\"?><ns2:r xmlns:ns2=\"u\"><x>A &amp; B &#65;</x><y><![CDATA[<z/>]]></y><e/></ns2:r>",
        )
        .unwrap();
        assert_eq!(root.name, "r");
        assert_eq!(root.child_text("x").as_deref(), Some("A & B A"));
        assert_eq!(root.child_text("y").as_deref(), Some("<z/>"));
        assert!(root.child("e").is_some());
        assert_eq!(root.find("e").map(|e| e.name.as_str()), Some("e"));
    }

    #[test]
    fn depth_is_bounded_before_the_stack_grows() {
        assert!(parse_tree(&nested(DEPTH_MAX)).is_ok());
        assert_eq!(parse_tree(&nested(DEPTH_MAX + 1)), Err(too_deep()));
        // What aborted the process through the SOAP reader and the Lector: 50 000 and 100 000.
        assert_eq!(parse_tree(&nested(100_000)), Err(too_deep()));
        assert_eq!(check(nested(100_000).as_bytes()), Err(too_deep()));
        assert_eq!(check(nested(DEPTH_MAX).as_bytes()), Ok(()));
        // An empty element one level below the limit counts as that level.
        let deep_empty = format!(
            "{}<b/>{}",
            "<a>".repeat(DEPTH_MAX),
            "</a>".repeat(DEPTH_MAX)
        );
        assert_eq!(parse_tree(&deep_empty), Err(too_deep()));
        assert_eq!(check(deep_empty.as_bytes()), Err(too_deep()));
    }

    #[test]
    fn element_count_is_bounded() {
        let wide = format!("<r>{}</r>", "<a/>".repeat(ELEMENTS_MAX));
        assert_eq!(parse_tree(&wide), Err(too_many()));
        assert_eq!(check(wide.as_bytes()), Err(too_many()));
        let fits = format!("<r>{}</r>", "<a/>".repeat(ELEMENTS_MAX - 1));
        assert_eq!(
            parse_tree(&fits).map(|r| r.children.len()),
            Ok(ELEMENTS_MAX - 1)
        );
    }

    #[test]
    fn broken_documents_are_errors() {
        assert!(parse_tree("<a><b></a>").is_err());
        assert_eq!(
            parse_tree("<a><b>").unwrap_err(),
            "documento XML incompleto"
        );
        assert!(parse_tree("").is_err());
        assert!(
            parse_tree("<a>&bogus;</a>")
                .unwrap_err()
                .contains("entidad")
        );
    }
}
