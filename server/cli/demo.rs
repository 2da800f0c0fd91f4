//! The demo company, so a newcomer can sign in at once (`mostrador demo` or `serve --demo`).

use crate::cli::admin::{create_company, create_user, grant_licence, insert_branch};
use crate::cli::{CompanyAddArgs, LicenceAddArgs, UserAddArgs};
use crate::db::{Database, DbConnection};
use crate::models::auth::user::{Role, User};
use crate::models::config::branch_office::BranchOffice;
use crate::models::config::company::Company;

/// RUC of the demo company (a valid sociedad RUC: check digit 4), the holder of the demo
/// signing certificate.
pub use crate::sri::sign::demo_cert::DEMO_RUC;
/// Password of every demo user (stated in the README).
pub const DEMO_PASSWORD: &str = "demo12345";
/// The demo users: e-mail, name, role.
pub const DEMO_USERS: [(&str, &str, Role); 3] = [
    ("admin@demo.ec", "Administradora Demo", Role::Admin),
    ("vendedor@demo.ec", "Vendedor Demo", Role::User),
    ("cajero@demo.ec", "Cajero Demo", Role::Cashier),
];

/// A second establishment, so branch switching can be tried at once.
fn add_second_branch(conn: &mut DbConnection) -> anyhow::Result<()> {
    let company = Company::find_by_ruc(conn, DEMO_RUC)?
        .ok_or_else(|| anyhow::anyhow!("falta la empresa demo"))?;
    insert_branch(
        conn,
        &company,
        ["002", "Sucursal Norte", "Av. de la Prensa N58-12, Quito"],
        "Caja Norte",
        crate::util::time::now(),
    )?;
    Ok(())
}

/// Two cash registers in the main branch (when it has none), so a shift can be opened at once.
fn add_cash_registers(conn: &mut DbConnection) -> anyhow::Result<()> {
    use crate::models::cash::register::{CashRegister, CashRegisterFields};
    let company = Company::find_by_ruc(conn, DEMO_RUC)?
        .ok_or_else(|| anyhow::anyhow!("falta la empresa demo"))?
        .scope();
    let Some(branch) = BranchOffice::find_by_code(conn, company, "001")? else {
        return Ok(());
    };
    if CashRegister::of_branch(conn, company, branch.id)?.is_empty() {
        for (code, name) in [("C01", "Caja principal"), ("C02", "Caja 2")] {
            let fields = CashRegisterFields {
                name: name.into(),
                code: code.into(),
                active: true,
            };
            CashRegister::insert(conn, company, branch.id, &fields)?;
        }
    }
    Ok(())
}

/// Password of the demo company's signing certificate.
const DEMO_CERTIFICATE_PASSWORD: &str = "demo-firma-12345";

/// Starts the SRI stand-in in this process for `serve --demo` and points `config` at it: the
/// demo's facturas reach AUTORIZADO with nothing else running. Keep the value: the stand-in
/// stops when it is dropped.
pub async fn start_stand_in(
    config: &mut crate::config::Config,
) -> anyhow::Result<crate::sri::simulator::RunningSimulator> {
    let simulator = crate::sri::simulator::spawn(crate::sri::simulator::SimulatorConfig::default())
        .await
        .map_err(|e| anyhow::anyhow!("no se pudo iniciar el simulador del SRI: {e}"))?;
    config.sri.base_url = Some(simulator.base_url());
    config.sri.demo_stand_in = true;
    // The stand-in authorizes in half a second; the worker need not wait the SRI's three.
    config.sri.authorization_delay = std::time::Duration::from_millis(500);
    tracing::info!(
        "Simulador local del SRI (demostración) en {}: los comprobantes de la demostración se autorizan ahí",
        simulator.base_url()
    );
    Ok(simulator)
}

/// [`load`], and a demonstration signing certificate for the demo company when it has none and
/// the server has a secret to seal it with (only the stand-in accepts it: its authority is not
/// the SRI's).
pub fn load_with_certificate(db: &Database, files: &std::path::Path) -> anyhow::Result<()> {
    load(db, files)?;
    let Some(key) = crate::services::signing::sealing::installed() else {
        return Ok(());
    };
    let mut conn = db.get().map_err(|e| anyhow::anyhow!(e.to_string()))?;
    let Some(company) = Company::find_by_ruc(&mut conn, DEMO_RUC)? else {
        return Ok(());
    };
    let scope = company.scope();
    if crate::models::ebilling::certificate::CompanyCertificate::active(&mut conn, scope)?.is_some()
    {
        return Ok(());
    }
    let p12 = crate::sri::sign::demo_cert::demo_p12(
        &company.business_name,
        DEMO_RUC,
        DEMO_CERTIFICATE_PASSWORD,
    )?;
    crate::db::write_transaction(&mut conn, |conn| {
        crate::services::signing::certificate::store(
            conn,
            &key,
            scope,
            None,
            &p12,
            DEMO_CERTIFICATE_PASSWORD,
        )
    })
    .map_err(|e| anyhow::anyhow!(e.public_message()))?;
    println!(
        "Certificado de firma de demostración listo para {DEMO_RUC} (solo lo acepta el simulador del SRI)"
    );
    Ok(())
}

/// Loads the demo company and users when missing; safe to run again. Files for the user to pick
/// up (the Lector's sample report) go to the folder `files`.
pub fn load(db: &Database, files: &std::path::Path) -> anyhow::Result<()> {
    let mut conn = db.get().map_err(|e| anyhow::anyhow!(e.to_string()))?;
    if Company::find_by_ruc(&mut conn, DEMO_RUC)?.is_none() {
        let company = create_company(
            &mut conn,
            &CompanyAddArgs {
                ruc: DEMO_RUC.into(),
                name: "COMERCIAL DEMO S.A.".into(),
                trade_name: Some("Tienda Demo".into()),
                address: "Av. Amazonas N34-120 y Av. Naciones Unidas, Quito".into(),
                regimen: "1".into(),
            },
        )?;
        add_second_branch(&mut conn)?;
        let today = Company::zone(&mut conn, company.scope())?.today();
        let year_from_now = today + chrono::TimeDelta::days(365);
        grant_licence(
            &mut conn,
            &LicenceAddArgs {
                company: DEMO_RUC.into(),
                plan: "Demostración".into(),
                valid_until: year_from_now.format("%Y-%m-%d").to_string(),
                users: 10,
            },
        )?;
    }
    for (email, name, role) in DEMO_USERS {
        if User::find_by_email(&mut conn, email)?.is_none() {
            create_user(
                &mut conn,
                &UserAddArgs {
                    email: email.into(),
                    password: DEMO_PASSWORD.into(),
                    name: name.into(),
                    role,
                    company: DEMO_RUC.into(),
                    branch: None,
                },
            )?;
        }
    }
    // Inventory: the minimarket catalogue, two warehouses in the main branch, opening stock.
    if let Some(company) = Company::find_by_ruc(&mut conn, DEMO_RUC)?
        && let Some(main) = BranchOffice::find_by_code(&mut conn, company.scope(), "001")?
    {
        crate::cli::demo_inventory::load(&mut conn, company.scope(), main.id)?;
    }
    add_cash_registers(&mut conn)?;
    // A few weeks of sales through the sales service, for the reports and the dashboard.
    if let Some(company) = Company::find_by_ruc(&mut conn, DEMO_RUC)?
        && let Some(main) = BranchOffice::find_by_code(&mut conn, company.scope(), "001")?
    {
        crate::cli::demo_sales::load(&mut conn, company.scope(), main.id)?;
        // Suppliers and purchases on credit through the purchase service.
        crate::cli::demo_purchases::load(&mut conn, company.scope(), main.id)?;
        // Received documents and their TXT report for the Lector .SRI.
        crate::cli::demo_lector::load(&mut conn, company.scope(), DEMO_RUC, files)?;
        crate::cli::demo_receivables::load(&mut conn, company.scope(), main.id)?;
        // The restaurant: zones and tables of the main branch, a small menu of recipes.
        crate::cli::demo_restaurant::load(&mut conn, company.scope(), main.id)?;
    }
    println!(
        "Datos de demostración listos: admin@demo.ec / {DEMO_PASSWORD} (también vendedor@demo.ec y cajero@demo.ec)"
    );
    Ok(())
}
