//! What an uploaded file is, told by its content and never by its name: a ZIP (its entries read
//! one at a time, with limits against ZIP bombs), an XML (an authorized document), an HTML page
//! (refused with a message saying what to download instead), or the SRI's TXT report (found by
//! its header line). The report comes in UTF-8, with or without BOM, or in Windows-1252, so text
//! is decoded defensively here. Hand-written because these few checks are all the formats share.

use std::io::Read;

/// Most entries read from one ZIP.
const ZIP_ENTRIES_MAX: usize = 20_000;
/// Largest entry once uncompressed (an authorized document is at most 320 KB at the SRI).
const ZIP_ENTRY_MAX: u64 = 8 * 1024 * 1024;
/// Most bytes uncompressed from one ZIP (its documents are kept until they are stored).
const ZIP_TOTAL_MAX: u64 = 64 * 1024 * 1024;

/// Shown for a file that is none of the accepted kinds.
pub const UNKNOWN: &str = "No se reconoce el archivo: suba el reporte TXT de comprobantes recibidos del SRI, un XML autorizado o un ZIP con ellos";
/// Shown for an HTML page (a saved portal page, a login page, an error page).
pub const HTML: &str = "El archivo es una página web (HTML), no un comprobante: descargue desde SRI en línea el reporte TXT de comprobantes recibidos o el XML autorizado";

/// What a file holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Content {
    /// The TXT report, decoded.
    Report(String),
    /// An XML document, decoded.
    Xml(String),
    /// A ZIP, read entry by entry with [`each_entry`].
    Zip,
}

/// The bytes as text: UTF-8 (BOM removed) or else Windows-1252.
pub fn decode(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_string(),
        Err(_) => encoding_rs::WINDOWS_1252.decode(bytes).0.into_owned(),
    }
}

/// Whether `text` (already trimmed at the start) looks like an HTML page.
fn is_html(text: &str) -> bool {
    let head: String = text.chars().take(2048).collect::<String>().to_lowercase();
    head.starts_with("<!doctype html") || head.starts_with("<html") || head.contains("<html")
}

/// Tells what `bytes` are. `allow_zip` is false for the entries of a ZIP (no nesting).
pub fn detect(bytes: &[u8], allow_zip: bool) -> Result<Content, String> {
    if bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06") {
        if !allow_zip {
            return Err("un ZIP dentro de otro ZIP no se lee".into());
        }
        return Ok(Content::Zip);
    }
    let text = decode(bytes);
    let trimmed = text.trim_start();
    if trimmed.is_empty() {
        return Err("El archivo está vacío".into());
    }
    if is_html(trimmed) {
        return Err(HTML.into());
    }
    if trimmed.starts_with('<') {
        return Ok(Content::Xml(trimmed.to_string()));
    }
    let header = trimmed.lines().take(5).any(|l| {
        let upper = l.to_uppercase();
        upper.contains("CLAVE_ACCESO") || upper.contains("CLAVE DE ACCESO")
    });
    if header {
        return Ok(Content::Report(text));
    }
    Err(UNKNOWN.into())
}

/// Calls `visit` with each file of the ZIP (its name and bytes; folders skipped), one at a time,
/// so only one entry is held uncompressed at once; refuses a ZIP past the limits.
pub fn each_entry(bytes: &[u8], mut visit: impl FnMut(usize, &str, &[u8])) -> Result<(), String> {
    // The zip crate's own messages are English and technical.
    let damaged = |_| "El ZIP está dañado o incompleto: descárguelo otra vez".to_string();
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).map_err(damaged)?;
    if archive.len() > ZIP_ENTRIES_MAX {
        return Err(format!(
            "El ZIP tiene {} archivos; se leen hasta {ZIP_ENTRIES_MAX}",
            archive.len()
        ));
    }
    if archive.is_empty() {
        return Err("El ZIP está vacío".into());
    }
    let mut total: u64 = 0;
    for i in 0..archive.len() {
        let entry = archive.by_index(i).map_err(damaged)?;
        if entry.is_dir() {
            continue;
        }
        let name = entry
            .name()
            .map(|n| n.chars().take(200).collect::<String>())
            .unwrap_or_else(|_| format!("archivo {}", i + 1));
        let mut data = Vec::new();
        entry
            .take(ZIP_ENTRY_MAX + 1)
            .read_to_end(&mut data)
            .map_err(|_| format!("No se pudo leer «{name}» del ZIP: está dañado"))?;
        if data.len() as u64 > ZIP_ENTRY_MAX {
            return Err(format!(
                "«{name}» del ZIP es demasiado grande (más de {} MB)",
                ZIP_ENTRY_MAX / 1024 / 1024
            ));
        }
        total += data.len() as u64;
        if total > ZIP_TOTAL_MAX {
            return Err(format!(
                "El contenido del ZIP pasa de {} MB",
                ZIP_TOTAL_MAX / 1024 / 1024
            ));
        }
        visit(i + 1, &name, &data);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_by_content() {
        assert!(matches!(
            detect(b"\xEF\xBB\xBFRUC_EMISOR\tCLAVE_ACCESO\n", true),
            Ok(Content::Report(_))
        ));
        assert!(matches!(
            detect(b"  <?xml version=\"1.0\"?><factura/>", true),
            Ok(Content::Xml(_))
        ));
        assert_eq!(
            detect(b"<!DOCTYPE html><html><body>Hola</body></html>", true),
            Err(HTML.to_string())
        );
        assert_eq!(detect(b"hola", true), Err(UNKNOWN.to_string()));
        assert_eq!(detect(b"PK\x03\x04garbage", true), Ok(Content::Zip));
        assert!(each_entry(b"PK\x03\x04garbage", |_, _, _| {}).is_err());
        assert!(detect(b"PK\x03\x04garbage", false).is_err());
    }

    #[test]
    fn decodes_windows_1252() {
        assert_eq!(decode(b"Cr\xe9dito"), "Crédito");
        assert_eq!(decode("Crédito".as_bytes()), "Crédito");
    }
}
