//! `mostrador sri …` subcommands: clap definitions plus the functions behind them.
//!
//! The main binary mounts [`SriCommand`] as a subcommand and calls [`run`]. Every
//! failure is an `anyhow` error with a Spanish message; the binary prints it and exits
//! with a non-zero code. Passwords are only read from the environment variable named
//! on the command line and never printed.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, anyhow, bail};
use chrono::{NaiveDate, Utc};
use clap::Subcommand;

use super::document::{build, sign_xml};
use super::model::Comprobante;
use super::sign::{SignOptions, SigningIdentity};
use super::simulator::{self, SimulatorConfig};
use super::soap::{
    AuthorizationOutcome, ClientConfig, Endpoints, ReceptionStatus, SriClient, SriMessage, codes,
};
use super::validate::{ECUADOR, ValidationContext};

/// `sri` subcommands.
#[derive(Debug, Clone, PartialEq, Eq, Subcommand)]
pub enum SriCommand {
    /// Genera el XML sin firmar de un comprobante descrito en JSON (server/sri/README.md).
    Xml {
        /// Archivo JSON del comprobante.
        document: PathBuf,
        /// Fecha de referencia para validar la fecha de emisión (AAAA-MM-DD; por
        /// omisión, hoy en Ecuador).
        #[arg(long, value_name = "AAAA-MM-DD")]
        today: Option<NaiveDate>,
    },
    /// Firma un XML (XAdES-BES) con el certificado .p12 del emisor.
    Sign {
        /// Certificado PKCS#12 (.p12).
        #[arg(long, value_name = "ARCHIVO")]
        p12: PathBuf,
        /// Variable de entorno que contiene la contraseña del .p12.
        #[arg(long, value_name = "VARIABLE")]
        password_env: String,
        /// XML sin firmar.
        input: PathBuf,
    },
    /// Muestra titular, RUC, emisor, uso de la clave y vigencia de un .p12.
    CheckCert {
        /// Certificado PKCS#12 (.p12).
        #[arg(long, value_name = "ARCHIVO")]
        p12: PathBuf,
        /// Variable de entorno que contiene la contraseña del .p12.
        #[arg(long, value_name = "VARIABLE")]
        password_env: String,
    },
    /// Envía un XML firmado al servicio de recepción del SRI.
    Send {
        /// XML firmado.
        signed: PathBuf,
        /// pruebas, produccion o la URL base de otro servicio (p. ej. el simulador); por
        /// omisión la variable SRI_URL si está definida, si no pruebas.
        #[arg(long)]
        env: Option<String>,
        /// Tiempo máximo de espera en segundos.
        #[arg(long, default_value_t = 30)]
        timeout: u64,
    },
    /// Consulta la autorización de una clave de acceso.
    Authorize {
        /// Clave de acceso (49 dígitos) o un XML del comprobante (se lee su claveAcceso).
        clave: String,
        /// pruebas, produccion o la URL base de otro servicio; por omisión SRI_URL o pruebas.
        #[arg(long)]
        env: Option<String>,
        /// Tiempo máximo de espera en segundos.
        #[arg(long, default_value_t = 30)]
        timeout: u64,
        /// Guarda aquí el XML autorizado.
        #[arg(long, value_name = "ARCHIVO")]
        output: Option<PathBuf>,
    },
    /// Genera un certificado .p12 de demostración (su propia AC, no acreditada: el SRI real lo
    /// rechaza) para probar la facturación electrónica contra `sri simulator`.
    DemoCert {
        /// Archivo .p12 a escribir (no se sobrescribe uno existente).
        #[arg(long, value_name = "ARCHIVO")]
        out: PathBuf,
        /// Variable de entorno con la contraseña que protegerá el .p12.
        #[arg(long, value_name = "VARIABLE")]
        password_env: String,
        /// RUC del titular (por omisión, el de la empresa de demostración).
        #[arg(long, default_value = crate::sri::sign::demo_cert::DEMO_RUC)]
        ruc: String,
        /// Nombre del titular.
        #[arg(long, default_value = "MINIMARKET DEMO")]
        holder: String,
    },
    /// Ejecuta el simulador local de los servicios del SRI.
    Simulator {
        /// Puerto TCP.
        #[arg(long, default_value_t = 8089)]
        port: u16,
        /// Dirección en la que escuchar.
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// Demora entre la recepción y la autorización, en milisegundos.
        #[arg(long, default_value_t = 500)]
        delay_ms: u64,
    },
}

/// Runs a subcommand, writing its result to stdout.
pub async fn run(cmd: SriCommand) -> anyhow::Result<()> {
    let mut stdout = std::io::stdout();
    execute(cmd, &mut stdout).await
}

/// Runs a subcommand writing to `out` (tests capture it).
pub async fn execute(cmd: SriCommand, out: &mut (dyn Write + Send)) -> anyhow::Result<()> {
    match cmd {
        SriCommand::Xml { document, today } => xml(&document, today, out),
        SriCommand::Sign {
            p12,
            password_env,
            input,
        } => sign(&p12, &password_env, &input, out),
        SriCommand::CheckCert { p12, password_env } => check_cert(&p12, &password_env, out),
        SriCommand::Send {
            signed,
            env,
            timeout,
        } => send(&signed, &environment(env), timeout, out).await,
        SriCommand::Authorize {
            clave,
            env,
            timeout,
            output,
        } => {
            let clave = access_key_argument(&clave)?;
            authorize(&clave, &environment(env), timeout, output.as_deref(), out).await
        }
        SriCommand::DemoCert {
            out: path,
            password_env,
            ruc,
            holder,
        } => demo_cert(&path, &password_env, &ruc, &holder, out),
        SriCommand::Simulator {
            port,
            host,
            delay_ms,
        } => run_simulator(&host, port, delay_ms, out).await,
    }
}

fn read(path: &Path) -> anyhow::Result<Vec<u8>> {
    std::fs::read(path).with_context(|| format!("no se pudo leer {}", path.display()))
}

fn xml(path: &Path, today: Option<NaiveDate>, out: &mut dyn Write) -> anyhow::Result<()> {
    let json = String::from_utf8(read(path)?)
        .map_err(|_| anyhow!("{} no está en UTF-8", path.display()))?;
    let ctx = today.map_or_else(ValidationContext::now, ValidationContext::at);
    let doc = Comprobante::from_json_dated(&json, ctx.today)
        .map_err(|e| anyhow!("{}: {e}", path.display()))?;
    let built = build(&doc, &ctx)?;
    out.write_all(built.xml.as_bytes())?;
    Ok(())
}

fn password(var: &str) -> anyhow::Result<String> {
    std::env::var(var).map_err(|_| {
        anyhow!("la variable de entorno {var} (contraseña del certificado) no está definida")
    })
}

fn identity(p12: &Path, password_env: &str) -> anyhow::Result<SigningIdentity> {
    let password = password(password_env)?;
    let der = read(p12)?;
    SigningIdentity::from_p12(&der, &password).map_err(|e| anyhow!("{}: {e}", p12.display()))
}

fn sign(p12: &Path, password_env: &str, input: &Path, out: &mut dyn Write) -> anyhow::Result<()> {
    let identity = identity(p12, password_env)?;
    let xml = read(input)?;
    let signed = sign_xml(&xml, &identity, &SignOptions::now())?;
    out.write_all(signed.as_bytes())?;
    Ok(())
}

fn local(d: chrono::DateTime<Utc>) -> String {
    d.with_timezone(&ECUADOR)
        .format("%d/%m/%Y %H:%M")
        .to_string()
}

fn demo_cert(
    path: &Path,
    password_env: &str,
    ruc: &str,
    holder: &str,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let password = password(password_env)?;
    let der = super::sign::demo_cert::demo_p12(holder, ruc, &password)?;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .with_context(|| format!("no se pudo crear {} (¿ya existe?)", path.display()))?;
    file.write_all(&der)?;
    writeln!(
        out,
        "Certificado de demostración para {holder} (RUC {ruc}) en {}: súbalo en Facturación \
         electrónica → Configuración con la contraseña de {password_env}",
        path.display()
    )?;
    Ok(())
}

fn check_cert(p12: &Path, password_env: &str, out: &mut dyn Write) -> anyhow::Result<()> {
    let id = identity(p12, password_env)?;
    let info = &id.info;
    let days = (info.not_after - Utc::now()).num_days();
    writeln!(out, "Titular:          {}", info.subject)?;
    writeln!(
        out,
        "RUC:              {}",
        info.ruc.as_deref().unwrap_or("no consta en el certificado")
    )?;
    if let Some(c) = &info.cedula {
        writeln!(out, "Cédula:           {c}")?;
    }
    writeln!(out, "Emisor:           {}", info.issuer)?;
    writeln!(out, "Número de serie:  {}", info.serial)?;
    let usage = if info.key_usage.is_empty() {
        "sin restricción".to_string()
    } else {
        info.key_usage.join(", ")
    };
    writeln!(out, "Uso de la clave:  {usage}")?;
    writeln!(out, "Válido desde:     {}", local(info.not_before))?;
    writeln!(
        out,
        "Válido hasta:     {} ({})",
        local(info.not_after),
        if days >= 0 {
            format!("quedan {days} días")
        } else {
            "caducado".into()
        }
    )?;
    info.ensure_valid_at(Utc::now())?;
    if !info.can_sign() {
        bail!("el certificado no sirve para firmar comprobantes: falta el uso «digitalSignature»");
    }
    Ok(())
}

/// The SRI to talk to: `--env`, else `SRI_URL` (the simulator, a proxy), else pruebas.
fn environment(env: Option<String>) -> String {
    env.or_else(|| {
        std::env::var("SRI_URL")
            .ok()
            .filter(|v| !v.trim().is_empty())
    })
    .unwrap_or_else(|| "pruebas".into())
}

/// A clave de acceso given as is (49 digits) or read from a comprobante's XML (`<claveAcceso>`).
fn access_key_argument(value: &str) -> anyhow::Result<String> {
    let value = value.trim();
    if value.len() == 49 && value.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(value.to_string());
    }
    let path = Path::new(value);
    if !path.exists() {
        bail!("«{value}» no es una clave de acceso de 49 dígitos ni un archivo XML");
    }
    let xml = String::from_utf8(read(path)?)
        .map_err(|_| anyhow!("{} no está en UTF-8", path.display()))?;
    let start = xml
        .find("<claveAcceso>")
        .ok_or_else(|| anyhow!("{} no contiene <claveAcceso>", path.display()))?
        + "<claveAcceso>".len();
    let key: String = xml[start..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    if key.len() != 49 {
        bail!("la claveAcceso de {} no tiene 49 dígitos", path.display());
    }
    Ok(key)
}

fn client(env: &str, timeout: u64) -> anyhow::Result<SriClient> {
    let mut config = ClientConfig::new(Endpoints::parse(env).map_err(|e| anyhow!(e))?);
    config.timeout = Duration::from_secs(timeout.max(1));
    Ok(SriClient::new(config)?)
}

fn write_messages<'a>(
    out: &mut dyn Write,
    messages: impl Iterator<Item = &'a SriMessage>,
) -> anyhow::Result<()> {
    for m in messages {
        writeln!(out, "  {}", m.line())?;
        if let Some(explanation) = codes::explanation(&m.identifier) {
            writeln!(out, "      {explanation}")?;
        }
    }
    Ok(())
}

async fn send(
    path: &Path,
    env: &str,
    timeout: u64,
    out: &mut (dyn Write + Send),
) -> anyhow::Result<()> {
    let xml = read(path)?;
    let response = client(env, timeout)?.send(&xml).await?;
    match &response.status {
        ReceptionStatus::Recibida => writeln!(
            out,
            "Estado: RECIBIDA (consulte la autorización con «sri authorize»)"
        )?,
        ReceptionStatus::Devuelta => writeln!(out, "Estado: DEVUELTA")?,
        ReceptionStatus::Other(s) => writeln!(out, "Estado: {s}")?,
    }
    for d in &response.documents {
        if !d.access_key.is_empty() {
            writeln!(out, "Clave de acceso: {}", d.access_key)?;
        }
    }
    write_messages(out, response.messages())?;
    if response.status != ReceptionStatus::Recibida {
        bail!("el SRI no recibió el comprobante");
    }
    Ok(())
}

async fn authorize(
    clave: &str,
    env: &str,
    timeout: u64,
    output: Option<&Path>,
    out: &mut (dyn Write + Send),
) -> anyhow::Result<()> {
    let response = client(env, timeout)?.authorize(clave.trim()).await?;
    match response.outcome() {
        AuthorizationOutcome::NotFound => {
            writeln!(
                out,
                "El SRI no tiene registro de la clave {} (aún no recibida o en proceso).",
                response.access_key
            )?;
        }
        AuthorizationOutcome::Pending => writeln!(
            out,
            "Estado: EN PROCESO (vuelva a consultar; no reenvíe el comprobante)"
        )?,
        AuthorizationOutcome::Authorized(a) | AuthorizationOutcome::NotAuthorized(a) => {
            writeln!(out, "Estado: {}", a.status.as_str())?;
            if let Some(n) = &a.number {
                writeln!(out, "Número de autorización: {n}")?;
            }
            if let Some(d) = &a.date {
                writeln!(out, "Fecha de autorización: {d}")?;
            }
            if let Some(e) = &a.environment {
                writeln!(out, "Ambiente: {e}")?;
            }
            write_messages(out, a.messages.iter())?;
            if let (Some(path), Some(doc)) = (output, &a.document) {
                std::fs::write(path, doc)
                    .with_context(|| format!("no se pudo escribir {}", path.display()))?;
                writeln!(out, "XML autorizado guardado en {}", path.display())?;
            }
        }
    }
    if let AuthorizationOutcome::NotAuthorized(_) = response.outcome() {
        bail!("el comprobante no fue autorizado");
    }
    Ok(())
}

async fn run_simulator(
    host: &str,
    port: u16,
    delay_ms: u64,
    out: &mut (dyn Write + Send),
) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind((host, port))
        .await
        .with_context(|| format!("no se pudo escuchar en {host}:{port}"))?;
    let addr = listener.local_addr()?;
    writeln!(
        out,
        "Simulador del SRI en http://{addr} (demora de autorización {delay_ms} ms)"
    )?;
    writeln!(
        out,
        "Use --env http://{addr} con «sri send» y «sri authorize»; Ctrl+C para terminar."
    )?;
    out.flush()?;
    let config = SimulatorConfig {
        authorization_delay: Duration::from_millis(delay_ms),
        ..SimulatorConfig::default()
    };
    tokio::select! {
        served = simulator::serve(listener, config) => served.context("el simulador se detuvo")?,
        _ = tokio::signal::ctrl_c() => {}
    }
    Ok(())
}
