//! Reading the SRI's "comprobantes recibidos" report with the Lector .SRI.
//!
//! `cargo bench --bench lector` prints the milliseconds to read a 10,000-line TXT report (content
//! detection, decoding, header columns, each row's access key checked with its módulo 11, issuer and
//! receiver), the best of 5 runs, and fails when it takes more than 2 s.

use std::time::{Duration, Instant};

use chrono::NaiveDate;
use mostrador::services::lector::read_upload;
use mostrador::sri::catalog::{DocType, Environment};
use mostrador::sri::clave::{ClaveAcceso, ClaveParts};

const ROWS: u32 = 10_000;
const COMPANY: &str = "1790011224001";
const ISSUER: &str = "1790011001001";
const LIMIT: Duration = Duration::from_secs(2);

fn report() -> Vec<u8> {
    let mut text = String::from(
        "RUC_EMISOR\tRAZON_SOCIAL_EMISOR\tTIPO_COMPROBANTE\tSERIE_COMPROBANTE\tCLAVE_ACCESO\tFECHA_AUTORIZACION\tFECHA_EMISION\tIDENTIFICACION_RECEPTOR\tVALOR_SIN_IMPUESTOS\tIVA\tIMPORTE_TOTAL\tNUMERO_DOCUMENTO_MODIFICADO\n",
    );
    let date = NaiveDate::from_ymd_opt(2026, 1, 15).expect("fecha");
    for n in 1..=ROWS {
        let key = ClaveAcceso::build(&ClaveParts {
            issue_date: date,
            doc_type: DocType::Factura,
            ruc: ISSUER.into(),
            environment: Environment::Produccion,
            establishment: "001".into(),
            emission_point: "001".into(),
            sequential: n,
            numeric_code: "12345678".into(),
        })
        .expect("clave");
        text.push_str(&format!(
            "{ISSUER}\tDISTRIBUIDORA S.A.\tFactura\t001-001-{n:09}\t{}\t15/01/2026 10:00:00\t15/01/2026\t{COMPANY}\t10.00\t1.50\t11.50\t\n",
            key.as_str()
        ));
    }
    text.into_bytes()
}

fn main() {
    let bytes = report();
    let mut best = Duration::MAX;
    for _ in 0..5 {
        let at = Instant::now();
        let reading = read_upload(&bytes, COMPANY).expect("reporte");
        best = best.min(at.elapsed());
        assert_eq!(reading.pending.len(), ROWS as usize);
        assert!(reading.errors.is_empty(), "{:?}", &reading.errors[..1]);
    }
    println!(
        "lector: reporte TXT de {ROWS} líneas leído en {:.1} ms (mejor de 5; límite {} ms)",
        best.as_secs_f64() * 1000.0,
        LIMIT.as_millis()
    );
    assert!(best <= LIMIT, "el reporte tardó {best:?}");
}
