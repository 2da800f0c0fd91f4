//! The demo restaurant, so a night of service can be run on a fresh `serve --demo`: three zones of
//! the main branch (Salón, Terraza, Barra) with eight tables placed on the floor plan, the
//! categories Platos (kitchen) and Bebidas (bar), and a small menu of recipes whose ingredients
//! are products of the demo inventory with opening stock (selling a dish consumes them). Runs
//! once: only when the main branch has no zones.

use crate::cli::demo_inventory::{micros, recipe_fields};
use crate::db::{DbConnection, write_transaction};
use crate::error::AppError;
use crate::models::CompanyId;
use crate::models::inventory::category::{Category, CategoryFields};
use crate::models::inventory::product::Product;
use crate::models::restaurant::table::{RestaurantTable, TableFields};
use crate::models::restaurant::zone::{RestaurantZone, ZoneFields};

/// A demo table: name, seats, shape, x, y (plan units 0..1000).
type DemoTable = (&'static str, i32, &'static str, i32, i32);

/// Zones and their tables.
const FLOOR: [(&str, &[DemoTable]); 3] = [
    (
        "Salón",
        &[
            ("Mesa 1", 4, "square", 80, 80),
            ("Mesa 2", 4, "square", 300, 80),
            ("Mesa 3", 6, "rect", 520, 80),
            ("Mesa 4", 2, "round", 80, 320),
        ],
    ),
    (
        "Terraza",
        &[
            ("Terraza 1", 4, "round", 100, 120),
            ("Terraza 2", 4, "round", 360, 120),
        ],
    ),
    (
        "Barra",
        &[
            ("Barra 1", 2, "rect", 100, 100),
            ("Barra 2", 2, "rect", 320, 100),
        ],
    ),
];

/// Dishes and drinks prepared in the local: code, category, name, price without IVA, and
/// `(ingredient, quantity in the ingredient's unit)` lines.
type Dish = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

const MENU: [Dish; 5] = [
    (
        "M001",
        "Platos",
        "Seco de pollo",
        "6.50",
        &[
            ("Pechuga de pollo", "0.25"),
            ("Arroz suelto", "0.15"),
            ("Tomate riñón", "0.05"),
            ("Cebolla paiteña", "0.05"),
        ],
    ),
    (
        "M002",
        "Platos",
        "Bolón de verde con queso",
        "3.50",
        &[("Plátano verde", "2"), ("Queso fresco Kiosko 500 g", "0.1")],
    ),
    (
        "M003",
        "Platos",
        "Hamburguesa de la casa",
        "5.00",
        &[
            ("Carne de res molida", "0.15"),
            ("Pan enrollado", "1"),
            ("Tomate riñón", "0.03"),
            ("Papas fritas congeladas Facundo 1 kg", "0.2"),
        ],
    ),
    (
        "M004",
        "Bebidas",
        "Jugo de naranja",
        "2.00",
        &[("Naranja", "0.4"), ("Azúcar San Carlos 1 kg", "0.02")],
    ),
    (
        "M005",
        "Bebidas",
        "Limonada",
        "1.50",
        &[("Limón sutil", "0.1"), ("Azúcar San Carlos 1 kg", "0.03")],
    ),
];

/// Micro-units of a decimal text written in this file.
/// The demo product of this name (the inventory demo's code is its place in the catalogue).
fn ingredient(
    conn: &mut DbConnection,
    company: CompanyId,
    name: &str,
) -> Result<Option<i64>, AppError> {
    let Some(n) = crate::cli::demo_inventory::CATALOGUE
        .iter()
        .position(|(_, product, ..)| *product == name)
    else {
        return Ok(None);
    };
    Ok(Product::find_by_code(conn, company, &format!("P{:04}", n + 1))?.map(|p| p.id))
}

/// Adds the floor and the menu to the demo company's main branch when it has no zones.
pub fn load(conn: &mut DbConnection, company: CompanyId, branch: i64) -> anyhow::Result<()> {
    if !RestaurantZone::of_branch(conn, company, branch)?.is_empty() {
        return Ok(());
    }
    write_transaction(conn, |conn| -> Result<(), AppError> {
        for (zone, tables) in FLOOR {
            let zone_id = RestaurantZone::insert(
                conn,
                company,
                branch,
                &ZoneFields {
                    name: zone.into(),
                    active: true,
                },
            )?;
            for (name, seats, shape, x, y) in tables {
                RestaurantTable::insert(
                    conn,
                    company,
                    branch,
                    &TableFields {
                        zone_id,
                        name: (*name).into(),
                        seats: *seats,
                        shape: (*shape).into(),
                        x: *x,
                        y: *y,
                        active: true,
                    },
                )?;
            }
        }
        if Product::find_by_code(conn, company, MENU[0].0)?.is_some() {
            return Ok(());
        }
        let categories = Category::all(conn, company, false)?;
        let category = |conn: &mut DbConnection, name: &str, station: &str| match categories
            .iter()
            .find(|c| c.name == name && c.parent_id.is_none())
        {
            Some(c) => Ok::<i64, AppError>(c.id),
            None => Ok(Category::insert(
                conn,
                company,
                &CategoryFields {
                    name: name.into(),
                    parent_id: None,
                    active: true,
                    station: station.into(),
                    modifiers: String::new(),
                },
            )?),
        };
        let dishes = category(conn, "Platos", "cocina")?;
        let drinks = category(conn, "Bebidas", "bar")?;
        for (code, group, name, price, lines) in MENU {
            let mut recipe = Vec::new();
            for (item, quantity) in lines {
                if let Some(id) = ingredient(conn, company, item)? {
                    recipe.push((id, micros(quantity)));
                }
            }
            if recipe.is_empty() {
                continue;
            }
            let category_id = if group == "Platos" { dishes } else { drinks };
            let fields = recipe_fields(
                code.into(),
                name,
                "Del menú del restaurante",
                category_id,
                price,
                recipe,
            );
            Product::insert(conn, company, &fields)?;
        }
        Ok(())
    })
    .map_err(|e| anyhow::anyhow!(e.to_string()))
}
