//! Platform administration from the command line.

use chrono::NaiveDateTime;
use diesel::QueryResult;

use crate::auth::password;
use crate::cli::{CompanyAddArgs, LicenceAddArgs, UserAddArgs};
use crate::config::Config;
use crate::db::{Database, DbConnection, write_transaction};
use crate::models::auth::user::{NewUser, Role, User, normalize_email};
use crate::models::config::branch_office::{BranchOffice, NewBranchOffice};
use crate::models::config::company::{Company, NewCompany};
use crate::models::config::emission_point::EmissionPoint;
use crate::models::config::licence::{Licence, TRIAL_DAYS, TRIAL_PLAN, TRIAL_USERS};
use crate::models::sales::client::Client;
use crate::util::time::now;
use crate::validation::{email_problem, name_problem};

/// Opens the database and applies pending migrations.
pub fn open(config: &Config) -> anyhow::Result<Database> {
    let db = Database::connect(&config.database_url, 2)?;
    crate::services::upgrade::run(&mut *conn(&db)?)?;
    Ok(db)
}

fn conn(db: &Database) -> anyhow::Result<crate::db::PooledConnection> {
    db.get().map_err(|e| anyhow::anyhow!(e.to_string()))
}

/// Creates a company, its main branch `001` and its "consumidor final" client; returns the
/// company.
pub fn create_company(conn: &mut DbConnection, args: &CompanyAddArgs) -> anyhow::Result<Company> {
    let ruc = args.ruc.trim();
    if ruc.len() != 13 || !ruc.bytes().all(|b| b.is_ascii_digit()) || !ruc.ends_with("001") {
        anyhow::bail!("RUC no válido: debe tener 13 dígitos y terminar en 001");
    }
    if !matches!(args.regimen.as_str(), "1" | "2" | "3") {
        anyhow::bail!(
            "régimen no válido: use 1 (general), 2 (RIMPE emprendedor) o 3 (negocio popular)"
        );
    }
    if args.name.trim().is_empty() {
        anyhow::bail!("la razón social es obligatoria");
    }
    write_transaction(conn, |conn| {
        if Company::find_by_ruc(conn, ruc)?.is_some() {
            anyhow::bail!("ya existe una empresa con el RUC {ruc}");
        }
        let at = now();
        let company = Company::insert(
            conn,
            &NewCompany {
                ruc,
                business_name: args.name.trim(),
                trade_name: args
                    .trade_name
                    .as_deref()
                    .map(str::trim)
                    .filter(|t| !t.is_empty()),
                main_address: args.address.trim(),
                type_regimen: &args.regimen,
                created_at: at,
                updated_at: at,
            },
        )?;
        insert_branch(
            conn,
            &company,
            ["001", "Matriz", args.address.trim()],
            "Caja principal",
            at,
        )?;
        // Counted in the new company's own days.
        let today = Company::zone(conn, company.scope())?.today();
        let trial_end = today + chrono::TimeDelta::days(TRIAL_DAYS - 1);
        Licence::grant(conn, company.scope(), TRIAL_PLAN, trial_end, TRIAL_USERS)?;
        Client::insert_final_consumer(conn, company.scope())?;
        Ok(company)
    })
}

/// Inserts branch `[code, name, address]` of `company` with its emission point `001`, named
/// `point`; returns the branch.
pub(crate) fn insert_branch(
    conn: &mut DbConnection,
    company: &Company,
    [code, name, address]: [&str; 3],
    point: &str,
    at: NaiveDateTime,
) -> QueryResult<BranchOffice> {
    let branch = BranchOffice::insert(
        conn,
        &NewBranchOffice {
            company_id: company.id,
            code,
            name,
            address,
            created_at: at,
            updated_at: at,
        },
    )?;
    EmissionPoint::sync(
        conn,
        company.scope(),
        branch.id,
        &[("001".into(), point.into())],
    )?;
    Ok(branch)
}

/// Creates a verified user in a company with access to one branch (or all); returns the user.
pub fn create_user(conn: &mut DbConnection, args: &UserAddArgs) -> anyhow::Result<User> {
    if let Some(problem) = email_problem(&args.email).or_else(|| name_problem(&args.name)) {
        anyhow::bail!("{problem}");
    }
    if let Some(problem) = password::problem(&args.password) {
        anyhow::bail!("{problem}");
    }
    let hash = password::hash(&args.password)?;
    let email = normalize_email(&args.email);
    write_transaction(conn, |conn| {
        let company = Company::find_by_ruc(conn, args.company.trim())?
            .ok_or_else(|| anyhow::anyhow!("no existe una empresa con el RUC {}", args.company))?;
        if User::find_by_email(conn, &email)?.is_some() {
            anyhow::bail!("ya existe un usuario con el correo {email}");
        }
        let branches = match &args.branch {
            Some(code) => vec![
                BranchOffice::find_by_code(conn, company.scope(), code)?
                    .ok_or_else(|| anyhow::anyhow!("la empresa no tiene la sucursal {code}"))?,
            ],
            None => BranchOffice::list_for_company(conn, company.scope())?,
        };
        let at = now();
        let user = User::insert(
            conn,
            &NewUser {
                company_id: Some(company.id),
                email: &email,
                name: args.name.trim(),
                password_hash: &hash,
                role: args.role.as_str(),
                is_email_verified: true,
                selected_branch_office_id: branches.first().map(|b| b.id),
                created_at: at,
                updated_at: at,
            },
        )?;
        for branch in &branches {
            User::grant_branch(conn, company.scope(), user.id, branch.id)?;
        }
        Ok(user)
    })
}

/// `mostrador company add`.
pub fn add_company(config: &Config, args: &CompanyAddArgs) -> anyhow::Result<()> {
    let db = open(config)?;
    let company = create_company(&mut *conn(&db)?, args)?;
    println!(
        "Empresa creada: {} ({}) con la sucursal 001 Matriz",
        company.business_name, company.ruc
    );
    Ok(())
}

/// `mostrador user add`.
pub fn add_user(config: &Config, args: &UserAddArgs) -> anyhow::Result<()> {
    let db = open(config)?;
    let user = create_user(&mut *conn(&db)?, args)?;
    println!(
        "Usuario creado: {} <{}> con rol {}",
        user.name,
        user.email,
        Role::parse(&user.role).as_str()
    );
    Ok(())
}

/// Records a new licence for a company; returns its id.
pub fn grant_licence(conn: &mut DbConnection, args: &LicenceAddArgs) -> anyhow::Result<i64> {
    let valid_until = chrono::NaiveDate::parse_from_str(args.valid_until.trim(), "%Y-%m-%d")
        .map_err(|_| anyhow::anyhow!("fecha no válida: use AAAA-MM-DD, por ejemplo 2027-12-31"))?;
    if args.users < 1 {
        anyhow::bail!("la licencia debe permitir al menos un usuario");
    }
    if args.plan.trim().is_empty() {
        anyhow::bail!("indique el plan de la licencia");
    }
    let company = Company::find_by_ruc(conn, args.company.trim())?
        .ok_or_else(|| anyhow::anyhow!("no existe una empresa con el RUC {}", args.company))?;
    Ok(Licence::grant(
        conn,
        company.scope(),
        args.plan.trim(),
        valid_until,
        args.users,
    )?)
}

/// `mostrador licence add`.
pub fn add_licence(config: &Config, args: &LicenceAddArgs) -> anyhow::Result<()> {
    let db = open(config)?;
    grant_licence(&mut *conn(&db)?, args)?;
    println!(
        "Licencia {} registrada para {} hasta {} ({} usuarios)",
        args.plan.trim(),
        args.company,
        args.valid_until,
        args.users
    );
    Ok(())
}
