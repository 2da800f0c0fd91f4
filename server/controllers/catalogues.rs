//! The one list of catalogues (the simple company tables of `models::catalogue` with the generic
//! list contract of [`super::catalogue`]): each one's API base and, when its page is the plain
//! list ([`ListPage`]), the route of that page. The router serves each one's six routes from here,
//! the page loaders load those pages from here, the TypeScript bindings declare those pages' data
//! from here and the permission test walks every route and role from here, so a new catalogue is
//! one line in this file besides its own model, view and controller.
//!
//! Like `controllers/pages/loaders.rs`, this module imports the areas and no area imports it.

use ts_rs::TypeVisitor;

use crate::controllers::catalogue::Catalogue;
use crate::controllers::page_loader::{Loaders, PageContext, PageFuture};
use crate::controllers::records::Record;
use crate::controllers::{cash, config, inventory, purchases, restaurant, sales};
use crate::models::auth::user::Role;
use crate::views::ListPage;
use crate::views::route_id::RouteId;

/// What the router adds for each catalogue (its six routes under `base`).
pub trait Routes: Sized {
    /// The catalogue `C` served under `base`.
    fn catalogue<C: Catalogue>(self, base: &str) -> Self;
}

/// A catalogue as the permission test sees it: its base and who may do what.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    /// The API base without `/api` (`/bank`).
    pub base: &'static str,
    /// `GET {base}` and `GET {base}/{id}`.
    pub read: &'static [Role],
    /// `POST {base}/delete` and `POST {base}/{id}/lock`.
    pub write: &'static [Role],
    /// `POST {base}/register` and `POST {base}/{id}/update`.
    pub edit: &'static [Role],
}

impl Entry {
    const fn of<C: Catalogue>(base: &'static str) -> Self {
        Entry {
            base,
            read: C::READ,
            write: C::WRITE,
            edit: C::EDIT,
        }
    }
}

/// The data of a catalogue's plain list page: one page of its list, read as `GET {base}` reads it,
/// with the roles the route table gives the page.
fn list_page<'a, C: Catalogue>(ctx: &'a PageContext<'a>) -> PageFuture<'a> {
    ctx.tenant(|conn, tenant, query| {
        Ok(ListPage {
            list: (C::PAGE)(conn, tenant, &query.list()?)?,
        })
    })
}

/// Declares the list: `Type => "/base"`, and `, page RouteId` when the page is the plain list.
///
/// Why a macro: the one list has to become two `const` tables (`ENTRIES` for the permission test,
/// `LOADERS` for `controllers::pages::loaders`' const table) and two walks generic over each
/// catalogue's type (the router's `Routes::catalogue::<C>` and the TypeScript visitor's
/// `visit::<ListPage<C::View>>`). Plain Rust cannot iterate over a list of types, neither in a
/// `const` nor in a generic function, so without the macro the list would be written four times.
macro_rules! catalogues {
    ($($catalogue:ty => $base:literal $(, page $route:ident)?;)+) => {
        /// Every catalogue's routes, added to `api`.
        pub fn routes<A: Routes>(api: A) -> A {
            api$(.catalogue::<$catalogue>($base))+
        }

        /// Every catalogue, for the permission test.
        pub const ENTRIES: &[Entry] = &[$(Entry::of::<$catalogue>($base)),+];

        /// The loaders of the plain list pages.
        pub const LOADERS: Loaders = &[$($((RouteId::$route, list_page::<$catalogue>),)?)+];

        /// Visits the data type of each plain list page (for `crate::typescript`).
        pub fn visit_pages(visitor: &mut impl TypeVisitor) {
            $($(
                // Only the catalogues with a page (`$route` names the repetition).
                let _ = RouteId::$route;
                visitor.visit::<ListPage<<$catalogue as Record>::View>>();
            )?)+
        }
    };
}

catalogues! {
    config::branch_offices::Branches => "/company/branchOffice";
    inventory::categories::Categories => "/item/category";
    inventory::cellars::Cellars => "/inventory/cellar";
    sales::clients::Clients => "/clients", page SalesClients;
    sales::promotions::Promotions => "/sales/promo";
    cash::registers::CashRegisters => "/cashRegister", page AdminCashRegisters;
    cash::banks::BankAccounts => "/bank", page AdminBankAccounts;
    purchases::suppliers::Suppliers => "/purchases/supplier", page PurchasesSuppliers;
    restaurant::setup::Zones => "/restaurant/zone";
    restaurant::setup::Tables => "/restaurant/table";
    restaurant::setup::Reservations => "/restaurant/reservation";
}
