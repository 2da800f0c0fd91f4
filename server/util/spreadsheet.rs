//! Reading the rows of an uploaded spreadsheet: CSV (`;` or `,`, quoted fields, UTF-8 with or
//! without BOM) and XLSX (the first worksheet; read from the zip with `flate2`, shared and inline
//! strings, numbers as written). Every cell comes back as text, exactly as written (a name that
//! starts with `=` is stored as such); the caller validates it. The files the app writes are
//! `util::export`.

use std::io::Read;

/// Why a file could not be read (Spanish, for the user).
pub type SheetError = String;

/// Rows of cells (the first row is the header).
pub type Rows = Vec<Vec<String>>;

/// Reads a CSV or XLSX file by its content (an XLSX file is a zip: it starts with `PK`).
pub fn read_rows(bytes: &[u8]) -> Result<Rows, SheetError> {
    if bytes.starts_with(b"PK\x03\x04") {
        read_xlsx(bytes)
    } else {
        let text = std::str::from_utf8(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes))
            .map_err(|_| "El archivo CSV debe estar en UTF-8".to_string())?;
        Ok(read_csv(text))
    }
}

/// Parses CSV text; the separator is `;` or `,`, whichever the header line has more of.
pub fn read_csv(text: &str) -> Rows {
    let header = text.lines().next().unwrap_or_default();
    let sep = if header.matches(';').count() >= header.matches(',').count() && header.contains(';')
    {
        ';'
    } else {
        ','
    };
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut cell = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    cell.push('"');
                }
                '"' => quoted = false,
                _ => cell.push(c),
            }
            continue;
        }
        match c {
            '"' if cell.is_empty() => quoted = true,
            c if c == sep => row.push(std::mem::take(&mut cell)),
            '\r' => {}
            '\n' => {
                row.push(std::mem::take(&mut cell));
                rows.push(std::mem::take(&mut row));
            }
            _ => cell.push(c),
        }
    }
    if !cell.is_empty() || !row.is_empty() {
        row.push(cell);
        rows.push(row);
    }
    rows.retain(|r| r.iter().any(|c| !c.trim().is_empty()));
    rows
}

/// The files of a zip archive by name, inflated on demand.
struct Zip<'a> {
    bytes: &'a [u8],
    entries: Vec<(String, usize, u16, usize)>,
}

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

impl<'a> Zip<'a> {
    fn open(bytes: &'a [u8]) -> Option<Self> {
        // End of central directory: the last "PK\x05\x06".
        let end = (0..bytes.len().saturating_sub(21))
            .rev()
            .take(70_000)
            .find(|&i| bytes[i..].starts_with(b"PK\x05\x06"))?;
        let count = u16_at(bytes, end + 10)? as usize;
        let mut at = u32_at(bytes, end + 16)? as usize;
        let mut entries = Vec::with_capacity(count);
        for _ in 0..count {
            if !bytes.get(at..)?.starts_with(b"PK\x01\x02") {
                return None;
            }
            let method = u16_at(bytes, at + 10)?;
            let compressed = u32_at(bytes, at + 20)? as usize;
            let name_len = u16_at(bytes, at + 28)? as usize;
            let extra = u16_at(bytes, at + 30)? as usize;
            let comment = u16_at(bytes, at + 32)? as usize;
            let local = u32_at(bytes, at + 42)? as usize;
            let name =
                String::from_utf8_lossy(bytes.get(at + 46..at + 46 + name_len)?).into_owned();
            entries.push((name, local, method, compressed));
            at += 46 + name_len + extra + comment;
        }
        Some(Self { bytes, entries })
    }

    fn names(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|e| e.0.as_str())
    }

    fn read(&self, name: &str) -> Option<String> {
        let (_, local, method, size) = self.entries.iter().find(|e| e.0 == name)?;
        let b = self.bytes;
        let name_len = u16_at(b, local + 26)? as usize;
        let extra = u16_at(b, local + 28)? as usize;
        let start = local + 30 + name_len + extra;
        let data = b.get(start..start + size)?;
        let mut out = String::new();
        match method {
            0 => out.push_str(std::str::from_utf8(data).ok()?),
            8 => {
                flate2::read::DeflateDecoder::new(data)
                    .read_to_string(&mut out)
                    .ok()?;
            }
            _ => return None,
        }
        Some(out)
    }
}

/// Decodes the XML entities of a text node.
fn unescape(text: &str) -> String {
    if !text.contains('&') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        let Some(end) = rest.find(';') else { break };
        let entity = &rest[1..end];
        let decoded = match entity {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            e => match e.strip_prefix("#x") {
                Some(hex) => u32::from_str_radix(hex, 16).ok(),
                None => e.strip_prefix('#').and_then(|d| d.parse().ok()),
            }
            .and_then(char::from_u32),
        };
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The text of every `<t>` inside `xml` (a shared string or an inline string may be split in
/// runs).
fn texts(xml: &str) -> String {
    let mut out = String::new();
    let mut rest = xml;
    while let Some(i) = rest.find("<t") {
        rest = &rest[i + 2..];
        if !rest.starts_with('>') && !rest.starts_with(' ') {
            continue;
        }
        let Some(open_end) = rest.find('>') else {
            break;
        };
        if rest[..open_end].ends_with('/') {
            rest = &rest[open_end + 1..];
            continue;
        }
        rest = &rest[open_end + 1..];
        let Some(close) = rest.find("</t>") else {
            break;
        };
        out.push_str(&unescape(&rest[..close]));
        rest = &rest[close + 4..];
    }
    out
}

/// The value of attribute `name` in a tag's text.
fn attribute<'x>(tag: &'x str, name: &str) -> Option<&'x str> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    let end = tag[start..].find('"')?;
    Some(&tag[start..start + end])
}

/// The column index of a cell reference (`C7` → 2).
fn column(reference: &str) -> usize {
    reference
        .chars()
        .take_while(char::is_ascii_alphabetic)
        .fold(0, |n, c| {
            n * 26 + (c.to_ascii_uppercase() as usize - 'A' as usize + 1)
        })
        .saturating_sub(1)
}

/// Reads the first worksheet of an XLSX file.
pub fn read_xlsx(bytes: &[u8]) -> Result<Rows, SheetError> {
    let invalid = || "El archivo XLSX no se pudo leer (¿está dañado?)".to_string();
    let zip = Zip::open(bytes).ok_or_else(invalid)?;
    let shared: Vec<String> = match zip.read("xl/sharedStrings.xml") {
        Some(xml) => xml.split("<si>").skip(1).map(texts).collect(),
        None => Vec::new(),
    };
    let sheet = if zip.names().any(|n| n == "xl/worksheets/sheet1.xml") {
        "xl/worksheets/sheet1.xml".to_string()
    } else {
        zip.names()
            .filter(|n| n.starts_with("xl/worksheets/") && n.ends_with(".xml"))
            .min()
            .ok_or_else(invalid)?
            .to_string()
    };
    let xml = zip.read(&sheet).ok_or_else(invalid)?;
    let mut rows = Vec::new();
    for row_xml in xml.split("<row").skip(1) {
        let row_xml = row_xml.split("</row>").next().unwrap_or_default();
        let mut row: Vec<String> = Vec::new();
        for cell in row_xml.split("<c ").skip(1) {
            let tag_end = cell.find('>').unwrap_or(cell.len());
            let tag = format!(" {}", &cell[..tag_end]);
            let index = attribute(&tag, "r").map(column).unwrap_or(row.len());
            let body = if cell[..tag_end].ends_with('/') {
                ""
            } else {
                &cell[tag_end.min(cell.len())..]
            };
            let value = body.find("<v>").and_then(|i| {
                body[i + 3..]
                    .find("</v>")
                    .map(|j| unescape(&body[i + 3..i + 3 + j]))
            });
            let text = match attribute(&tag, "t") {
                Some("s") => value
                    .and_then(|v| v.trim().parse::<usize>().ok())
                    .and_then(|i| shared.get(i).cloned())
                    .unwrap_or_default(),
                Some("inlineStr") => texts(body),
                _ => value.unwrap_or_default(),
            };
            if row.len() <= index {
                row.resize(index + 1, String::new());
            }
            row[index] = text;
        }
        rows.push(row);
    }
    rows.retain(|r| r.iter().any(|c| !c.trim().is_empty()));
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_separators_quotes_and_bom() {
        let rows = read_rows("\u{feff}codigo;nombre;precio\r\nA1;\"Azúcar; 1 kg\";1.10\r\n\r\nA2;\"Dice \"\"hola\"\"\";2\n".as_bytes()).unwrap();
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[0][0], "codigo");
        assert_eq!(rows[1], ["A1", "Azúcar; 1 kg", "1.10"]);
        assert_eq!(rows[2][1], "Dice \"hola\"");
        let rows = read_rows(b"codigo,nombre\nB1,Pan").unwrap();
        assert_eq!(rows[1], ["B1", "Pan"]);
    }

    #[test]
    fn xlsx_round_trip() {
        let rows = vec![
            vec!["codigo".to_string(), "nombre".to_string()],
            vec!["X1".to_string(), "Café & té <1>".to_string()],
        ];
        let bytes = crate::util::export::write_xlsx(&rows);
        assert_eq!(read_rows(&bytes).unwrap(), rows);
    }
}
