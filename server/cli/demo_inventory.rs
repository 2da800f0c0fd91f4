//! The demo minimarket's inventory: about 200 Ecuadorian products with EAN-13 barcodes, their
//! categories, a few sold by weight, a few services, two recipes, two warehouses in the main
//! branch and opening stock posted through the inventory service (`opening` kardex rows).

use std::collections::HashMap;
use std::str::FromStr;

use rust_decimal::Decimal;

use crate::db::{DbConnection, write_transaction};
use crate::domain::money::to_micros;
use crate::error::AppError;
use crate::models::CompanyId;
use crate::models::inventory::category::{Category, CategoryFields};
use crate::models::inventory::product::{Product, ProductFields};
use crate::models::inventory::warehouse::{Warehouse, WarehouseFields};
use crate::services::inventory::stock::{
    Document, Movement, MovementType, UnitCost, post_movements,
};

/// Category, name, unit, price without IVA, unit cost, IVA code.
#[rustfmt::skip]
pub(crate) const CATALOGUE: &[(&str, &str, &str, &str, &str, &str)] = &[
    ("Abarrotes", "Arroz Flor 2 kg", "unidad", "2.35", "1.85", "0"),
    ("Abarrotes", "Arroz Gustadina 5 kg", "unidad", "5.60", "4.50", "0"),
    ("Abarrotes", "Azúcar San Carlos 1 kg", "unidad", "1.10", "0.88", "0"),
    ("Abarrotes", "Azúcar morena Valdez 2 kg", "unidad", "2.15", "1.70", "0"),
    ("Abarrotes", "Aceite La Favorita 1 l", "unidad", "2.90", "2.30", "0"),
    ("Abarrotes", "Aceite Girasol 900 ml", "unidad", "3.25", "2.60", "0"),
    ("Abarrotes", "Sal Crisal 1 kg", "unidad", "0.55", "0.40", "0"),
    ("Abarrotes", "Fideo Don Vittorio tallarín 400 g", "unidad", "0.95", "0.72", "0"),
    ("Abarrotes", "Fideo Oriental cabello de ángel 400 g", "unidad", "0.90", "0.68", "0"),
    ("Abarrotes", "Lenteja 500 g", "unidad", "1.05", "0.80", "0"),
    ("Abarrotes", "Fréjol rojo 500 g", "unidad", "1.35", "1.05", "0"),
    ("Abarrotes", "Avena Quaker 400 g", "unidad", "1.60", "1.25", "0"),
    ("Abarrotes", "Harina Ya 1 kg", "unidad", "1.30", "1.00", "0"),
    ("Abarrotes", "Atún Real en aceite 180 g", "unidad", "1.65", "1.30", "4"),
    ("Abarrotes", "Sardina Isabel en tomate 425 g", "unidad", "1.75", "1.35", "4"),
    ("Abarrotes", "Salsa de tomate Los Andes 400 g", "unidad", "1.45", "1.10", "4"),
    ("Abarrotes", "Mayonesa Maggi 200 g", "unidad", "1.20", "0.92", "4"),
    ("Abarrotes", "Café Sí Café 50 g", "unidad", "1.90", "1.50", "4"),
    ("Abarrotes", "Nescafé Tradición 85 g", "unidad", "4.25", "3.40", "4"),
    ("Abarrotes", "Chocolate La Universal 250 g", "unidad", "2.40", "1.90", "4"),
    ("Abarrotes", "Arroz suelto", "kg", "1.05", "0.80", "0"),
    ("Abarrotes", "Fréjol canario suelto", "kg", "2.40", "1.85", "0"),
    ("Lácteos", "Leche entera Vita 1 l", "unidad", "1.00", "0.82", "0"),
    ("Lácteos", "Leche deslactosada Toni 1 l", "unidad", "1.25", "1.00", "0"),
    ("Lácteos", "Yogur Toni frutilla 1 l", "unidad", "2.30", "1.80", "4"),
    ("Lácteos", "Yogur Kiosko durazno 200 g", "unidad", "0.75", "0.55", "4"),
    ("Lácteos", "Queso fresco Kiosko 500 g", "unidad", "3.10", "2.45", "0"),
    ("Lácteos", "Queso mozzarella Floralp 500 g", "unidad", "4.80", "3.80", "4"),
    ("Lácteos", "Mantequilla Bonella 250 g", "unidad", "1.95", "1.55", "4"),
    ("Lácteos", "Crema de leche Vita 200 ml", "unidad", "1.40", "1.10", "4"),
    ("Lácteos", "Leche condensada La Lechera 397 g", "unidad", "2.60", "2.05", "4"),
    ("Lácteos", "Queso de mesa al peso", "kg", "7.50", "5.90", "0"),
    ("Panadería", "Pan enrollado", "unidad", "0.15", "0.09", "0"),
    ("Panadería", "Pan de agua", "unidad", "0.15", "0.09", "0"),
    ("Panadería", "Pan integral Supan 550 g", "unidad", "2.45", "1.90", "0"),
    ("Panadería", "Pan de molde Bimbo 600 g", "unidad", "2.60", "2.05", "0"),
    ("Panadería", "Empanada de verde", "unidad", "0.60", "0.35", "0"),
    ("Panadería", "Galletas Amor 200 g", "unidad", "0.85", "0.65", "4"),
    ("Panadería", "Galletas Ricas 6 unidades", "unidad", "0.90", "0.68", "4"),
    ("Panadería", "Galletas Oreo 6 unidades", "unidad", "0.50", "0.38", "4"),
    ("Bebidas", "Coca-Cola 1.35 l", "unidad", "1.25", "0.98", "4"),
    ("Bebidas", "Coca-Cola 3 l", "unidad", "2.50", "2.00", "4"),
    ("Bebidas", "Inca Kola 500 ml", "unidad", "0.75", "0.56", "4"),
    ("Bebidas", "Sprite 1.35 l", "unidad", "1.20", "0.94", "4"),
    ("Bebidas", "Fioravanti fresa 2 l", "unidad", "1.40", "1.10", "4"),
    ("Bebidas", "Güitig 1.5 l", "unidad", "1.10", "0.85", "4"),
    ("Bebidas", "Agua Tesalia 1 l", "unidad", "0.75", "0.55", "4"),
    ("Bebidas", "Agua Dasani 600 ml", "unidad", "0.60", "0.42", "4"),
    ("Bebidas", "Jugo Del Valle durazno 1 l", "unidad", "1.60", "1.25", "4"),
    ("Bebidas", "Jugo Sunny naranja 1 l", "unidad", "1.45", "1.12", "4"),
    ("Bebidas", "Té Fuze Tea limón 500 ml", "unidad", "0.85", "0.65", "4"),
    ("Bebidas", "Gatorade tropical 500 ml", "unidad", "0.95", "0.74", "4"),
    ("Bebidas", "220V energizante 380 ml", "unidad", "0.75", "0.55", "4"),
    ("Bebidas", "Vive 100 energizante 380 ml", "unidad", "0.75", "0.55", "4"),
    ("Bebidas", "Pony Malta 330 ml", "unidad", "0.70", "0.52", "4"),
    ("Cervezas y licores", "Cerveza Pilsener 600 ml", "unidad", "1.25", "0.98", "4"),
    ("Cervezas y licores", "Cerveza Club Verde 330 ml", "unidad", "1.10", "0.85", "4"),
    ("Cervezas y licores", "Cerveza Pilsener lata 355 ml", "unidad", "1.00", "0.78", "4"),
    ("Cervezas y licores", "Cerveza Corona 355 ml", "unidad", "1.75", "1.38", "4"),
    ("Cervezas y licores", "Zhumir Pink 750 ml", "unidad", "8.50", "6.80", "4"),
    ("Cervezas y licores", "Ron San Miguel 750 ml", "unidad", "9.90", "7.90", "4"),
    ("Cervezas y licores", "Vino Gato Negro 750 ml", "unidad", "8.90", "7.10", "4"),
    ("Snacks y dulces", "Papas Ruffles original 45 g", "unidad", "0.60", "0.44", "4"),
    ("Snacks y dulces", "Papas Pringles 124 g", "unidad", "2.95", "2.30", "4"),
    ("Snacks y dulces", "Doritos 45 g", "unidad", "0.60", "0.44", "4"),
    ("Snacks y dulces", "Tostitos 45 g", "unidad", "0.60", "0.44", "4"),
    ("Snacks y dulces", "Chifles Tortolines 45 g", "unidad", "0.50", "0.36", "4"),
    ("Snacks y dulces", "Maní Manicho 28 g", "unidad", "0.40", "0.28", "4"),
    ("Snacks y dulces", "Chocolate Manicho 28 g", "unidad", "0.40", "0.28", "4"),
    ("Snacks y dulces", "Caramelos Halls menta", "unidad", "0.35", "0.24", "4"),
    ("Snacks y dulces", "Chicles Trident menta", "unidad", "0.50", "0.36", "4"),
    ("Snacks y dulces", "Chupete Bon Bon Bum", "unidad", "0.15", "0.09", "4"),
    ("Snacks y dulces", "Gomitas Mogul 80 g", "unidad", "0.80", "0.58", "4"),
    ("Snacks y dulces", "Chocolate Ferrero Rocher 3 unidades", "unidad", "2.50", "1.95", "4"),
    ("Carnes y embutidos", "Pollo entero al peso", "kg", "3.20", "2.50", "0"),
    ("Carnes y embutidos", "Pechuga de pollo", "kg", "5.50", "4.30", "0"),
    ("Carnes y embutidos", "Carne de res molida", "kg", "6.80", "5.30", "0"),
    ("Carnes y embutidos", "Chuleta de cerdo", "kg", "6.20", "4.80", "0"),
    ("Carnes y embutidos", "Jamón Plumrose 200 g", "unidad", "2.60", "2.05", "4"),
    ("Carnes y embutidos", "Salchicha Don Diego 500 g", "unidad", "2.95", "2.30", "4"),
    ("Carnes y embutidos", "Mortadela Juris 250 g", "unidad", "1.45", "1.10", "4"),
    ("Carnes y embutidos", "Chorizo parrillero La Europea 400 g", "unidad", "3.80", "3.00", "4"),
    ("Huevos", "Huevos Indaves cubeta 30", "unidad", "4.50", "3.70", "0"),
    ("Huevos", "Huevos Oro 12 unidades", "unidad", "2.10", "1.70", "0"),
    ("Huevos", "Huevos de campo 6 unidades", "unidad", "1.50", "1.15", "0"),
    ("Frutas y verduras", "Banano", "kg", "0.80", "0.45", "0"),
    ("Frutas y verduras", "Manzana roja", "kg", "2.60", "1.90", "0"),
    ("Frutas y verduras", "Naranja", "kg", "1.20", "0.80", "0"),
    ("Frutas y verduras", "Papa chola", "kg", "0.90", "0.60", "0"),
    ("Frutas y verduras", "Cebolla paiteña", "kg", "1.30", "0.90", "0"),
    ("Frutas y verduras", "Tomate riñón", "kg", "1.40", "0.95", "0"),
    ("Frutas y verduras", "Zanahoria", "kg", "0.90", "0.55", "0"),
    ("Frutas y verduras", "Limón sutil", "kg", "1.60", "1.10", "0"),
    ("Frutas y verduras", "Aguacate", "unidad", "0.60", "0.38", "0"),
    ("Frutas y verduras", "Plátano verde", "unidad", "0.25", "0.15", "0"),
    ("Frutas y verduras", "Cilantro atado", "unidad", "0.25", "0.12", "0"),
    ("Limpieza", "Detergente Deja 1 kg", "unidad", "3.40", "2.70", "4"),
    ("Limpieza", "Detergente Ariel 900 g", "unidad", "4.20", "3.35", "4"),
    ("Limpieza", "Jabón de lavar Macho 200 g", "unidad", "0.75", "0.55", "4"),
    ("Limpieza", "Suavizante Suavitel 1 l", "unidad", "2.80", "2.20", "4"),
    ("Limpieza", "Cloro Clorox 1 l", "unidad", "1.35", "1.05", "4"),
    ("Limpieza", "Lavavajillas Axión 500 g", "unidad", "1.95", "1.52", "4"),
    ("Limpieza", "Desinfectante Fabuloso 1 l", "unidad", "2.40", "1.88", "4"),
    ("Limpieza", "Papel higiénico Scott 4 rollos", "unidad", "2.20", "1.72", "4"),
    ("Limpieza", "Papel higiénico Familia 12 rollos", "unidad", "5.90", "4.70", "4"),
    ("Limpieza", "Servilletas Familia 100 unidades", "unidad", "0.90", "0.68", "4"),
    ("Limpieza", "Fundas de basura Plastigama 10 unidades", "unidad", "1.10", "0.82", "4"),
    ("Limpieza", "Esponja Scotch-Brite", "unidad", "0.65", "0.46", "4"),
    ("Cuidado personal", "Jabón Protex 110 g", "unidad", "1.10", "0.85", "4"),
    ("Cuidado personal", "Jabón Dove 90 g", "unidad", "1.45", "1.12", "4"),
    ("Cuidado personal", "Shampoo Sedal 340 ml", "unidad", "3.90", "3.05", "4"),
    ("Cuidado personal", "Shampoo Head & Shoulders 375 ml", "unidad", "6.20", "4.90", "4"),
    ("Cuidado personal", "Pasta dental Colgate 75 ml", "unidad", "1.80", "1.40", "4"),
    ("Cuidado personal", "Cepillo dental Colgate", "unidad", "1.50", "1.15", "4"),
    ("Cuidado personal", "Desodorante Rexona 150 ml", "unidad", "3.60", "2.85", "4"),
    ("Cuidado personal", "Toallas sanitarias Nosotras 10 unidades", "unidad", "1.95", "1.52", "4"),
    ("Cuidado personal", "Pañales Pañalín talla G 30 unidades", "unidad", "9.80", "7.90", "4"),
    ("Cuidado personal", "Pañitos húmedos Huggies 80 unidades", "unidad", "3.40", "2.65", "4"),
    ("Cuidado personal", "Alcohol antiséptico 500 ml", "unidad", "2.10", "1.60", "4"),
    ("Farmacia básica", "Paracetamol 500 mg 10 tabletas", "unidad", "1.00", "0.60", "0"),
    ("Farmacia básica", "Ibuprofeno 400 mg 10 tabletas", "unidad", "1.50", "0.95", "0"),
    ("Farmacia básica", "Sal de frutas Eno sobre", "unidad", "0.40", "0.28", "0"),
    ("Farmacia básica", "Curitas Band-Aid 10 unidades", "unidad", "1.20", "0.85", "4"),
    ("Mascotas", "Comida para perro Dog Chow 2 kg", "unidad", "7.90", "6.30", "4"),
    ("Mascotas", "Comida para gato Cat Chow 1.5 kg", "unidad", "7.20", "5.70", "4"),
    ("Mascotas", "Arena para gato 4 kg", "unidad", "4.50", "3.50", "4"),
    ("Congelados y helados", "Helado Pingüino Sánduche", "unidad", "0.60", "0.42", "4"),
    ("Congelados y helados", "Helado Topsy 1 l", "unidad", "4.50", "3.50", "4"),
    ("Congelados y helados", "Papas fritas congeladas Facundo 1 kg", "unidad", "3.20", "2.50", "4"),
    ("Congelados y helados", "Nuggets de pollo Mr. Pollo 500 g", "unidad", "4.60", "3.60", "4"),
    ("Congelados y helados", "Hielo en funda 2 kg", "funda", "1.00", "0.50", "4"),
    ("Útiles y varios", "Cuaderno universitario 100 hojas", "unidad", "1.50", "1.05", "4"),
    ("Útiles y varios", "Esferográfico BIC azul", "unidad", "0.40", "0.25", "4"),
    ("Útiles y varios", "Pilas Duracell AA 2 unidades", "unidad", "2.40", "1.85", "4"),
    ("Útiles y varios", "Fósforos El Gallo", "paquete", "0.60", "0.42", "4"),
    ("Útiles y varios", "Velas de parafina 6 unidades", "paquete", "1.20", "0.85", "4"),
    ("Útiles y varios", "Encendedor Bic", "unidad", "0.90", "0.65", "4"),
    ("Útiles y varios", "Funda plástica reutilizable", "unidad", "0.10", "0.05", "4"),
    ("Abarrotes varios", "Arroz Flor 1 kg", "unidad", "1.20", "0.95", "0"),
    ("Abarrotes varios", "Azúcar San Carlos 2 kg", "unidad", "2.15", "1.72", "0"),
    ("Abarrotes varios", "Aceite La Favorita 2 l", "unidad", "5.60", "4.45", "0"),
    ("Abarrotes varios", "Fideo Don Vittorio codito 400 g", "unidad", "0.95", "0.72", "0"),
    ("Abarrotes varios", "Fideo Don Vittorio lazo 400 g", "unidad", "0.95", "0.72", "0"),
    ("Abarrotes varios", "Maicena Iris 200 g", "unidad", "0.95", "0.70", "0"),
    ("Abarrotes varios", "Gelatina Royal frutilla 90 g", "unidad", "0.70", "0.50", "4"),
    ("Abarrotes varios", "Gelatina Royal uva 90 g", "unidad", "0.70", "0.50", "4"),
    ("Abarrotes varios", "Polvo de hornear Royal 100 g", "unidad", "1.10", "0.82", "4"),
    ("Abarrotes varios", "Achiote El Sabor 100 ml", "unidad", "0.85", "0.60", "4"),
    ("Abarrotes varios", "Comino molido El Sabor 50 g", "unidad", "0.55", "0.38", "4"),
    ("Abarrotes varios", "Orégano seco 20 g", "unidad", "0.45", "0.30", "4"),
    ("Abarrotes varios", "Caldo de gallina Maggi 8 cubos", "unidad", "0.90", "0.68", "4"),
    ("Abarrotes varios", "Sopa Maggi de pollo con fideo", "unidad", "0.65", "0.48", "4"),
    ("Abarrotes varios", "Salsa china Oriental 150 ml", "unidad", "0.95", "0.70", "4"),
    ("Abarrotes varios", "Vinagre Cris 500 ml", "unidad", "0.80", "0.58", "4"),
    ("Abarrotes varios", "Mostaza Los Andes 200 g", "unidad", "0.95", "0.70", "4"),
    ("Abarrotes varios", "Ají Tabasco 60 ml", "unidad", "3.90", "3.05", "4"),
    ("Abarrotes varios", "Mermelada Facundo mora 300 g", "unidad", "1.85", "1.42", "4"),
    ("Abarrotes varios", "Miel de abeja 250 g", "unidad", "3.50", "2.70", "0"),
    ("Abarrotes varios", "Panela molida 500 g", "unidad", "1.10", "0.80", "0"),
    ("Abarrotes varios", "Canela en rama 20 g", "unidad", "0.60", "0.40", "0"),
    ("Abarrotes varios", "Cereal Zucaritas 300 g", "unidad", "3.60", "2.85", "4"),
    ("Abarrotes varios", "Cereal Corn Flakes 500 g", "unidad", "4.30", "3.40", "4"),
    ("Abarrotes varios", "Granola Schullo 400 g", "unidad", "3.20", "2.50", "4"),
    ("Abarrotes varios", "Atún Van Camps en agua 160 g", "unidad", "1.70", "1.34", "4"),
    ("Abarrotes varios", "Sardina Real en aceite 155 g", "unidad", "1.05", "0.80", "4"),
    ("Abarrotes varios", "Choclo desgranado Facundo 300 g", "unidad", "1.35", "1.02", "4"),
    ("Abarrotes varios", "Arveja Facundo 300 g", "unidad", "1.30", "0.98", "4"),
    ("Abarrotes varios", "Durazno en almíbar Facundo 820 g", "unidad", "3.40", "2.65", "4"),
    ("Bebidas varias", "Coca-Cola Zero 500 ml", "unidad", "0.75", "0.56", "4"),
    ("Bebidas varias", "Coca-Cola 500 ml", "unidad", "0.75", "0.56", "4"),
    ("Bebidas varias", "Fanta naranja 1.35 l", "unidad", "1.20", "0.94", "4"),
    ("Bebidas varias", "Tropical 3 l", "unidad", "1.95", "1.52", "4"),
    ("Bebidas varias", "Big Cola 3 l", "unidad", "1.60", "1.22", "4"),
    ("Bebidas varias", "Agua Cielo 625 ml", "unidad", "0.50", "0.35", "4"),
    ("Bebidas varias", "Agua Tesalia con gas 500 ml", "unidad", "0.70", "0.50", "4"),
    ("Bebidas varias", "Jugo Natura mango 1 l", "unidad", "1.50", "1.15", "4"),
    ("Bebidas varias", "Avena Alpina 250 ml", "unidad", "0.85", "0.62", "4"),
    ("Bebidas varias", "Leche chocolatada Toni 200 ml", "unidad", "0.60", "0.44", "4"),
    ("Bebidas varias", "Powerade mora 500 ml", "unidad", "0.95", "0.74", "4"),
    ("Bebidas varias", "Café Minerva 200 g", "unidad", "4.20", "3.30", "4"),
    ("Bebidas varias", "Té Hornimans manzanilla 25 sobres", "unidad", "1.30", "0.98", "4"),
    ("Bebidas varias", "Té Hornimans horchata 25 sobres", "unidad", "1.30", "0.98", "4"),
    ("Limpieza y hogar", "Cloro Ajax 2 l", "unidad", "2.20", "1.72", "4"),
    ("Limpieza y hogar", "Limpiavidrios Windex 500 ml", "unidad", "2.90", "2.25", "4"),
    ("Limpieza y hogar", "Insecticida Raid 400 ml", "unidad", "4.60", "3.60", "4"),
    ("Limpieza y hogar", "Ambiental Glade lavanda 400 ml", "unidad", "3.20", "2.50", "4"),
    ("Limpieza y hogar", "Escoba plástica", "unidad", "2.80", "2.00", "4"),
    ("Limpieza y hogar", "Trapeador de algodón", "unidad", "3.50", "2.55", "4"),
    ("Limpieza y hogar", "Recogedor de basura", "unidad", "1.90", "1.35", "4"),
    ("Limpieza y hogar", "Guantes de caucho talla M", "unidad", "1.40", "1.00", "4"),
    ("Limpieza y hogar", "Toallas de cocina Scott 2 rollos", "unidad", "2.30", "1.80", "4"),
    ("Limpieza y hogar", "Papel aluminio Reynolds 7 m", "unidad", "2.10", "1.62", "4"),
    ("Cuidado personal varios", "Crema Nivea 200 ml", "unidad", "4.30", "3.35", "4"),
    ("Cuidado personal varios", "Gel Ego 250 ml", "unidad", "2.60", "2.02", "4"),
    ("Cuidado personal varios", "Máquina de afeitar Gillette Prestobarba", "unidad", "1.20", "0.88", "4"),
    ("Cuidado personal varios", "Acondicionador Pantene 400 ml", "unidad", "5.40", "4.25", "4"),
    ("Cuidado personal varios", "Jabón líquido Protex 250 ml", "unidad", "3.10", "2.42", "4"),
    ("Cuidado personal varios", "Hilo dental Oral-B 25 m", "unidad", "2.50", "1.92", "4"),
    ("Servicios", "Recarga celular", "servicio", "1.00", "0", "6"),
    ("Servicios", "Servicio de entrega a domicilio", "servicio", "1.50", "0", "4"),
    ("Servicios", "Cobro de servicios básicos", "servicio", "0.50", "0", "4"),
];

/// A recipe of the demo: name, price, and `(ingredient name, quantity)` lines.
type Recipe<'a> = (&'a str, &'a str, &'a [(&'a str, &'a str)]);

/// The EAN-13 check digit of 12 digits.
pub fn ean13_check(digits: &str) -> u32 {
    let sum: u32 = digits
        .chars()
        .filter_map(|c| c.to_digit(10))
        .enumerate()
        .map(|(i, d)| if i % 2 == 0 { d } else { d * 3 })
        .sum();
    (10 - sum % 10) % 10
}

/// A valid EAN-13: Ecuador's GS1 prefix 786 for packaged goods, an in-store `2…` code for goods
/// sold by weight.
pub fn ean13(n: usize, by_weight: bool) -> String {
    let body = if by_weight {
        format!("20{:05}{:05}", n, 0)
    } else {
        format!("786{:04}{:05}", 1000 + n % 9000, n * 7 + 11)
    };
    format!("{body}{}", ean13_check(&body))
}

pub(crate) fn micros(text: &str) -> i64 {
    to_micros(Decimal::from_str(text).unwrap_or_default()).unwrap_or(0)
}

/// A demo recipe: `code`, `name` and `description`, in `category_id`, sold by the unit at `price`
/// (text, without IVA) with IVA code 4, no other price, barcode or minimum stock; `recipe` its
/// `(ingredient_id, quantity)` lines.
pub(crate) fn recipe_fields(
    code: String,
    name: &str,
    description: &str,
    category_id: i64,
    price: &str,
    recipe: Vec<(i64, i64)>,
) -> ProductFields {
    ProductFields {
        code,
        name: name.into(),
        description: Some(description.into()),
        category_id: Some(category_id),
        unit: "unidad".into(),
        iva_code: "4".into(),
        price: micros(price),
        price2: None,
        price3: None,
        min_stock: 0,
        kind: "recipe".into(),
        active: true,
        barcodes: Vec::new(),
        recipe,
    }
}

/// Adds the inventory to the demo company when it has no products yet.
pub fn load(
    conn: &mut DbConnection,
    company: CompanyId,
    branch_office_id: i64,
) -> anyhow::Result<()> {
    if Product::count_active(conn, company)? > 0 {
        return Ok(());
    }
    write_transaction(conn, |conn| -> Result<(), AppError> {
        fill(conn, company, branch_office_id)
    })
    .map_err(|e| anyhow::anyhow!(e.to_string()))
}

/// A line of [`CATALOGUE`]: category, name, unit, price without IVA, unit cost, IVA code.
type CatalogueEntry = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

/// [`load`] inside its write transaction: the warehouses, the catalogue with its categories,
/// the recipes, and the opening stock posted last.
fn fill(
    conn: &mut DbConnection,
    company: CompanyId,
    branch_office_id: i64,
) -> Result<(), AppError> {
    let (main, back) = warehouses(conn, company, branch_office_id)?;
    let mut categories: HashMap<&str, i64> = HashMap::new();
    let mut ids: HashMap<&str, i64> = HashMap::new();
    let mut opening = Vec::new();
    for (n, entry) in CATALOGUE.iter().enumerate() {
        let category_id = category_of(conn, company, &mut categories, entry.0)?;
        let id = insert_product(conn, company, n, entry, category_id)?;
        ids.insert(entry.1, id);
        if entry.2 != "servicio" {
            opening.extend(opening_stock(n, id, entry, (main, back)));
        }
    }
    insert_recipes(conn, company, &ids)?;
    post_movements(
        conn,
        company,
        None,
        &Document {
            doc_type: "opening",
            id: None,
            number: None,
            date: None,
        },
        &opening,
    )?;
    Ok(())
}

/// The branch's default warehouse (created when it has none) and a second one, the back
/// storeroom: `(main, back)`.
fn warehouses(
    conn: &mut DbConnection,
    company: CompanyId,
    branch_office_id: i64,
) -> Result<(i64, i64), AppError> {
    let main = match Warehouse::default_of(conn, company, branch_office_id)? {
        Some(w) => w.id,
        None => Warehouse::create_default(conn, company, branch_office_id)?,
    };
    let back = Warehouse::insert(
        conn,
        company,
        branch_office_id,
        &WarehouseFields {
            name: "Bodega trasera".into(),
            active: true,
        },
        false,
    )?;
    Ok((main, back))
}

/// The id of `category`, inserted the first time it is named (drinks go to the bar's station).
fn category_of(
    conn: &mut DbConnection,
    company: CompanyId,
    categories: &mut HashMap<&'static str, i64>,
    category: &'static str,
) -> Result<i64, AppError> {
    if let Some(id) = categories.get(category) {
        return Ok(*id);
    }
    let id = Category::insert(
        conn,
        company,
        &CategoryFields {
            name: category.into(),
            parent_id: None,
            active: true,
            // What the restaurant's bar serves; the rest goes to the kitchen.
            station: match category {
                "Bebidas" | "Bebidas varias" | "Cervezas y licores" => "bar",
                _ => "cocina",
            }
            .into(),
            modifiers: String::new(),
        },
    )?;
    categories.insert(category, id);
    Ok(id)
}

/// Inserts line `n` of the catalogue (code `P0001`…): a service has no barcode, second and
/// third prices or minimum stock.
fn insert_product(
    conn: &mut DbConnection,
    company: CompanyId,
    n: usize,
    entry: &CatalogueEntry,
    category_id: i64,
) -> Result<i64, AppError> {
    let (_, name, unit, price, _, iva) = *entry;
    let service = unit == "servicio";
    let by_weight = unit == "kg";
    let price_micros = micros(price);
    Ok(Product::insert(
        conn,
        company,
        &ProductFields {
            code: format!("P{:04}", n + 1),
            name: name.into(),
            description: None,
            category_id: Some(category_id),
            unit: unit.into(),
            iva_code: iva.into(),
            price: price_micros,
            price2: (!service).then(|| price_micros * 95 / 100),
            price3: (!service).then(|| price_micros * 90 / 100),
            min_stock: if service { 0 } else { 5_000_000 },
            kind: if service { "service" } else { "product" }.into(),
            active: true,
            barcodes: if service {
                Vec::new()
            } else {
                vec![ean13(n + 1, by_weight)]
            },
            recipe: Vec::new(),
        },
    )?)
}

/// The opening stock of product `id` (line `n` of the catalogue) in the `(main, back)`
/// warehouses: believable quantities, more of the cheap, a few kilos of the weighed; every
/// fourth product also in the back storeroom.
fn opening_stock(
    n: usize,
    id: i64,
    entry: &CatalogueEntry,
    (main, back): (i64, i64),
) -> Vec<Movement> {
    let (_, _, unit, _, cost, _) = *entry;
    let quantity = if unit == "kg" {
        8 + (n % 7) as i64 * 3
    } else {
        6 + (n * 13 % 40) as i64
    };
    let mut opening = vec![Movement {
        product_id: id,
        warehouse_id: main,
        kind: MovementType::Opening,
        quantity: quantity * 1_000_000,
        cost: UnitCost::Given(micros(cost)),
    }];
    if n.is_multiple_of(4) {
        opening.push(Movement {
            product_id: id,
            warehouse_id: back,
            kind: MovementType::Opening,
            quantity: 24 * 1_000_000,
            cost: UnitCost::Given(micros(cost)),
        });
    }
    opening
}

/// The two recipes of the demo, in a "Preparados" category, made of the catalogue's products
/// (`ids` by name).
fn insert_recipes(
    conn: &mut DbConnection,
    company: CompanyId,
    ids: &HashMap<&str, i64>,
) -> Result<(), AppError> {
    let recipes: [Recipe; 2] = [
        (
            "Sánduche de jamón y queso",
            "1.50",
            &[
                ("Pan de agua", "2"),
                ("Jamón Plumrose 200 g", "0.25"),
                ("Queso de mesa al peso", "0.04"),
            ],
        ),
        (
            "Café con leche",
            "0.90",
            &[
                ("Leche entera Vita 1 l", "0.25"),
                ("Nescafé Tradición 85 g", "0.03"),
                ("Azúcar San Carlos 1 kg", "0.015"),
            ],
        ),
    ];
    let prepared = Category::insert(
        conn,
        company,
        &CategoryFields {
            name: "Preparados".into(),
            parent_id: None,
            active: true,
            station: "cocina".into(),
            modifiers: String::new(),
        },
    )?;
    for (n, (name, price, lines)) in recipes.iter().enumerate() {
        let recipe = lines
            .iter()
            .filter_map(|(ingredient, q)| ids.get(ingredient).map(|id| (*id, micros(q))))
            .collect();
        let fields = recipe_fields(
            format!("R{:03}", n + 1),
            name,
            "Preparado en el local",
            prepared,
            price,
            recipe,
        );
        Product::insert(conn, company, &fields)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn barcodes_are_valid_unique_ean13() {
        assert_eq!(ean13_check("786123450001"), 7);
        let mut seen = std::collections::HashSet::new();
        for (n, (_, _, unit, ..)) in CATALOGUE.iter().enumerate() {
            let code = ean13(n + 1, *unit == "kg");
            assert_eq!(code.len(), 13);
            assert_eq!(ean13_check(&code[..12]), code[12..].parse::<u32>().unwrap());
            assert!(seen.insert(code));
        }
        assert!(CATALOGUE.len() >= 190);
    }
}
