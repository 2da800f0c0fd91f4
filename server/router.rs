//! Every route of the server, in one place: the JSON API under `/api` (one block per business
//! area), the hashed assets, and every other GET rendered as a page.
//!
//! API routes are added through [`Api`], which also records each method and path, so
//! [`api_routes`] lists exactly what the router serves — the permission tests walk that list and
//! fail for a route they do not cover.

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::handler::Handler;
use axum::http::HeaderValue;
use axum::http::header::{
    CONTENT_SECURITY_POLICY, REFERRER_POLICY, STRICT_TRANSPORT_SECURITY, X_CONTENT_TYPE_OPTIONS,
    X_FRAME_OPTIONS,
};
use axum::routing::{get, post};
use tower::ServiceBuilder;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::app::AppState;
use crate::auth::csrf;
use crate::auth::licence;
use crate::controllers::cash::banks;
use crate::controllers::cash::barrio;
use crate::controllers::cash::registers as cash_registers;
use crate::controllers::cash::turns;
use crate::controllers::catalogue::{self, Catalogue};
use crate::controllers::catalogues;
use crate::controllers::config::branch_offices;
use crate::controllers::config::holidays::{self, Holidays};
use crate::controllers::config::{company, licence as company_licence, users};
use crate::controllers::ebilling::certificate as ebilling_certificate;
use crate::controllers::ebilling::documents as ebilling_documents;
use crate::controllers::ebilling::trial as ebilling_trial;
use crate::controllers::inventory::categories;
use crate::controllers::inventory::cellars;
use crate::controllers::inventory::documents as stock_documents;
use crate::controllers::inventory::products::{self, Products};
use crate::controllers::inventory::remission_guides as ebilling_guides;
use crate::controllers::inventory::{kardex, product_images, upload};
use crate::controllers::purchases::documents as purchase_documents;
use crate::controllers::purchases::expenses::{Expense, Manual};
use crate::controllers::purchases::lector;
use crate::controllers::purchases::merchandise::Merchandise;
use crate::controllers::purchases::withholdings as purchase_withholdings;
use crate::controllers::purchases::{costs as purchases_costs, payables};
use crate::controllers::receivables::api as cxc;
use crate::controllers::records::{self, Record};
use crate::controllers::reports::{api as reports, export as reports_export};
use crate::controllers::restaurant::setup as restaurant_setup;
use crate::controllers::restaurant::{events as restaurant_events, orders as restaurant_orders};
use crate::controllers::sales::clients;
use crate::controllers::sales::electronic_credit_notes as ebilling_credit_notes;
use crate::controllers::sales::{credit_notes, invoices, notes, quotes};
use crate::controllers::taxes::rates as tax_rates;
use crate::controllers::{assets, auth, home, pages};
use crate::error::AppError;
use crate::http::{refusals, request_id};
use crate::models::inventory::{adjustment::Adjustment, transfer::Transfer};
use crate::services::restaurant::feed::EventFeed;

/// Scripts only from our origin; inline styles are allowed because React sets `style` attributes.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; \
                   object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'";

/// One route of the API: its method and its path as registered (`/api/users/{id}/lock`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiRoute {
    pub method: &'static str,
    pub path: String,
}

/// The API router being built, and the list of what it serves.
struct Api {
    router: Router<AppState>,
    routes: Vec<ApiRoute>,
}

impl Api {
    fn new() -> Self {
        Self {
            router: Router::new(),
            routes: Vec::new(),
        }
    }

    fn get<H, T>(mut self, path: &str, handler: H) -> Self
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        self.routes.push(ApiRoute {
            method: "GET",
            path: format!("/api{path}"),
        });
        self.router = self.router.route(path, get(handler));
        self
    }

    fn post<H, T>(mut self, path: &str, handler: H) -> Self
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        self.routes.push(ApiRoute {
            method: "POST",
            path: format!("/api{path}"),
        });
        self.router = self.router.route(path, post(handler));
        self
    }

    /// The generic record routes under `base`: `GET {base}/{id}`, `POST {base}/{id}/lock`,
    /// `POST {base}/delete`.
    fn records<R: Record>(self, base: &str) -> Self {
        self.post(&format!("{base}/delete"), records::delete::<R>)
            .get(&format!("{base}/{{id}}"), records::get::<R>)
            .post(&format!("{base}/{{id}}/lock"), records::lock::<R>)
    }
}

impl catalogues::Routes for Api {
    /// A catalogue's six routes under `base`: its records' ([`Api::records`]), `GET {base}` (one
    /// page), `POST {base}/register` and `POST {base}/{id}/update`.
    fn catalogue<C: Catalogue>(self, base: &str) -> Self {
        self.get(base, catalogue::list::<C>)
            .post(&format!("{base}/register"), catalogue::register::<C>)
            .post(&format!("{base}/{{id}}/update"), catalogue::update::<C>)
            .records::<C>(base)
    }
}

/// The API, area by area: the catalogues first, then each area in turn (the order the routes
/// have always been registered in).
fn api() -> Api {
    // The catalogues' six routes each (branches, categories, cellars, clients, promotions, cash
    // registers, bank accounts, suppliers, restaurant zones, tables, reservations).
    let areas: [fn(Api) -> Api; 14] = [
        auth_routes,
        page_routes,
        report_routes,
        config_routes,
        category_routes,
        sales_routes,
        inventory_routes,
        ebilling_routes,
        cash_routes,
        purchase_routes,
        lector_routes,
        receivable_routes,
        restaurant_routes,
        tax_routes,
    ];
    areas
        .into_iter()
        .fold(catalogues::routes(Api::new()), |api, area| area(api))
}

/// Authentication (sign-up, login, password reset, branch change) and the current user.
fn auth_routes(api: Api) -> Api {
    api
        // Authentication and the current user.
        .post("/auth/signup", auth::signup::signup)
        .get("/auth/verify-email", auth::signup::verify_email)
        .post(
            "/auth/resend-verification",
            auth::signup::resend_verification,
        )
        .post("/auth/login", auth::session::login)
        .post("/auth/logout", auth::session::logout)
        .post("/auth/gerateReset-password", auth::password::generate_reset)
        .post("/auth/reset-password", auth::password::reset_password)
        .get("/auth/reset-password/{token}", auth::password::check_reset)
        .post(
            "/auth/changeBranchOffice",
            auth::branch::change_branch_office,
        )
        .get("/user", auth::me::current_user)
        .get(
            "/users/AccessBranchOffices",
            auth::me::access_branch_offices,
        )
        .post("/users/theme", auth::me::set_theme)
}

/// What the browser shell reads: page data, the running build, the rule of an unknown page,
/// and the back-office home.
fn page_routes(api: Api) -> Api {
    api
        // Page data for the browser's navigations (the pages' only loaders are on the server).
        .get("/page-data", pages::page_data)
        .get("/page-data/", pages::page_data)
        .get("/page-data/{*path}", pages::page_data)
        // The running build (new-version notice) and the rule of a page the browser does not know.
        .get("/build", pages::build::build)
        .get("/routes/rule", pages::rules::route_rule)
        // The back-office home.
        .get("/dashboard", home::dashboard::dashboard)
}

/// The owner's reports.
fn report_routes(api: Api) -> Api {
    api
        // The owner's reports.
        .get("/reports/sales", reports::sales)
        .get("/reports/sales/export", reports_export::sales)
        .get("/reports/top", reports::top)
        .get("/reports/slow", reports::slow)
        .get("/reports/stock", reports::stock_report)
        .get("/reports/dashboard", reports::dashboard)
}

/// Configuration: users, the company (logo, licence), branch offices and holidays.
fn config_routes(api: Api) -> Api {
    api
        // Configuration: users (generic list contract).
        .get("/users", users::list::list)
        .post("/users/register", users::register::register)
        .post("/users/delete", users::update::delete)
        .get("/users/{id}", users::list::get)
        .post("/users/{id}/update", users::update::update)
        .post("/users/{id}/lock", users::update::lock)
        .post("/users/{id}/{action}", users::actions::action)
        // Configuration: company, logo, licence.
        .get("/company", company::get)
        .post("/company/update", company::update)
        .get("/company/logo", company::logo)
        .post("/company/logo", company::upload_logo)
        .post("/company/logo/delete", company::delete_logo)
        .get("/company/licence", company_licence::licence)
        // Configuration: branch offices.
        .get(
            "/company/branchOffice/all",
            branch_offices::all_branch_offices,
        )
        .get(
            "/company/branchOffice/getConfig",
            branch_offices::branch_office_config,
        )
        // Configuration: holidays.
        .get("/company/holiday", holidays::list)
        .post("/company/holiday/register", catalogue::register::<Holidays>)
        .post(
            "/company/holiday/{id}/update",
            catalogue::update::<Holidays>,
        )
        .records::<Holidays>("/company/holiday")
}

/// Inventory: the list of product categories (registered before the sales routes, as always).
fn category_routes(api: Api) -> Api {
    api
        // Inventory: product categories.
        .get("/item/category/all", categories::all)
}

/// Sales: client search, sales notes (the POS), facturas, credit notes and quotes.
fn sales_routes(api: Api) -> Api {
    api
        // Sales: clients.
        .get("/clients/search", clients::search)
        // Sales: sales notes (the POS) and credit notes.
        .get("/sales/note", notes::list)
        .get("/sales/note/last", notes::last)
        .post("/sales/note/preview", notes::preview)
        .post("/sales/note/register", notes::register)
        .get("/sales/note/{id}", notes::get)
        .get("/sales/note/{id}/returnable", credit_notes::returnable_of)
        // Sales: electronic facturas (factura express), the sales note's path ending in the SRI queue.
        .get("/sales/invoice", invoices::list)
        .get("/sales/invoice/last", invoices::last)
        .post("/sales/invoice/register", invoices::register)
        .get("/sales/invoice/{id}", invoices::get)
        .post("/sales/invoice/{id}/resend", invoices::resend)
        .get("/sales/creditNote", credit_notes::list)
        .post("/sales/creditNote/register", credit_notes::register)
        .get("/sales/creditNote/{id}", credit_notes::get)
        // Sales: quotes.
        .get("/sales/quoter", quotes::list)
        .post("/sales/quoter/register", quotes::register)
        .get("/sales/quoter/{id}", quotes::get)
        .get("/sales/quoter/{id}/getStock", quotes::get_stock)
    // Sales: promotions.
}

/// Inventory: products, the POS's reads, warehouses, adjustments, transfers, kardex, stock and
/// the bulk upload.
fn inventory_routes(api: Api) -> Api {
    api
        // Inventory: products, the POS's reads, warehouses, adjustments, transfers, kardex, stock.
        .get("/item", products::list)
        .post("/item/register", products::register)
        .post("/item/delete", records::delete::<Products>)
        .post("/item/getByBarcode", products::get_by_barcode)
        .post("/item/getProductByID", products::get_product_by_id)
        .post("/item/getStocks", products::get_stocks)
        .post("/item/getIngredientsStock", products::get_ingredients_stock)
        .get("/item/{id}", records::get::<Products>)
        .post("/item/{id}/update", products::update)
        .post("/item/{id}/lock", records::lock::<Products>)
        .get("/item/{id}/image", product_images::image)
        .post("/item/{id}/image", product_images::upload)
        .post("/item/{id}/image/delete", product_images::delete)
        .get("/inventory/cellar/options", cellars::cellar_options)
        .get("/inventory/adjustment", stock_documents::list::<Adjustment>)
        .post(
            "/inventory/adjustment/register",
            stock_documents::register::<Adjustment>,
        )
        .get(
            "/inventory/adjustment/{id}",
            stock_documents::get::<Adjustment>,
        )
        .get("/inventory/transfer", stock_documents::list::<Transfer>)
        .post(
            "/inventory/transfer/register",
            stock_documents::register::<Transfer>,
        )
        .get("/inventory/transfer/{id}", stock_documents::get::<Transfer>)
        .get("/inventory/kardex", kardex::kardex)
        .get("/inventory/kardex/export", kardex::export)
        .get("/inventory/stock", kardex::stock)
        .post(
            "/inventory/upload",
            upload::upload.layer(DefaultBodyLimit::max(upload::UPLOAD_MAX)),
        )
        .get("/inventory/upload/template", upload::template)
        .get("/inventory/upload/{id}", upload::job)
}

/// Electronic billing: the signing certificate, the documents and their SRI state, the
/// electronic credit notes and the guías de remisión.
fn ebilling_routes(api: Api) -> Api {
    api
        // Electronic billing: the signing certificate.
        .get("/ebilling/certificate", ebilling_certificate::get)
        .post("/ebilling/certificate", ebilling_certificate::upload)
        // Electronic billing: the documents and their SRI state.
        .get("/ebilling/documents", ebilling_documents::list)
        .get("/ebilling/documents/{id}", ebilling_documents::get)
        .get("/ebilling/documents/{id}/xml", ebilling_documents::xml)
        .post("/ebilling/documents/{id}/email", ebilling_documents::email)
        .post(
            "/ebilling/documents/{id}/resend",
            ebilling_documents::resend,
        )
        .post("/ebilling/test", ebilling_trial::run)
        .get("/ebilling/creditNote", ebilling_credit_notes::list)
        .post(
            "/ebilling/creditNote/register",
            ebilling_credit_notes::register,
        )
        .get(
            "/ebilling/creditNote/invoice/{id}",
            ebilling_credit_notes::invoice,
        )
        .get("/ebilling/creditNote/{id}", ebilling_credit_notes::get)
        .post(
            "/ebilling/creditNote/{id}/resend",
            ebilling_credit_notes::resend,
        )
        // Electronic billing: guías de remisión.
        .get("/ebilling/remissionGuide", ebilling_guides::list)
        .post(
            "/ebilling/remissionGuide/register",
            ebilling_guides::register,
        )
        .get("/ebilling/remissionGuide/{id}", ebilling_guides::get)
        .post(
            "/ebilling/remissionGuide/{id}/resend",
            ebilling_guides::resend,
        )
}

/// Cash: registers, shifts, bank accounts and Banco del Barrio.
fn cash_routes(api: Api) -> Api {
    api
        // Cash: registers (generic list and their state), shifts, bank accounts.
        .get("/cashRegister/getMyCash", cash_registers::get_my_cash)
        .get(
            "/cashRegister/getGeneralCash",
            cash_registers::get_general_cash,
        )
        .get("/cashRegister/getCashOpen", cash_registers::get_cash_open)
        .get(
            "/cashRegister/getMyCashOpen",
            cash_registers::get_my_cash_open,
        )
        .get(
            "/cashRegister/{id}/checkIfOpen",
            cash_registers::check_if_open,
        )
        .get("/Turn", turns::list)
        .get("/Turn/getMyLastTurn", turns::my_last)
        .post("/Turn/open", turns::open)
        .get("/Turn/{id}", turns::get)
        .post("/Turn/{id}/movement", turns::movement)
        .post("/Turn/{id}/close", turns::close)
        .post("/Turn/{id}/confirmClose", turns::confirm_close)
        .get("/bank/all", banks::all)
        .get("/bank/{id}/movements", banks::movements)
        .get("/bank/barrio/config", barrio::get_config)
        .post("/bank/barrio/config", barrio::save_config)
        .post("/bank/barrio/operation", barrio::operation)
        .post("/bank/barrio/operation/{id}/reverse", barrio::reverse)
        .get("/bank/barrio/report", barrio::report)
}

/// Purchases: merchandise, expenses, manual purchases and payables.
fn purchase_routes(api: Api) -> Api {
    api
        // Purchases: suppliers, merchandise purchases, payables.
        .get(
            "/purchases/merchandise",
            purchase_documents::list::<Merchandise>,
        )
        .post(
            "/purchases/merchandise/register",
            purchase_documents::register::<Merchandise>,
        )
        .get(
            "/purchases/merchandise/lastCost",
            purchases_costs::last_cost,
        )
        .get(
            "/purchases/merchandise/{id}",
            purchase_documents::get::<Merchandise>,
        )
        .post(
            "/purchases/merchandise/{id}/cancel",
            purchase_documents::cancel::<Merchandise>,
        )
        .post(
            "/purchases/merchandise/{id}/withhold",
            purchase_documents::withhold::<Merchandise>,
        )
        .get("/purchases/expense", purchase_documents::list::<Expense>)
        .post(
            "/purchases/expense/register",
            purchase_documents::register::<Expense>,
        )
        .get(
            "/purchases/expense/{id}",
            purchase_documents::get::<Expense>,
        )
        .post(
            "/purchases/expense/{id}/cancel",
            purchase_documents::cancel::<Expense>,
        )
        .post(
            "/purchases/expense/{id}/withhold",
            purchase_documents::withhold::<Expense>,
        )
        .get("/purchases/manual", purchase_documents::list::<Manual>)
        .post(
            "/purchases/manual/register",
            purchase_documents::register::<Manual>,
        )
        .get("/purchases/manual/{id}", purchase_documents::get::<Manual>)
        .post(
            "/purchases/manual/{id}/cancel",
            purchase_documents::cancel::<Manual>,
        )
        .post(
            "/purchases/manual/{id}/withhold",
            purchase_documents::withhold::<Manual>,
        )
        // Comprobantes de retención on purchases (admin and user).
        .get("/ebilling/withholding", purchase_withholdings::list)
        .get("/ebilling/withholding/{id}", purchase_withholdings::get)
        .get("/ebilling/withholding/{id}/xml", purchase_withholdings::xml)
        .post(
            "/ebilling/withholding/{id}/annul",
            purchase_withholdings::annul,
        )
        .get("/purchases/payable", payables::list)
        .get("/purchases/payable/statement", payables::statement)
        .get("/purchases/payable/{id}", payables::get)
        .post("/purchases/payable/{id}/pay", payables::pay)
}

/// Lector .SRI: received electronic documents.
fn lector_routes(api: Api) -> Api {
    api
        // Lector .SRI: received electronic documents (admin and user).
        .post(
            "/tools/lector/upload",
            lector::upload.layer(DefaultBodyLimit::max(lector::UPLOAD_MAX)),
        )
        .get("/tools/lector/upload/{id}", lector::upload_job)
        .post("/tools/lector/import", lector::import)
        .get("/tools/lector/mappings", lector::mappings)
        .post("/tools/lector/mappings/delete", lector::delete_mapping)
}

/// Receivables (cuentas por cobrar).
fn receivable_routes(api: Api) -> Api {
    api
        // Receivables (cuentas por cobrar): admin and user.
        .get("/cxc", cxc::list)
        .get("/cxc/aging", cxc::aging)
        .get("/cxc/statement", cxc::statement)
        .post("/cxc/statement/email", cxc::email)
        .post("/cxc/collect", cxc::collect)
        .get("/cxc/payment/{id}", cxc::get_receipt)
        .post("/cxc/payment/{id}/reverse", cxc::reverse)
        .get("/cxc/{id}", cxc::get)
}

/// Restaurant: reservation states, orders, the kitchen and the live events.
fn restaurant_routes(api: Api) -> Api {
    api
        // Restaurant: zones, tables, reservations (admin and user).
        .post(
            "/restaurant/reservation/{id}/state",
            restaurant_setup::set_state,
        )
        // Restaurant: orders, kitchen and the live events (admin and user).
        .get("/restaurant/order", restaurant_orders::list)
        .post("/restaurant/order/open", restaurant_orders::open)
        .get("/restaurant/order/{id}", restaurant_orders::get)
        .post("/restaurant/order/{id}/items", restaurant_orders::items)
        .post(
            "/restaurant/order/{id}/item/{itemId}/state",
            restaurant_orders::item_state,
        )
        .post(
            "/restaurant/order/{id}/item/{itemId}/void",
            restaurant_orders::item_void,
        )
        .post(
            "/restaurant/order/{id}/item/{itemId}/split",
            restaurant_orders::item_split,
        )
        .post("/restaurant/order/{id}/price", restaurant_orders::price)
        .post("/restaurant/order/{id}/move", restaurant_orders::move_to)
        .post("/restaurant/order/{id}/join", restaurant_orders::join)
        .post(
            "/restaurant/order/{id}/requestBill",
            restaurant_orders::request_bill,
        )
        .post("/restaurant/order/{id}/bill", restaurant_orders::bill)
        .get("/restaurant/kitchen", restaurant_orders::kitchen)
        .get("/restaurant/events", restaurant_events::events)
}

/// Taxes: the dated tax table (every role reads it; admins add rows).
fn tax_routes(api: Api) -> Api {
    api.get("/taxes/withholding", tax_rates::list)
        .post("/taxes/withholding/register", tax_rates::register)
}

/// Every API route the router serves.
pub fn api_routes() -> Vec<ApiRoute> {
    api().routes
}

/// `Strict-Transport-Security` of a server behind HTTPS (`COOKIE_SECURE=1`): browsers then refuse
/// plain HTTP to it for a year, so the session cookie never travels unencrypted. Without HTTPS the
/// header would lock users out, so it is only sent with secure cookies.
async fn hsts(
    axum::extract::State(state): axum::extract::State<AppState>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let mut response = next.run(request).await;
    if state.config.cookie_secure {
        response.headers_mut().insert(
            STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000"),
        );
    }
    response
}

/// Builds the application router.
pub fn build(state: AppState) -> Router {
    let api = api()
        .router
        .route_layer(axum::middleware::from_fn_with_state(
            state.clone(),
            licence::enforce::<AppState>,
        ))
        .fallback(|| async { AppError::NotFound("Ruta de API no encontrada".into()) })
        // The restaurant events this server read last, shared by its open streams.
        .layer(axum::Extension(std::sync::Arc::new(EventFeed::default())));

    let csrf_guard = csrf::Guard::new(state.clone());
    Router::new()
        .nest("/api", api)
        .route("/assets/{file}", get(assets::asset))
        .route("/login", get(pages::page).post(auth::session::login_form))
        .fallback(get(pages::page))
        .layer(
            ServiceBuilder::new()
                .layer(axum::middleware::from_fn(request_id::assign))
                .layer(axum::middleware::from_fn_with_state(state.clone(), hsts))
                .layer(DefaultBodyLimit::max(crate::http::BODY_LIMIT))
                .layer(SetResponseHeaderLayer::if_not_present(
                    X_CONTENT_TYPE_OPTIONS,
                    HeaderValue::from_static("nosniff"),
                ))
                .layer(SetResponseHeaderLayer::if_not_present(
                    X_FRAME_OPTIONS,
                    HeaderValue::from_static("SAMEORIGIN"),
                ))
                .layer(SetResponseHeaderLayer::if_not_present(
                    REFERRER_POLICY,
                    HeaderValue::from_static("same-origin"),
                ))
                .layer(SetResponseHeaderLayer::if_not_present(
                    CONTENT_SECURITY_POLICY,
                    HeaderValue::from_static(CSP),
                ))
                .layer(CompressionLayer::new())
                .layer(axum::middleware::from_fn(refusals::guard))
                .layer(axum::middleware::from_fn(move |req, next| {
                    csrf::protect(csrf_guard.clone(), req, next)
                })),
        )
        .with_state(state)
}
