//! Hostile files, built here byte by byte: what an outside probe used to take the server down
//! (an XML 50 000 levels deep, a 1.5 KB XLSX declaring 16 384 × 1 048 576 cells) and what else a
//! file can claim (shared strings by the million, an ODS cell repeated a billion times, an XLS
//! `DIMENSIONS` record of four billion rows, a ZIP bomb, ten million rows, truncated files).
//! `uploads` sends them through the router on both backends; `process` sends them to the real
//! binary and watches its memory.

use std::io::{Cursor, Read, Write};

use zip::write::SimpleFileOptions;

/// `<autorizacion>` around `depth` nested `<a>`: the probe's first file.
pub fn deep_xml(depth: usize) -> Vec<u8> {
    format!(
        "<autorizacion>{}{}</autorizacion>",
        "<a>".repeat(depth),
        "</a>".repeat(depth)
    )
    .into_bytes()
}

/// A SOAP answer whose body is `depth` levels deep.
pub fn deep_soap(depth: usize) -> String {
    format!(
        "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>{}{}</soap:Body></soap:Envelope>",
        "<a>".repeat(depth),
        "</a>".repeat(depth)
    )
}

/// A ZIP of these files, compressed.
pub fn zip_of(files: &[(&str, &[u8])]) -> Vec<u8> {
    let mut out = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for (name, data) in files {
        out.start_file(
            *name,
            SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated),
        )
        .expect("zip");
        out.write_all(data).expect("zip");
    }
    out.finish().expect("zip").into_inner()
}

/// One entry of `megabytes` of zeros: a few hundred kilobytes that inflate past every limit.
pub fn zip_bomb(megabytes: usize) -> Vec<u8> {
    let mut out = zip::ZipWriter::new(Cursor::new(Vec::new()));
    out.start_file(
        "factura.xml",
        SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .large_file(true),
    )
    .expect("zip");
    let block = vec![0u8; 1024 * 1024];
    for _ in 0..megabytes {
        out.write_all(&block).expect("zip");
    }
    out.finish().expect("zip").into_inner()
}

/// The same archive with `change` applied to each part's bytes (by name).
pub fn rezip(bytes: &[u8], change: impl Fn(&str, Vec<u8>) -> Vec<u8>) -> Vec<u8> {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).expect("zip");
    let mut out = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for i in 0..archive.len() {
        let mut part = archive.by_index(i).expect("parte");
        let name = part.name().expect("nombre").to_string();
        let mut data = Vec::new();
        part.read_to_end(&mut data).expect("parte");
        out.start_file(
            name.as_str(),
            SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated),
        )
        .expect("zip");
        out.write_all(&change(&name, data)).expect("zip");
    }
    out.finish().expect("zip").into_inner()
}

/// A workbook written by rust_xlsxwriter with text in the given cells.
fn xlsx(cells: &[(u32, u16, &str)]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (row, column, text) in cells {
        sheet.write_string(*row, *column, *text).expect("celda");
    }
    book.save_to_buffer().expect("xlsx")
}

/// The probe's second file: `A1="codigo"` and `XFD1048576="x"`.
pub fn xlsx_far_cell() -> Vec<u8> {
    xlsx(&[(0, 0, "codigo"), (1_048_575, 16_383, "x")])
}

/// A small valid product sheet whose shared strings declare a trillion entries.
pub fn xlsx_shared_strings_claim() -> Vec<u8> {
    rezip(
        &xlsx(&[(0, 0, "codigo"), (0, 1, "nombre"), (1, 0, "A1")]),
        |name, data| {
            if name != "xl/sharedStrings.xml" {
                return data;
            }
            let text = String::from_utf8(data).expect("texto");
            let start = text.find("uniqueCount=\"").expect("uniqueCount") + 13;
            let end = start + text[start..].find('"').expect("comilla");
            format!("{}1000000000000{}", &text[..start], &text[end..]).into_bytes()
        },
    )
}

/// A product sheet with `megabytes` of empty shared strings: a few hundred kilobytes of file.
pub fn xlsx_shared_strings_flood(megabytes: usize) -> Vec<u8> {
    rezip(&xlsx(&[(0, 0, "codigo"), (1, 0, "A1")]), |name, data| {
        if name != "xl/sharedStrings.xml" {
            return data;
        }
        let count = megabytes * 1024 * 1024 / 13;
        let mut xml = String::from(
            "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<sst xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\">",
        );
        xml.push_str("<si><t>codigo</t></si><si><t>A1</t></si>");
        xml.push_str(&"<si><t/></si>".repeat(count));
        xml.push_str("</sst>");
        xml.into_bytes()
    })
}

/// An ODS whose one cell is repeated across every column of a million rows, with a space count
/// of four billion.
pub fn ods_repeated() -> Vec<u8> {
    let content = r#"<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"><office:body><office:spreadsheet><table:table table:name="Hoja1"><table:table-row table:number-rows-repeated="1048576"><table:table-cell table:number-columns-repeated="16384" office:value-type="string"><text:p>x<text:s text:c="4000000000"/></text:p></table:table-cell></table:table-row></table:table></office:spreadsheet></office:body></office:document-content>"#;
    let mut out = zip::ZipWriter::new(Cursor::new(Vec::new()));
    out.start_file("mimetype", SimpleFileOptions::default())
        .expect("zip");
    out.write_all(b"application/vnd.oasis.opendocument.spreadsheet")
        .expect("zip");
    out.start_file(
        "content.xml",
        SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated),
    )
    .expect("zip");
    out.write_all(content.as_bytes()).expect("zip");
    out.finish().expect("zip").into_inner()
}

fn record(kind: u16, data: &[u8]) -> Vec<u8> {
    let mut out = kind.to_le_bytes().to_vec();
    out.extend((data.len() as u16).to_le_bytes());
    out.extend(data);
    out
}

/// An XLS (a compound file with a `Workbook` stream) whose sheet declares rows 0 to 4 294 967 294
/// across 256 columns.
pub fn xls_dimensions() -> Vec<u8> {
    // BIFF8 BOF: version 0x0600, type (globals 0x0005, worksheet 0x0010).
    let bof = |kind: u16| {
        let mut data = 0x0600u16.to_le_bytes().to_vec();
        data.extend(kind.to_le_bytes());
        data.extend([0u8; 12]);
        record(0x0809, &data)
    };
    let mut globals = bof(0x0005);
    let name = b"Hoja1";
    let sheet_at = globals.len() + 4 + (6 + 2 + name.len()) + 4;
    let mut bound = (sheet_at as u32).to_le_bytes().to_vec();
    bound.extend([0, 0, name.len() as u8, 0]);
    bound.extend(name);
    globals.extend(record(0x0085, &bound));
    globals.extend(record(0x000A, &[]));
    assert_eq!(globals.len(), sheet_at);
    let mut dims = 0u32.to_le_bytes().to_vec();
    dims.extend(u32::MAX.to_le_bytes());
    dims.extend(0u16.to_le_bytes());
    dims.extend(256u16.to_le_bytes());
    dims.extend([0, 0]);
    globals.extend(bof(0x0010));
    globals.extend(record(0x0200, &dims));
    globals.extend(record(0x000A, &[]));
    let mut file = cfb::CompoundFile::create(Cursor::new(Vec::new())).expect("cfb");
    {
        let mut stream = file.create_stream("/Workbook").expect("stream");
        stream.write_all(&globals).expect("stream");
    }
    file.flush().expect("cfb");
    file.into_inner().into_inner()
}

/// A CSV of a header and `rows` one-letter rows.
pub fn csv_rows(rows: usize) -> Vec<u8> {
    let mut out = b"codigo\n".to_vec();
    out.extend("a\n".repeat(rows).as_bytes());
    out
}

/// A report of the SRI whose `lines` access keys are one letter each.
pub fn report_lines(lines: usize) -> Vec<u8> {
    let mut out = b"CLAVE_ACCESO\n".to_vec();
    out.extend("x\n".repeat(lines).as_bytes());
    out
}

/// One line of `megabytes` megabytes.
pub fn long_line(megabytes: usize) -> Vec<u8> {
    let mut out = b"codigo;nombre;precio\n".to_vec();
    out.extend(vec![b'x'; megabytes * 1024 * 1024]);
    out
}

/// The first half of `bytes`.
pub fn truncated(bytes: &[u8]) -> Vec<u8> {
    bytes[..bytes.len() / 2].to_vec()
}

/// A valid product sheet, to truncate.
pub fn xlsx_products() -> Vec<u8> {
    xlsx(&[
        (0, 0, "codigo"),
        (0, 1, "nombre"),
        (0, 2, "precio"),
        (1, 0, "A1"),
        (1, 1, "Arroz"),
        (1, 2, "1.00"),
    ])
}
