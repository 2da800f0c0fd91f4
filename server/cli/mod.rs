//! The command line: one binary with subcommands for serving, migrating and administering the
//! platform (companies and users are created here by the platform operator).

pub mod admin;
pub mod demo;
pub mod demo_inventory;
pub mod demo_lector;
pub mod demo_purchases;
pub mod demo_receivables;
pub mod demo_restaurant;
pub mod demo_sales;
pub mod demo_support;

use clap::{Args, Parser, Subcommand};

use crate::config::Config;
use crate::models::auth::user::Role;

/// Mostrador: back office para pequeños negocios del Ecuador.
#[derive(Debug, Parser)]
#[command(name = "mostrador", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Subcommands (`serve` when none is given).
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Inicia el servidor web.
    Serve(ServeArgs),
    /// Aplica las migraciones pendientes de la base de datos.
    Migrate,
    /// Administra empresas.
    #[command(subcommand)]
    Company(CompanyCommand),
    /// Administra usuarios.
    #[command(subcommand)]
    User(UserCommand),
    /// Administra licencias.
    #[command(subcommand)]
    Licence(LicenceCommand),
    /// Carga la empresa de demostración (idempotente).
    Demo,
    /// Copia de seguridad de la base SQLite mientras la aplicación sigue atendiendo
    /// (VACUUM INTO: una copia coherente y compacta, verificada antes de quedar con su nombre).
    Backup(BackupArgs),
    /// Comprobantes electrónicos del SRI: XML, firma, certificado, envío, autorización y
    /// simulador local.
    #[command(subcommand)]
    Sri(crate::sri::cli::SriCommand),
}

/// `serve` options.
#[derive(Debug, Args, Default)]
pub struct ServeArgs {
    /// Puerto (por defecto PORT o 3000; 0 elige uno libre).
    #[arg(long)]
    pub port: Option<u16>,
    /// Dirección (por defecto HOST o 127.0.0.1).
    #[arg(long)]
    pub host: Option<String>,
    /// Carga antes la empresa de demostración si no existe.
    #[arg(long)]
    pub demo: bool,
}

/// `backup` options.
#[derive(Debug, Args)]
pub struct BackupArgs {
    /// Archivo de la copia (no debe existir), p. ej. /var/backups/mostrador/2026-11-26.db.
    pub dest: std::path::PathBuf,
}

/// `company …`.
#[derive(Debug, Subcommand)]
pub enum CompanyCommand {
    /// Crea una empresa con su sucursal matriz (001).
    Add(CompanyAddArgs),
}

/// `company add` options.
#[derive(Debug, Args)]
pub struct CompanyAddArgs {
    /// RUC de 13 dígitos.
    #[arg(long)]
    pub ruc: String,
    /// Razón social.
    #[arg(long)]
    pub name: String,
    /// Nombre comercial.
    #[arg(long)]
    pub trade_name: Option<String>,
    /// Dirección matriz.
    #[arg(long, default_value = "")]
    pub address: String,
    /// Régimen: 1 general, 2 RIMPE emprendedor, 3 RIMPE negocio popular.
    #[arg(long, default_value = "1")]
    pub regimen: String,
}

/// `licence …`.
#[derive(Debug, Subcommand)]
pub enum LicenceCommand {
    /// Registra la licencia vigente de una empresa (reemplaza a la anterior).
    Add(LicenceAddArgs),
}

/// `licence add` options.
#[derive(Debug, Args)]
pub struct LicenceAddArgs {
    /// RUC de la empresa.
    #[arg(long)]
    pub company: String,
    /// Nombre del plan (p. ej. Mensual, Anual).
    #[arg(long)]
    pub plan: String,
    /// Último día de validez, AAAA-MM-DD.
    #[arg(long)]
    pub valid_until: String,
    /// Usuarios activos permitidos.
    #[arg(long)]
    pub users: i32,
}

/// `user …`.
#[derive(Debug, Subcommand)]
pub enum UserCommand {
    /// Crea un usuario con el correo ya verificado.
    Add(UserAddArgs),
}

/// `user add` options.
#[derive(Debug, Args)]
pub struct UserAddArgs {
    #[arg(long)]
    pub email: String,
    /// Contraseña (al menos 8 caracteres).
    #[arg(long)]
    pub password: String,
    #[arg(long)]
    pub name: String,
    /// admin, user o cashier.
    #[arg(long, value_parser = parse_role, default_value = "user")]
    pub role: Role,
    /// RUC de la empresa.
    #[arg(long)]
    pub company: String,
    /// Código de la sucursal a la que tendrá acceso (por defecto, todas).
    #[arg(long)]
    pub branch: Option<String>,
}

fn parse_role(text: &str) -> Result<Role, String> {
    match text {
        "admin" => Ok(Role::Admin),
        "user" => Ok(Role::User),
        "cashier" => Ok(Role::Cashier),
        other => Err(format!(
            "rol desconocido '{other}' (use admin, user o cashier)"
        )),
    }
}

/// Runs the command line.
pub async fn run(cli: Cli) -> anyhow::Result<()> {
    // Read per command: the SRI tools need no database or server settings, so a bad variable meant
    // for the server does not stop an operator from checking a certificate.
    let config = Config::from_env;
    match cli.command.unwrap_or(Command::Serve(ServeArgs::default())) {
        Command::Serve(args) => {
            let mut config = config()?;
            if let Some(port) = args.port {
                config.port = port;
            }
            if let Some(host) = args.host {
                config.host = host;
            }
            if let Some(path) = config.use_secret_file()? {
                tracing::warn!(
                    "{} no está definida: los certificados de firma se cifran con el secreto guardado en {} (se creó en el primer arranque). En producción defina {} y guárdelo aparte de las copias de seguridad (deploy/DEPLOY.md)",
                    crate::config::SECRET_VAR,
                    path.display(),
                    crate::config::SECRET_VAR
                );
            }
            // The demo issues facturas with nothing else: the SRI stand-in runs in this process
            // unless SRI_URL names another.
            let _demo_sri = match args.demo && config.sri.base_url.is_none() {
                true => Some(demo::start_stand_in(&mut config).await?),
                false => None,
            };
            let files = config.demo_files_folder();
            let state = crate::server::build_state(config)?;
            if args.demo {
                let db = state.db.clone();
                tokio::task::spawn_blocking(move || demo::load_with_certificate(&db, &files))
                    .await??;
            }
            crate::server::serve(state).await
        }
        Command::Migrate => {
            let db = crate::db::Database::connect(&config()?.database_url, 1)?;
            let applied = crate::services::upgrade::run(
                &mut *db.get().map_err(|e| anyhow::anyhow!(e.to_string()))?,
            )?;
            if applied.is_empty() {
                println!("La base de datos ya está al día.");
            } else {
                println!("Migraciones aplicadas: {}", applied.join(", "));
            }
            Ok(())
        }
        Command::Company(CompanyCommand::Add(args)) => admin::add_company(&config()?, &args),
        Command::User(UserCommand::Add(args)) => admin::add_user(&config()?, &args),
        Command::Licence(LicenceCommand::Add(args)) => admin::add_licence(&config()?, &args),
        Command::Demo => {
            let config = config()?;
            let db = admin::open(&config)?;
            demo::load(&db, &config.demo_files_folder())
        }
        Command::Backup(args) => {
            let bytes = crate::db::backup::backup_into(&config()?.database_url, &args.dest)?;
            println!(
                "Copia de seguridad en {} ({} KB)",
                args.dest.display(),
                bytes.div_ceil(1024)
            );
            Ok(())
        }
        Command::Sri(command) => crate::sri::cli::run(command).await,
    }
}
