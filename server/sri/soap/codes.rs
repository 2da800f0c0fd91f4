//! Official texts of the SRI's error and warning codes (Ficha técnica §11), used by
//! the stand-in to answer like the real services and by the CLI to explain answers.

/// `(code, mensaje as the SRI sends it, explanation for the user)`.
pub const CODES: &[(u32, &str, &str)] = &[
    (
        2,
        "RUC DEL EMISOR SE ENCUENTRA NO ACTIVO",
        "El RUC del emisor no está activo.",
    ),
    (
        10,
        "ESTABLECIMIENTO DEL EMISOR SE ENCUENTRA CLAUSURADO",
        "El establecimiento está clausurado.",
    ),
    (
        26,
        "TAMAÑO MÁXIMO SUPERADO",
        "El archivo supera el tamaño máximo permitido.",
    ),
    (
        27,
        "CLASE NO PERMITIDO",
        "La clase de contribuyente no puede emitir comprobantes electrónicos.",
    ),
    (
        28,
        "ACUERDO DE MEDIOS ELECTRÓNICOS NO ACEPTADO",
        "El contribuyente no aceptó el acuerdo de medios electrónicos.",
    ),
    (
        35,
        "ARCHIVO NO CUMPLE ESTRUCTURA XML",
        "El XML no cumple el esquema XSD.",
    ),
    (
        36,
        "VERSIÓN ESQUEMA DESCONTINUADA",
        "La versión del esquema ya no se acepta.",
    ),
    (
        37,
        "RUC SIN AUTORIZACIÓN DE EMISIÓN",
        "El RUC no está autorizado para emitir comprobantes electrónicos.",
    ),
    (39, "FIRMA INVALIDA", "La firma electrónica no es válida."),
    (
        40,
        "ERROR EN EL CERTIFICADO",
        "No se encontró el certificado o no es X509.",
    ),
    (
        43,
        "CLAVE ACCESO REGISTRADA",
        "La clave de acceso ya fue registrada.",
    ),
    (
        45,
        "SECUENCIAL REGISTRADO",
        "El secuencial ya fue registrado con otra clave de acceso.",
    ),
    (46, "RUC NO EXISTE", "El RUC del emisor no existe."),
    (
        47,
        "TIPO DE COMPROBANTE NO EXISTE",
        "El tipo de comprobante no existe.",
    ),
    (48, "ESQUEMA XSD NO EXISTE", "El esquema XSD no existe."),
    (
        49,
        "ARGUMENTOS QUE ENVIA AL WS NULOS",
        "La petición al servicio web llegó vacía.",
    ),
    (
        50,
        "ERROR INTERNO GENERAL",
        "Error interno del SRI; reintente más tarde.",
    ),
    (
        52,
        "ERROR EN DIFERENCIAS",
        "Los valores del comprobante no cuadran.",
    ),
    (
        56,
        "ESTABLECIMIENTO CERRADO",
        "El establecimiento está cerrado.",
    ),
    (
        57,
        "AUTORIZACIÓN SUSPENDIDA",
        "La autorización de emisión está suspendida.",
    ),
    (
        58,
        "ERROR EN LA ESTRUCTURA DE CLAVE ACCESO",
        "La clave de acceso no corresponde a los datos del comprobante.",
    ),
    (
        60,
        "ESTE PROCESO FUE REALIZADO EN EL AMBIENTE DE PRUEBAS",
        "Ambiente de pruebas: el comprobante no tiene validez tributaria.",
    ),
    (63, "RUC CLAUSURADO", "El RUC está clausurado."),
    (
        65,
        "FECHA DE EMISIÓN EXTEMPORANEA",
        "La fecha de emisión está fuera del plazo aceptado.",
    ),
    (67, "FECHA INVALIDA", "La fecha no es válida."),
    (
        70,
        "CLAVE DE ACCESO EN PROCESAMIENTO",
        "El comprobante ya está en proceso: consulte la autorización, no lo reenvíe.",
    ),
    (
        80,
        "ERROR EN LA ESTRUCTURA DE CLAVE ACCESO",
        "La clave de acceso consultada no es válida.",
    ),
    (
        82,
        "ERROR EN LA FECHA DE INICIO DE TRANSPORTE",
        "La fecha de inicio de transporte es anterior a la de emisión.",
    ),
];

/// The SRI's `mensaje` for a code (a generic text for unknown codes).
pub fn message(code: u32) -> &'static str {
    CODES
        .iter()
        .find(|(c, _, _)| *c == code)
        .map_or("ERROR", |(_, m, _)| m)
}

/// A Spanish explanation of a code for screens and the CLI.
pub fn explanation(code: &str) -> Option<&'static str> {
    let code: u32 = code.trim().parse().ok()?;
    CODES
        .iter()
        .find(|(c, _, _)| *c == code)
        .map(|(_, _, e)| *e)
}
