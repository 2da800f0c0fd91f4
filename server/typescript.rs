//! The TypeScript declarations of the views, generated from the Rust structs (`ts-rs`), so the UI
//! never mirrors a JSON shape by hand. `ui/src/lib/api-types.ts` holds the output; a test fails
//! when it is stale and says how to regenerate it:
//!
//! ```sh
//! UPDATE_TS_TYPES=1 cargo test --release --lib typescript
//! ```
//!
//! The roots are the API answers and page data (the plain list pages of the catalogues come from
//! `controllers::catalogues`) and the request bodies; every type they use is declared with them. It sits above `views`
//! because it also reads the code tables of the services and the catalogue list.
//! JSON numbers are JavaScript numbers (ids fit in 2^53), so `i64` is `number`.

use std::any::TypeId;
use std::collections::HashSet;

use ts_rs::{Config, TS, TypeVisitor};

use crate::auth::roles::GROUPS;

/// Where the declarations are written, relative to the package root.
pub const OUTPUT: &str = "ui/src/lib/api-types.ts";

/// Collects the declaration of each type once, following dependencies.
struct Collector {
    config: Config,
    seen: HashSet<TypeId>,
    declarations: Vec<(String, String)>,
}

impl TypeVisitor for Collector {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        if T::output_path().is_some() {
            if !self.seen.insert(TypeId::of::<T::WithoutGenerics>()) {
                return;
            }
            let docs = T::docs()
                .map(|d| format!("{}\n", d.trim_end()))
                .unwrap_or_default();
            let declaration = format!("{docs}export {}", T::decl(&self.config));
            self.declarations
                .push((T::ident(&self.config), declaration));
        }
        T::visit_dependencies(self);
        T::visit_generics(self);
    }
}

/// Visits every root type.
macro_rules! roots {
    ($collector:expr; $($ty:ty),* $(,)?) => {
        $( $collector.visit::<$ty>(); )*
    };
}

/// The contents of [`OUTPUT`].
pub fn bindings() -> String {
    let mut collector = Collector {
        config: Config::new().with_large_int("number"),
        seen: HashSet::new(),
        declarations: Vec::new(),
    };
    visit_roots(&mut collector);
    collector.declarations.sort_by(|a, b| a.0.cmp(&b.0));
    let mut out = String::from(
        "// Generated from the Rust views and request bodies by `server/typescript.rs`: do not edit by hand.\n\
         // Regenerate with `UPDATE_TS_TYPES=1 cargo test --release --lib typescript`.\n\n",
    );
    role_groups(&mut out);
    payment_methods(&mut out);
    code_tables(&mut out);
    for (_, declaration) in collector.declarations {
        out.push('\n');
        out.push_str(&declaration);
        out.push('\n');
    }
    out
}

/// Every root, area by area; the declarations are sorted by name afterwards, so the order of the
/// areas does not show in the output.
fn visit_roots(collector: &mut Collector) {
    shell_roots(collector);
    config_roots(collector);
    ebilling_roots(collector);
    report_roots(collector);
    sales_roots(collector);
    inventory_roots(collector);
    cash_roots(collector);
    receivable_roots(collector);
    restaurant_roots(collector);
    purchase_roots(collector);
    tax_roots(collector);
    crate::controllers::catalogues::visit_pages(collector);
    collector.visit::<crate::services::sales::input::Method>();
    state_roots(collector);
    request_roots(collector);
}

/// The request bodies (the typed commands), so a form builds its body against the type the server
/// reads: a field renamed on one side fails the UI's type check, not a customer's request. Their
/// nested lines and payments are declared with them.
fn request_roots(collector: &mut Collector) {
    use crate::controllers::sales::{clients, promotions};
    use crate::controllers::{auth, cash, config, ebilling, inventory, purchases, receivables};
    use crate::services::purchases as p;
    use crate::services::{ebilling as e, inventory as i, lector, restaurant as r, sales as s};
    roots!(collector;
        crate::http::params::IdBody,
        auth::branch::ChangeBranchBody,
        auth::me::ThemeBody,
        auth::password::ResetRequestBody,
        auth::password::ResetBody,
        auth::session::LoginBody,
        auth::signup::SignupBody,
        auth::signup::ResendBody,
        cash::banks::BankAccountBody,
        cash::barrio::ConfigBody,
        cash::barrio::OperationBody,
        cash::registers::CashRegisterBody,
        cash::turns::OpenBody,
        cash::turns::MovementBody,
        cash::turns::CloseBody,
        cash::turns::ConfirmBody,
        config::branch_offices::BranchBody,
        config::company::CompanyBody,
        config::holidays::HolidayBody,
        crate::controllers::taxes::rates::TaxRateBody,
        config::users::UserBody,
        ebilling::documents::EmailBody,
        e::corrections::Corrections,
        e::remission_guides::RemissionGuideBody,
        inventory::categories::CategoryBody,
        inventory::cellars::CellarBody,
        inventory::products::ProductBody,
        inventory::products::BarcodeBody,
        inventory::products::StocksBody,
        inventory::products::IngredientsStockBody,
        i::adjustments::AdjustmentBody,
        i::transfers::TransferBody,
        lector::import::ImportBody,
        purchases::documents::CancelBody,
        purchases::withholdings::AnnulBody,
        p::withholding::WithholdingBody,
        purchases::suppliers::SupplierBody,
        p::expense::ExpenseBody,
        p::expense::ManualBody,
        p::merchandise::MerchandiseBody,
        p::payables::PayBody,
        receivables::api::CollectBody,
        receivables::api::ReverseBody,
        receivables::api::EmailBody,
        r::orders::OpenBody,
        r::orders::ItemsBody,
        r::orders::StateBody,
        r::orders::VoidBody,
        r::orders::MoveBody,
        r::orders::JoinBody,
        r::orders::BillBody,
        r::orders::PriceBody,
        r::orders::SplitBody,
        r::reservations::ReservationBody,
        r::reservations::StateBody,
        r::setup::ZoneBody,
        r::setup::TableBody,
        clients::ClientBody,
        promotions::PromotionBody,
        s::credit_note::CreditNoteBody,
        s::note::NoteBody,
        s::quote::QuoteBody,
    );
}

/// The answers every screen shares: messages, the route rule, the build, the sign-in pages, the
/// current user and the back-office home.
fn shell_roots(collector: &mut Collector) {
    use crate::views::*;
    roots!(collector;
        MessageResponse,
        pages::RouteRuleView,
        pages::BuildView,
        auth::pages::AdminFrame,
        auth::pages::LoginPage,
        auth::pages::ResetPasswordPage,
        auth::pages::VerifyEmailPage,
        auth::user::CurrentUserView,
        auth::user::ThemeView,
        home::dashboard::DashboardView,
    );
}

/// Configuration: branch offices, the company, users, holidays and the licence.
fn config_roots(collector: &mut Collector) {
    use crate::views::*;
    roots!(collector;
        config::branch_office::BranchOfficeView,
        config::branch_office::BranchOfficeDetailView,
        config::branch_office::BranchConfigView,
        config::company::CompanyDetailView,
        config::company::CompanyPage,
        config::user::UserRowView,
        config::user::UsersPage,
        config::holiday::HolidayView,
        config::holiday::HolidaysPage,
        config::licence::LicenceView,
    );
}

/// Electronic billing: the certificate, the documents, the trial, guías, electronic credit notes
/// and the RIDE.
fn ebilling_roots(collector: &mut Collector) {
    use crate::views::*;
    roots!(collector;
        ebilling::certificate::CertificateView,
        ebilling::document::ElectronicDocumentView,
        ebilling::document::ElectronicDocumentDetailView,
        ebilling::pages::ElectronicDocumentsPage,
        ebilling::trial::TrialView,
        ebilling::trial::EbillingSetupPage,
        ebilling::remission_guide::RemissionGuideView,
        ebilling::remission_guide::RemissionGuidesPage,
        ebilling::credit_note::ElectronicCreditNoteView,
        ebilling::credit_note::CreditableInvoiceView,
        ebilling::credit_note::ElectronicCreditNotesPage,
        ride::RidePage,
    );
}

/// The owner's reports.
fn report_roots(collector: &mut Collector) {
    use crate::views::*;
    roots!(collector;
        reports::SalesReportView,
        reports::SlowReportView,
        reports::StockReportView,
        reports::ReportsDashboardView,
        reports::ReportsPage,
        reports::SalesReportPrint,
    );
}

/// Sales: clients, sales notes (the POS), credit notes, promotions, quotes and facturas.
fn sales_roots(collector: &mut Collector) {
    use crate::views::*;
    roots!(collector;
        sales::client::ClientView,
        sales::note::SaleView,
        sales::note::SalePreviewView,
        sales::note::SaleRowView,
        sales::credit_note::CreditNoteView,
        sales::credit_note::ReturnableLineView,
        sales::pages::SalesHubPage,
        sales::pages::PosPage,
        sales::pages::SaleNotePrint,
        sales::pages::CreditNotePrint,
        sales::pages::CreditNotesPage,
        sales::promotion::PromotionView,
        sales::promotion::PromotionsPage,
        sales::quote::QuoteView,
        sales::quote::QuoteRowView,
        sales::quote::QuoteStockView,
        sales::pages::QuotesPage,
        sales::pages::QuotePrint,
        sales::invoice::InvoiceView,
    );
}

/// Inventory: categories, products, warehouses, stock and kardex, adjustments, transfers and the
/// bulk import.
fn inventory_roots(collector: &mut Collector) {
    use crate::views::*;
    roots!(collector;
        inventory::category::CategoryView,
        inventory::category::CategoriesPage,
        inventory::product::ProductView,
        inventory::product::ProductDetailView,
        inventory::product::ProductSavedView,
        inventory::product::ProductStockView,
        inventory::product::IngredientStockView,
        inventory::product::ProductsPage,
        inventory::warehouse::CellarView,
        inventory::warehouse::CellarOptionView,
        inventory::warehouse::CellarsPage,
        inventory::stock::KardexView,
        inventory::stock::KardexPage,
        inventory::stock::StockListView,
        inventory::stock::StockListPage,
        inventory::stock::InventoryHubView,
        inventory::document::AdjustmentView,
        inventory::document::AdjustmentsPage,
        inventory::document::TransferView,
        inventory::document::TransfersPage,
        inventory::document::TransferPrintView,
        inventory::import::ImportJobView,
        inventory::import::ImportStarted,
    );
}

/// Cash: registers, shifts, bank accounts and Banco del Barrio.
fn cash_roots(collector: &mut Collector) {
    use crate::views::*;
    roots!(collector;
        cash::register::CashRegisterView,
        cash::register::CashRegisterStateView,
        cash::register::CheckIfOpenView,
        cash::turn::TurnView,
        cash::turn::TurnDetailView,
        cash::bank::BankAccountView,
        cash::bank::BankMovementsView,
        cash::pages::CashHubPage,
        cash::pages::CashDrawerPage,
        cash::pages::TurnsPage,
        cash::pages::TurnHistoryPage,
        cash::pages::CashCountTicket,
        cash::pages::CnbPage,
        cash::pages::CnbReportTicket,
    );
}

/// Receivables (cuentas por cobrar).
fn receivable_roots(collector: &mut Collector) {
    use crate::views::*;
    roots!(collector;
        receivables::ReceivableDetailView,
        receivables::ReceiptView,
        receivables::AgingView,
        receivables::CxcHubView,
        receivables::CollectPageView,
        receivables::ReceivablesPage,
        receivables::StatementPage,
        receivables::ReceiptPrint,
        receivables::StatementPrint,
    );
}

/// Restaurant: the floor and reservations, orders, the kitchen and the live events.
fn restaurant_roots(collector: &mut Collector) {
    use crate::views::*;
    roots!(collector;
        restaurant::setup::ZoneView,
        restaurant::setup::TableView,
        restaurant::setup::ReservationView,
        restaurant::setup::FloorSetupPage,
        restaurant::setup::ReservationsPage,
        restaurant::order::OrderView,
        restaurant::order::KitchenTicketView,
        restaurant::order::BillView,
        restaurant::order::RestaurantEventView,
    );
}

/// Taxes: the dated tax table.
fn tax_roots(collector: &mut Collector) {
    use crate::views::*;
    roots!(collector;
        taxes::rate::TaxRateView,
        taxes::rate::TaxRatesPage,
    );
}

/// Purchases: suppliers, purchases, payables and the Lector .SRI.
fn purchase_roots(collector: &mut Collector) {
    use crate::views::*;
    roots!(collector;
        purchases::supplier::SupplierView,
        purchases::purchase::PurchaseView,
        purchases::withholding::WithholdingView,
        purchases::purchase::LastCostView,
        purchases::payable::PayableView,
        purchases::payable::SupplierStatementView,
        purchases::pages::MerchandisePage,
        purchases::pages::ExpensesPage,
        purchases::pages::ManualPurchasesPage,
        purchases::pages::PayablesPage,
        purchases::pages::SupplierStatementPage,
        purchases::lector::LectorUploadView,
        purchases::lector::SupplierMappingView,
        purchases::lector::LectorPage,
    );
}

/// The states of the documents and of the restaurant, and the route ids, which the screens test
/// against by name.
fn state_roots(collector: &mut Collector) {
    use crate::domain::states::*;
    roots!(collector;
        crate::domain::document_status::DocumentStatus,
        QuoteState,
        TurnState,
        ReceivableStatus,
        PayableStatus,
        OrderState,
        ItemState,
        TableOccupancy,
        ReservationState,
        crate::views::route_id::RouteId,
    );
}

/// The role groups of the menu, as constants the screens check the user's role against.
fn role_groups(out: &mut String) {
    out.push_str(
        "/** Role groups of the specification's menu table (§6), as the server enforces them. */\n",
    );
    for (name, roles) in GROUPS {
        let list: Vec<String> = roles.iter().map(|r| format!("'{}'", r.as_str())).collect();
        out.push_str(&format!(
            "export const {name}: Role[] = [{}];\n",
            list.join(", ")
        ));
    }
}

/// The payment methods of a sale with their labels, so the POS offers them in the server's order.
fn payment_methods(out: &mut String) {
    out.push_str(
        "/** Payment methods of a sale and their labels, in the order the POS offers them. */\n",
    );
    let methods: Vec<String> = crate::services::sales::input::Method::ALL
        .iter()
        .map(|m| format!("['{}', '{}']", m.as_str(), m.label()))
        .collect();
    out.push_str(&format!(
        "export const PAYMENT_METHODS: [PaymentMethod, string][] = [{}];\n",
        methods.join(", ")
    ));
}

/// A code table as a TypeScript object from code to Spanish label.
fn label_table<'a>(
    out: &mut String,
    doc: &str,
    name: &str,
    entries: impl IntoIterator<Item = (&'a str, &'a str)>,
) {
    let entries: Vec<String> = entries
        .into_iter()
        .map(|(code, label)| format!("  {code}: '{label}',\n"))
        .collect();
    out.push_str(&format!(
        "/** {doc} */\nexport const {name}: Record<string, string> = {{\n{}}};\n",
        entries.concat()
    ));
}

/// The code tables the screens show, written from the Rust enums and tables that define them so
/// the UI never keeps a copy: cash movement kinds, kardex movement kinds, Banco del Barrio types.
fn code_tables(out: &mut String) {
    use crate::models::cash::{cnb, movement::MovementKind};
    use crate::services::inventory::stock::MovementType;
    label_table(
        out,
        "Totals of a shift by movement kind, in Spanish.",
        "CASH_MOVEMENT_LABELS",
        MovementKind::ALL
            .iter()
            .map(|k| (k.as_str(), k.summary_label()))
            .chain([(
                crate::services::cash::posting::SUPPLIER_PAYMENT,
                crate::services::cash::posting::SUPPLIER_PAYMENT_LABEL,
            )]),
    );
    label_table(
        out,
        "Payment methods as a shift's summary names them (`byMethod`), in Spanish.",
        "SHIFT_METHOD_LABELS",
        crate::services::sales::input::Method::ALL
            .iter()
            .map(|m| (m.shift_name(), m.label())),
    );
    label_table(
        out,
        "Kardex movement kinds in Spanish.",
        "INVENTORY_MOVEMENT_LABELS",
        MovementType::ALL.iter().map(|k| (k.as_str(), k.label())),
    );
    label_table(
        out,
        "Kardex source documents in Spanish.",
        "INVENTORY_DOCUMENT_LABELS",
        crate::services::inventory::stock::DOCUMENT_LABELS,
    );
    let types: Vec<String> = cnb::TYPES
        .iter()
        .map(|(code, label, cash_in)| {
            format!("  {{ code: '{code}', label: '{label}', cashIn: {cash_in} }},\n")
        })
        .collect();
    out.push_str(&format!(
        "/** Banco del Barrio operation types; `cashIn`: the cash enters the drawer. */\n\
         export const CNB_TYPES: {{ code: string; label: string; cashIn: boolean }}[] = [\n{}];\n",
        types.concat()
    ));
    let stations: Vec<String> = crate::models::inventory::category::STATION_MODIFIERS
        .iter()
        .map(|(station, list)| {
            let list: Vec<String> = list.iter().map(|m| format!("'{m}'")).collect();
            format!("  {station}: [{}],\n", list.join(", "))
        })
        .collect();
    out.push_str(&format!(
        "/** The quick modifiers of a category without its own, by kitchen station. */\n\
         export const STATION_MODIFIERS: Record<string, string[]> = {{\n{}}};\n",
        stations.concat()
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed declarations are the ones the Rust views produce.
    #[test]
    fn typescript_bindings_are_current() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(OUTPUT);
        let expected = bindings();
        if std::env::var_os("UPDATE_TS_TYPES").is_some() {
            std::fs::write(&path, &expected).expect("write the TypeScript declarations");
            return;
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == expected,
            "{OUTPUT} is stale: run `UPDATE_TS_TYPES=1 cargo test --release --lib typescript` \
             and commit the file"
        );
    }

    /// The `.rs` files below `dir`.
    fn sources(dir: &std::path::Path, found: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir)
            .expect("read the source folder")
            .flatten()
        {
            let path = entry.path();
            if path.is_dir() {
                sources(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }

    /// Every request body (a `…Body` struct the server deserializes) is declared for the UI: a
    /// new body left out of [`request_roots`] fails here with its name.
    #[test]
    fn every_request_body_is_exported() {
        let body = regex::Regex::new(
            r"#\[derive\(([^)]*)\)\]\s*((?:#\[[^\n]*\]\s*)*)pub struct (\w+Body)\b",
        )
        .expect("pattern");
        let rename = regex::Regex::new(r#"#\[ts\(rename = "(\w+)"\)\]"#).expect("pattern");
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("server");
        let mut files = Vec::new();
        for area in ["controllers", "services", "http"] {
            sources(&root.join(area), &mut files);
        }
        let declared = bindings();
        let mut missing = Vec::new();
        let mut seen = 0;
        for file in files {
            let text = std::fs::read_to_string(&file).expect("read a source file");
            // Bodies of the tests' own modules are not the API's.
            let text = text.split("#[cfg(test)]").next().unwrap_or_default();
            for found in body.captures_iter(text) {
                if !found[1].contains("Deserialize") {
                    continue;
                }
                seen += 1;
                let name = rename
                    .captures(&found[2])
                    .map_or(found[3].to_string(), |r| r[1].to_string());
                if !found[1].contains("TS") || !declared.contains(&format!("export type {name} = "))
                {
                    missing.push(format!("{} ({})", name, file.display()));
                }
            }
        }
        assert!(
            seen > 50,
            "only {seen} request bodies found: has the pattern gone stale?"
        );
        assert!(
            missing.is_empty(),
            "request bodies not in {OUTPUT} (derive ts_rs::TS, add them to request_roots): {missing:?}"
        );
    }
}
