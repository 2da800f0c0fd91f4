//! Minimal, hand-written bindings to the system libxml2 (`-lxml2`).
//!
//! Why libxml2 and not `xmllint`: XSD validation and canonicalization run for every
//! document (in production, before signing, and in the SRI stand-in on every
//! reception). A subprocess per document costs several milliseconds and a fork;
//! in-process libxml2 costs tens of microseconds, keeps the 200 documents/s/core
//! target reachable and needs no binary on the server's `PATH`. libxml2 is also an
//! implementation of C14N independent from our own serializer, so the signature
//! verifier does not share code (and bugs) with the signer.
//!
//! Only what the engine needs is bound: parsing from memory (network and DTD
//! loading disabled), tree walking, XSD validation, inclusive C14N of a node subset
//! and an in-memory resolver for the `xmldsig-core-schema.xsd` import of the
//! embedded SRI schemas. Every raw pointer stays inside this module; callers get the
//! safe [`Doc`] and [`Node`] types.

use std::ffi::{CStr, CString, c_char, c_int, c_void};
use std::marker::PhantomData;
use std::ptr;
use std::sync::Once;

const XML_ELEMENT_NODE: c_int = 1;
const XML_ATTRIBUTE_NODE: c_int = 2;
const XML_TEXT_NODE: c_int = 3;
const XML_CDATA_SECTION_NODE: c_int = 4;
const XML_NAMESPACE_DECL: c_int = 18;

/// `XML_PARSE_NONET`: never fetch anything from the network while parsing.
const XML_PARSE_NONET: c_int = 1 << 11;
/// `XML_PARSE_NOCDATA`: CDATA sections become ordinary text nodes.
const XML_PARSE_NOCDATA: c_int = 1 << 14;
/// `XML_PARSE_NOERROR | XML_PARSE_NOWARNING`: errors only go to our handler.
const XML_PARSE_QUIET: c_int = (1 << 5) | (1 << 6);

/// `XML_C14N_1_0`: inclusive canonical XML 1.0, the method the SRI requires.
const XML_C14N_1_0: c_int = 0;

/// Scheme of the URLs served from memory to the schema parser (see [`register_embedded`]).
pub const EMBEDDED_SCHEME: &str = "sri-embedded:///";

#[repr(C)]
struct XmlNodeRaw {
    private: *mut c_void,
    kind: c_int,
    name: *const c_char,
    children: *mut XmlNodeRaw,
    last: *mut XmlNodeRaw,
    parent: *mut XmlNodeRaw,
    next: *mut XmlNodeRaw,
    prev: *mut XmlNodeRaw,
    doc: *mut c_void,
    ns: *mut XmlNsRaw,
    content: *const c_char,
    properties: *mut XmlNodeRaw,
    ns_def: *mut XmlNsRaw,
}

#[repr(C)]
struct XmlNsRaw {
    next: *mut XmlNsRaw,
    kind: c_int,
    href: *const c_char,
    prefix: *const c_char,
}

#[repr(C)]
struct XmlErrorRaw {
    domain: c_int,
    code: c_int,
    message: *const c_char,
    level: c_int,
    file: *const c_char,
    line: c_int,
    str1: *const c_char,
    str2: *const c_char,
    str3: *const c_char,
    int1: c_int,
    int2: c_int,
    ctxt: *mut c_void,
    node: *mut c_void,
}

type StructuredErrorFn = unsafe extern "C" fn(*mut c_void, *mut XmlErrorRaw);
type VisibleFn = unsafe extern "C" fn(*mut c_void, *mut XmlNodeRaw, *mut XmlNodeRaw) -> c_int;
type MatchFn = unsafe extern "C" fn(*const c_char) -> c_int;
type OpenFn = unsafe extern "C" fn(*const c_char) -> *mut c_void;
type ReadFn = unsafe extern "C" fn(*mut c_void, *mut c_char, c_int) -> c_int;
type CloseFn = unsafe extern "C" fn(*mut c_void) -> c_int;

#[link(name = "xml2")]
unsafe extern "C" {
    fn xmlInitParser();
    fn xmlReadMemory(
        buffer: *const c_char,
        size: c_int,
        url: *const c_char,
        encoding: *const c_char,
        options: c_int,
    ) -> *mut c_void;
    fn xmlFreeDoc(doc: *mut c_void);
    fn xmlDocGetRootElement(doc: *mut c_void) -> *mut XmlNodeRaw;
    fn xmlGetIntSubset(doc: *mut c_void) -> *mut c_void;
    fn xmlUnlinkNode(node: *mut XmlNodeRaw);
    fn xmlFreeNode(node: *mut XmlNodeRaw);
    fn xmlSetStructuredErrorFunc(ctx: *mut c_void, handler: Option<StructuredErrorFn>);
    fn xmlRegisterInputCallbacks(
        match_fn: MatchFn,
        open_fn: OpenFn,
        read_fn: ReadFn,
        close_fn: CloseFn,
    ) -> c_int;

    fn xmlSchemaNewDocParserCtxt(doc: *mut c_void) -> *mut c_void;
    fn xmlSchemaSetParserStructuredErrors(
        ctxt: *mut c_void,
        handler: Option<StructuredErrorFn>,
        ctx: *mut c_void,
    );
    fn xmlSchemaParse(ctxt: *mut c_void) -> *mut c_void;
    fn xmlSchemaFreeParserCtxt(ctxt: *mut c_void);
    fn xmlSchemaFree(schema: *mut c_void);
    fn xmlSchemaNewValidCtxt(schema: *mut c_void) -> *mut c_void;
    fn xmlSchemaSetValidStructuredErrors(
        ctxt: *mut c_void,
        handler: Option<StructuredErrorFn>,
        ctx: *mut c_void,
    );
    fn xmlSchemaValidateDoc(ctxt: *mut c_void, doc: *mut c_void) -> c_int;
    fn xmlSchemaFreeValidCtxt(ctxt: *mut c_void);

    fn xmlAllocOutputBuffer(encoder: *mut c_void) -> *mut c_void;
    fn xmlOutputBufferGetContent(out: *mut c_void) -> *const u8;
    fn xmlOutputBufferGetSize(out: *mut c_void) -> usize;
    fn xmlOutputBufferClose(out: *mut c_void) -> c_int;
    fn xmlC14NExecute(
        doc: *mut c_void,
        is_visible: VisibleFn,
        user_data: *mut c_void,
        mode: c_int,
        inclusive_ns_prefixes: *mut *mut c_char,
        with_comments: c_int,
        buf: *mut c_void,
    ) -> c_int;
}

/// Files the schema parser may ask for by URL (`sri-embedded:///<name>`), served from
/// the binary. Set once by [`register_embedded`].
static EMBEDDED: std::sync::OnceLock<&'static [(&'static str, &'static [u8])]> =
    std::sync::OnceLock::new();
static INIT: Once = Once::new();

/// Initializes libxml2 once per process (required before multi-threaded use) and
/// installs the resolver for embedded files, before any document is parsed: libxml2's
/// table of input callbacks is global and must not change while other threads parse.
pub fn init() {
    INIT.call_once(|| unsafe {
        xmlInitParser();
        xmlRegisterInputCallbacks(embedded_match, embedded_open, embedded_read, embedded_close);
    });
}

/// Makes `files` available to libxml2 under `sri-embedded:///<name>`, so that the
/// `<xsd:import schemaLocation="xmldsig-core-schema.xsd"/>` of an embedded schema
/// resolves without touching the file system. Only the first call has an effect.
pub fn register_embedded(files: &'static [(&'static str, &'static [u8])]) {
    init();
    let _ = EMBEDDED.set(files);
}

fn embedded_lookup(url: *const c_char) -> Option<&'static [u8]> {
    if url.is_null() {
        return None;
    }
    let url = unsafe { CStr::from_ptr(url) }.to_str().ok()?;
    let name = url.strip_prefix(EMBEDDED_SCHEME)?;
    EMBEDDED
        .get()?
        .iter()
        .find(|(file, _)| *file == name)
        .map(|(_, bytes)| *bytes)
}

struct EmbeddedReader {
    data: &'static [u8],
    pos: usize,
}

unsafe extern "C" fn embedded_match(url: *const c_char) -> c_int {
    c_int::from(embedded_lookup(url).is_some())
}

unsafe extern "C" fn embedded_open(url: *const c_char) -> *mut c_void {
    match embedded_lookup(url) {
        Some(data) => Box::into_raw(Box::new(EmbeddedReader { data, pos: 0 })).cast(),
        None => ptr::null_mut(),
    }
}

unsafe extern "C" fn embedded_read(ctx: *mut c_void, buffer: *mut c_char, len: c_int) -> c_int {
    if ctx.is_null() || buffer.is_null() || len <= 0 {
        return -1;
    }
    let reader = unsafe { &mut *ctx.cast::<EmbeddedReader>() };
    let remaining = &reader.data[reader.pos..];
    let n = remaining.len().min(len as usize);
    unsafe { ptr::copy_nonoverlapping(remaining.as_ptr(), buffer.cast::<u8>(), n) };
    reader.pos += n;
    n as c_int
}

unsafe extern "C" fn embedded_close(ctx: *mut c_void) -> c_int {
    if !ctx.is_null() {
        drop(unsafe { Box::from_raw(ctx.cast::<EmbeddedReader>()) });
    }
    0
}

/// Collects libxml2 diagnostics (parser, schema) as readable one-line strings.
#[derive(Default)]
struct ErrorSink {
    messages: Vec<String>,
}

unsafe extern "C" fn collect_error(ctx: *mut c_void, error: *mut XmlErrorRaw) {
    if ctx.is_null() || error.is_null() {
        return;
    }
    let sink = unsafe { &mut *ctx.cast::<ErrorSink>() };
    let error = unsafe { &*error };
    // Level 1 = warning (e.g. the `<?xml version="1.1"?>` of two SRI schemas): ignored.
    if error.level < 2 {
        return;
    }
    let message = if error.message.is_null() {
        String::from("error desconocido de libxml2")
    } else {
        unsafe { CStr::from_ptr(error.message) }
            .to_string_lossy()
            .trim()
            .to_string()
    };
    let text = if error.line > 0 {
        format!("línea {}: {}", error.line, message)
    } else {
        message
    };
    sink.messages.push(text);
}

/// Routes the current thread's libxml2 errors into `sink` while `f` runs.
fn with_error_sink<T>(sink: *mut ErrorSink, f: impl FnOnce() -> T) -> T {
    unsafe { xmlSetStructuredErrorFunc(sink.cast(), Some(collect_error)) };
    let out = f();
    unsafe { xmlSetStructuredErrorFunc(ptr::null_mut(), None) };
    out
}

/// Error from libxml2 with all the diagnostics it produced.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", messages.join("; "))]
pub struct XmlError {
    /// One entry per libxml2 diagnostic, already readable.
    pub messages: Vec<String>,
}

impl XmlError {
    fn new(messages: Vec<String>, fallback: &str) -> Self {
        if messages.is_empty() {
            Self {
                messages: vec![fallback.to_string()],
            }
        } else {
            Self { messages }
        }
    }
}

/// A parsed XML document owned by this process. Not `Send`: libxml2 trees belong to
/// the thread that uses them; parse, inspect and drop within one synchronous call.
pub struct Doc {
    raw: *mut c_void,
}

impl Drop for Doc {
    fn drop(&mut self) {
        unsafe { xmlFreeDoc(self.raw) };
    }
}

impl Doc {
    /// Parses untrusted bytes: no network, no DTD loading, no entity expansion, and
    /// documents with a DOCTYPE are refused (no SRI document has one; refusing them
    /// closes the door to entity tricks).
    /// The application's limits on depth and size ([`crate::util::xml::check`]) apply first:
    /// libxml2 frees and walks its trees recursively.
    pub fn parse(bytes: &[u8]) -> Result<Doc, XmlError> {
        crate::util::xml::check(bytes).map_err(|problem| XmlError::new(vec![], &problem))?;
        Self::parse_with_url(bytes, None)
    }

    fn parse_with_url(bytes: &[u8], url: Option<&CStr>) -> Result<Doc, XmlError> {
        init();
        let len = c_int::try_from(bytes.len())
            .map_err(|_| XmlError::new(vec![], "el documento es demasiado grande"))?;
        let mut sink = ErrorSink::default();
        let raw = with_error_sink(&mut sink, || unsafe {
            xmlReadMemory(
                bytes.as_ptr().cast(),
                len,
                url.map_or(ptr::null(), CStr::as_ptr),
                ptr::null(),
                XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_QUIET,
            )
        });
        if raw.is_null() {
            return Err(XmlError::new(sink.messages, "el XML no está bien formado"));
        }
        let doc = Doc { raw };
        if url.is_none() && unsafe { !xmlGetIntSubset(raw).is_null() } {
            return Err(XmlError::new(
                vec![],
                "el XML no debe contener una declaración DOCTYPE",
            ));
        }
        Ok(doc)
    }

    /// The document element.
    pub fn root(&self) -> Option<Node<'_>> {
        let raw = unsafe { xmlDocGetRootElement(self.raw) };
        Node::wrap(raw)
    }

    /// Removes `node` (and its subtree) from the document.
    pub fn remove(&mut self, node: NodeId) {
        unsafe {
            xmlUnlinkNode(node.0);
            xmlFreeNode(node.0);
        }
    }

    /// Inclusive C14N 1.0 (without comments) of the subtree rooted at `apex`, minus the
    /// subtree rooted at `exclude`. With `exclude` = the signature this is exactly the
    /// "enveloped-signature" transform followed by the canonicalization of a
    /// same-document reference; with `exclude` = `None` it is the canonical form of an
    /// element as a signed node-set (in-scope namespaces rendered on the apex).
    pub fn c14n(&self, apex: NodeId, exclude: Option<NodeId>) -> Result<Vec<u8>, XmlError> {
        let mut subset = Subset {
            apex: apex.0,
            exclude: exclude.map_or(ptr::null_mut(), |n| n.0),
        };
        unsafe {
            let buf = xmlAllocOutputBuffer(ptr::null_mut());
            if buf.is_null() {
                return Err(XmlError::new(vec![], "sin memoria para canonicalizar"));
            }
            let rc = xmlC14NExecute(
                self.raw,
                subset_visible,
                (&mut subset as *mut Subset).cast(),
                XML_C14N_1_0,
                ptr::null_mut(),
                0,
                buf,
            );
            let out = if rc < 0 {
                Err(XmlError::new(vec![], "no se pudo canonicalizar el XML"))
            } else {
                let data = xmlOutputBufferGetContent(buf);
                let size = xmlOutputBufferGetSize(buf);
                if data.is_null() {
                    Ok(Vec::new())
                } else {
                    Ok(std::slice::from_raw_parts(data, size).to_vec())
                }
            };
            xmlOutputBufferClose(buf);
            out
        }
    }

    /// Validates this document against a compiled schema.
    pub fn validate(&self, schema: &CompiledSchema) -> Result<(), XmlError> {
        let mut sink = ErrorSink::default();
        let sink_ptr: *mut ErrorSink = &mut sink;
        let rc = unsafe {
            let ctxt = xmlSchemaNewValidCtxt(schema.raw);
            if ctxt.is_null() {
                return Err(XmlError::new(vec![], "no se pudo crear el validador XSD"));
            }
            xmlSchemaSetValidStructuredErrors(ctxt, Some(collect_error), sink_ptr.cast());
            let rc = with_error_sink(sink_ptr, || xmlSchemaValidateDoc(ctxt, self.raw));
            xmlSchemaFreeValidCtxt(ctxt);
            rc
        };
        if rc == 0 {
            Ok(())
        } else {
            Err(XmlError::new(
                sink.messages,
                "el XML no cumple el esquema XSD",
            ))
        }
    }
}

struct Subset {
    apex: *mut XmlNodeRaw,
    exclude: *mut XmlNodeRaw,
}

unsafe extern "C" fn subset_visible(
    user: *mut c_void,
    node: *mut XmlNodeRaw,
    parent: *mut XmlNodeRaw,
) -> c_int {
    if user.is_null() || node.is_null() {
        return 0;
    }
    let subset = unsafe { &*user.cast::<Subset>() };
    // Namespace nodes (`xmlNs`) and attributes are judged by the element they belong to;
    // `kind` sits at the same offset in `xmlNode`, `xmlAttr` and `xmlNs`.
    let kind = unsafe { (*node).kind };
    let mut cur = if (kind == XML_NAMESPACE_DECL || kind == XML_ATTRIBUTE_NODE) && !parent.is_null()
    {
        parent
    } else if kind == XML_NAMESPACE_DECL {
        return 0;
    } else {
        node
    };
    while !cur.is_null() {
        if cur == subset.exclude {
            return 0;
        }
        if cur == subset.apex {
            return 1;
        }
        cur = unsafe { (*cur).parent };
    }
    0
}

/// Opaque identity of a node, usable after the borrow of the [`Node`] ended
/// (e.g. to remove it or to use it as a C14N apex).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct NodeId(*mut XmlNodeRaw);

/// An element (or other node) inside a [`Doc`].
#[derive(Clone, Copy)]
pub struct Node<'d> {
    raw: *mut XmlNodeRaw,
    _doc: PhantomData<&'d Doc>,
}

impl<'d> Node<'d> {
    fn wrap(raw: *mut XmlNodeRaw) -> Option<Node<'d>> {
        if raw.is_null() {
            None
        } else {
            Some(Node {
                raw,
                _doc: PhantomData,
            })
        }
    }

    /// Identity usable for [`Doc::c14n`] and [`Doc::remove`].
    pub fn id(&self) -> NodeId {
        NodeId(self.raw)
    }

    /// True for element nodes.
    pub fn is_element(&self) -> bool {
        unsafe { (*self.raw).kind == XML_ELEMENT_NODE }
    }

    /// Local name (without prefix).
    pub fn name(&self) -> &'d str {
        cstr(unsafe { (*self.raw).name })
    }

    /// Namespace URI of the element, empty when it has none.
    pub fn namespace(&self) -> &'d str {
        let ns = unsafe { (*self.raw).ns };
        if ns.is_null() {
            ""
        } else {
            cstr(unsafe { (*ns).href })
        }
    }

    /// Namespace declarations made on this element, as (prefix, URI); the default
    /// namespace has an empty prefix.
    pub fn namespace_declarations(&self) -> Vec<(&'d str, &'d str)> {
        let mut out = Vec::new();
        let mut ns = unsafe { (*self.raw).ns_def };
        while !ns.is_null() {
            out.push((cstr(unsafe { (*ns).prefix }), cstr(unsafe { (*ns).href })));
            ns = unsafe { (*ns).next };
        }
        out
    }

    /// Element children in document order.
    pub fn elements(&self) -> Vec<Node<'d>> {
        let mut out = Vec::new();
        let mut cur = unsafe { (*self.raw).children };
        while !cur.is_null() {
            if unsafe { (*cur).kind } == XML_ELEMENT_NODE {
                out.push(Node {
                    raw: cur,
                    _doc: PhantomData,
                });
            }
            cur = unsafe { (*cur).next };
        }
        out
    }

    /// First element child with this namespace URI and local name.
    pub fn child(&self, namespace: &str, name: &str) -> Option<Node<'d>> {
        self.elements()
            .into_iter()
            .find(|n| n.name() == name && n.namespace() == namespace)
    }

    /// First descendant element (depth-first) with this namespace URI and local name.
    pub fn descendant(&self, namespace: &str, name: &str) -> Option<Node<'d>> {
        for child in self.elements() {
            if child.name() == name && child.namespace() == namespace {
                return Some(child);
            }
            if let Some(found) = child.descendant(namespace, name) {
                return Some(found);
            }
        }
        None
    }

    /// All descendant elements (depth-first, document order).
    pub fn descendants(&self) -> Vec<Node<'d>> {
        let mut out = Vec::new();
        for child in self.elements() {
            out.push(child);
            out.extend(child.descendants());
        }
        out
    }

    /// Value of an attribute without namespace (e.g. `Id`, `URI`, `id`).
    pub fn attr(&self, name: &str) -> Option<String> {
        let mut attr = unsafe { (*self.raw).properties };
        while !attr.is_null() {
            let attr_ns = unsafe { (*attr).ns };
            if attr_ns.is_null() && cstr(unsafe { (*attr).name }) == name {
                return Some(text_of(unsafe { (*attr).children }));
            }
            attr = unsafe { (*attr).next };
        }
        None
    }

    /// Names of all attributes that have a namespace prefix (e.g. `xml:lang`).
    pub fn has_namespaced_attributes(&self) -> bool {
        let mut attr = unsafe { (*self.raw).properties };
        while !attr.is_null() {
            if unsafe { !(*attr).ns.is_null() } {
                return true;
            }
            attr = unsafe { (*attr).next };
        }
        false
    }

    /// Concatenated text content of the direct text children.
    pub fn text(&self) -> String {
        text_of(unsafe { (*self.raw).children })
    }

    /// Parent element, if any.
    pub fn parent(&self) -> Option<Node<'d>> {
        let parent = unsafe { (*self.raw).parent };
        if parent.is_null() || unsafe { (*parent).kind } != XML_ELEMENT_NODE {
            None
        } else {
            Some(Node {
                raw: parent,
                _doc: PhantomData,
            })
        }
    }
}

fn text_of(mut cur: *mut XmlNodeRaw) -> String {
    let mut out = String::new();
    while !cur.is_null() {
        let kind = unsafe { (*cur).kind };
        if kind == XML_TEXT_NODE || kind == XML_CDATA_SECTION_NODE {
            out.push_str(cstr(unsafe { (*cur).content }));
        }
        cur = unsafe { (*cur).next };
    }
    out
}

fn cstr<'a>(p: *const c_char) -> &'a str {
    if p.is_null() {
        ""
    } else {
        unsafe { CStr::from_ptr(p) }.to_str().unwrap_or("")
    }
}

/// A compiled XSD, immutable after compilation and therefore shareable between
/// threads (libxml2 documents `xmlSchema` as read-only during validation).
pub struct CompiledSchema {
    raw: *mut c_void,
    /// The schema document; libxml2 may keep pointers into it, so it lives as long
    /// as the compiled schema.
    _source: Doc,
}

impl Drop for CompiledSchema {
    fn drop(&mut self) {
        unsafe { xmlSchemaFree(self.raw) };
    }
}

// SAFETY: libxml2 never mutates a compiled schema during validation; each validation
// uses its own validation context.
unsafe impl Send for CompiledSchema {}
// SAFETY: see above.
unsafe impl Sync for CompiledSchema {}

impl CompiledSchema {
    /// Compiles the schema whose text is registered under `name` with
    /// [`register_embedded`]; imports resolve to other registered files.
    pub fn compile_embedded(name: &str, source: &[u8]) -> Result<CompiledSchema, XmlError> {
        let url = CString::new(format!("{EMBEDDED_SCHEME}{name}"))
            .map_err(|_| XmlError::new(vec![], "nombre de esquema inválido"))?;
        let doc = Doc::parse_with_url(source, Some(&url))?;
        let mut sink = ErrorSink::default();
        let sink_ptr: *mut ErrorSink = &mut sink;
        let schema = unsafe {
            let ctxt = xmlSchemaNewDocParserCtxt(doc.raw);
            if ctxt.is_null() {
                return Err(XmlError::new(vec![], "no se pudo leer el esquema XSD"));
            }
            xmlSchemaSetParserStructuredErrors(ctxt, Some(collect_error), sink_ptr.cast());
            let schema = with_error_sink(sink_ptr, || xmlSchemaParse(ctxt));
            xmlSchemaFreeParserCtxt(ctxt);
            schema
        };
        if schema.is_null() {
            Err(XmlError::new(sink.messages, "el esquema XSD no compila"))
        } else {
            Ok(CompiledSchema {
                raw: schema,
                _source: doc,
            })
        }
    }
}
