//! Reservations: the form's Spanish messages, a table booked at overlapping times refused (409
//! naming the table) and at adjoining times accepted, the same under concurrent attempts (one
//! wins; on PostgreSQL the tables' rows are locked), the states and their transitions, the list by
//! date, the table shown «reservada» within the next hour, the cashier's 403 and another
//! company's 404.

use chrono::{NaiveDateTime, TimeDelta};
use mostrador::models::config::company::Company;
use serde_json::{Value, json};

use super::setup::{Floor, listed, open_order_row, table, zone};
use crate::util::fixtures::RUC_A;
use crate::util::{Backend, Client, TestApp, on_both_backends};

on_both_backends!(
    form_overlap_and_states,
    concurrent_reservations_of_one_table,
    reserved_within_the_next_hour,
    cashier_and_another_company_are_refused
);

/// A reservation body for `date` at `time` on `tables`.
fn body(client: &str, date: &str, time: &str, minutes: i64, tables: &[i64]) -> Value {
    json!({ "clientName": client, "phone": "0991234567", "date": date, "time": time,
            "durationMinutes": minutes, "people": 4, "tableIds": tables,
            "notes": "Cumpleaños" })
}

async fn reserve(client: &mut Client, body: Value) -> i64 {
    let r = client
        .post_json("/api/restaurant/reservation/register", body)
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    r.json()["_id"].as_i64().unwrap()
}

async fn set_state(client: &mut Client, id: i64, state: &str) -> crate::util::TestResponse {
    client
        .post_json(
            &format!("/api/restaurant/reservation/{id}/state"),
            json!({ "state": state }),
        )
        .await
}

/// Now + `minutes` in company A's zone: (AAAA-MM-DD, HH:MM).
async fn local_in(app: &TestApp, minutes: i64) -> (String, String) {
    let zone = app
        .db(|conn| {
            let company = Company::find_by_ruc(conn, RUC_A).unwrap().unwrap();
            Company::zone(conn, company.scope()).unwrap()
        })
        .await;
    let at: NaiveDateTime = mostrador::util::time::now() + TimeDelta::minutes(minutes);
    let local = zone.local(at);
    (
        local.format("%Y-%m-%d").to_string(),
        local.format("%H:%M").to_string(),
    )
}

async fn form_overlap_and_states(backend: Backend) {
    let Floor {
        app: _app,
        mut admin,
        mut user,
        ..
    } = Floor::open(backend).await;
    let salon = zone(&mut admin, "Salón").await;
    let m1 = table(&mut admin, salon, "Mesa 1", 4).await;
    let m2 = table(&mut admin, salon, "Mesa 2", 4).await;
    let m3 = table(&mut admin, salon, "Mesa 3", 2).await;

    // The form's messages.
    let r = user
        .post_json("/api/restaurant/reservation/register", json!({}))
        .await;
    assert_eq!(r.status, 400);
    let errors = &r.json()["errors"];
    assert_eq!(errors["clientName"], "El nombre del cliente es obligatorio");
    assert_eq!(errors["phone"], "El teléfono es obligatorio");
    assert_eq!(errors["date"], "La fecha es obligatoria");
    assert_eq!(errors["time"], "La hora es obligatoria");
    assert_eq!(errors["people"], "El número de personas es obligatorio");
    assert_eq!(errors["tableIds"], "Elija al menos una mesa");
    let r = user
        .post_json(
            "/api/restaurant/reservation/register",
            json!({ "clientName": "Ana", "phone": "099", "date": "27/11/2026", "time": "25:00",
                    "durationMinutes": 5, "people": 0, "tableIds": [999999] }),
        )
        .await;
    assert_eq!(r.status, 400);
    let errors = &r.json()["errors"];
    assert_eq!(
        errors["date"],
        "La fecha no es válida: use el formato AAAA-MM-DD"
    );
    assert_eq!(
        errors["time"],
        "La hora no es válida: use el formato HH:MM (24 horas)"
    );
    assert_eq!(
        errors["durationMinutes"],
        "La duración en minutos debe ser un número entero entre 15 y 720"
    );
    assert_eq!(
        errors["people"],
        "El número de personas debe ser un número entero entre 1 y 500"
    );
    assert_eq!(
        errors["tableIds"],
        "Alguna de las mesas no existe en la sucursal"
    );

    // 20:00–22:00 on Mesa 1 and Mesa 2.
    let ana = reserve(
        &mut user,
        body("Ana Pérez", "2030-05-10", "20:00", 120, &[m2, m1]),
    )
    .await;
    let view = admin
        .get(&format!("/api/restaurant/reservation/{ana}"))
        .await
        .json();
    assert_eq!(view["clientName"], "Ana Pérez");
    assert_eq!(view["date"], "2030-05-10");
    assert_eq!(view["time"], "20:00");
    assert_eq!(view["durationMinutes"], 120);
    assert_eq!(view["startsAt"], "2030-05-10T20:00:00-05:00");
    assert_eq!(view["endsAt"], "2030-05-10T22:00:00-05:00");
    assert_eq!(view["tableIds"], json!([m1, m2]));
    assert_eq!(view["tables"][0]["name"], "Mesa 1");
    assert_eq!(view["state"], "reservada");
    assert_eq!(view["stateLabel"], "Reservada");
    assert_eq!(view["notes"], "Cumpleaños");

    // Overlapping on Mesa 2 (21:30–23:00): refused naming the table; a form without duration
    // lasts two hours.
    let overlapping = body("Luis Mora", "2030-05-10", "21:30", 90, &[m3, m2]);
    let r = admin
        .post_json("/api/restaurant/reservation/register", overlapping.clone())
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    assert_eq!(
        r.message(),
        "La mesa «Mesa 2» ya está reservada de 20:00 a 22:00 (Ana Pérez, 10/05/2030). Elija otra mesa u otra hora."
    );
    assert_eq!(r.json()["errors"]["tableIds"], r.message());
    let r = admin
        .post_json(
            "/api/restaurant/reservation/register",
            json!({ "clientName": "Luis Mora", "phone": "0987", "date": "2030-05-10",
                    "time": "18:30", "people": 2, "tableIds": [m1] }),
        )
        .await;
    assert_eq!(r.status, 409, "18:30 + 2 h overlaps 20:00: {}", r.text());
    // Adjoining (22:00) and on another table: accepted.
    let luis = reserve(
        &mut admin,
        body("Luis Mora", "2030-05-10", "22:00", 60, &[m2]),
    )
    .await;
    let early = reserve(
        &mut admin,
        body("Early", "2030-05-10", "18:00", 120, &[m1, m3]),
    )
    .await;

    // The list by date, by time.
    let day = admin
        .get("/api/restaurant/reservation?from=2030-05-10&to=2030-05-10&limit=100")
        .await
        .json();
    let names: Vec<&str> = day["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["clientName"].as_str().unwrap())
        .collect();
    assert_eq!(names, vec!["Early", "Ana Pérez", "Luis Mora"]);
    let other = admin
        .get("/api/restaurant/reservation?from=2030-05-11&to=2030-05-11")
        .await
        .json();
    assert_eq!(other["total"], 0);

    // An edit that would overlap is refused; one that keeps its own slot is fine.
    let r = admin
        .post_json(
            &format!("/api/restaurant/reservation/{luis}/update"),
            body("Luis Mora", "2030-05-10", "21:00", 60, &[m2]),
        )
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    let r = admin
        .post_json(
            &format!("/api/restaurant/reservation/{ana}/update"),
            body("Ana Pérez", "2030-05-10", "20:00", 120, &[m1, m2]),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());

    // States: reservada → llego → finalizada; reservada → no_llego / cancelada.
    let r = set_state(&mut admin, ana, "bailando").await;
    assert_eq!(r.status, 400);
    assert_eq!(
        r.json()["errors"]["state"],
        "El estado debe ser reservada, llego, finalizada, no_llego o cancelada"
    );
    let r = set_state(&mut admin, ana, "finalizada").await;
    assert_eq!(r.status, 409);
    assert_eq!(
        r.message(),
        "Una reserva «Reservada» no puede pasar a «Finalizada»"
    );
    let r = set_state(&mut user, ana, "llego").await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(
        (r.json()["state"].as_str(), r.json()["stateLabel"].as_str()),
        (Some("llego"), Some("Llegó"))
    );
    let r = admin
        .post_json(
            &format!("/api/restaurant/reservation/{ana}/update"),
            body("Ana Pérez", "2030-05-10", "20:00", 120, &[m1]),
        )
        .await;
    assert_eq!(r.status, 409);
    assert_eq!(
        r.message(),
        "Solo se puede modificar una reserva en estado «Reservada»; esta está «Llegó»"
    );
    assert_eq!(set_state(&mut admin, ana, "finalizada").await.status, 200);
    let r = set_state(&mut admin, ana, "llego").await;
    assert_eq!(r.status, 409);
    assert_eq!(
        r.message(),
        "Una reserva «Finalizada» no puede pasar a «Llegó»"
    );
    assert_eq!(
        set_state(&mut admin, early, "no_llego").await.json()["stateLabel"],
        "No llegó"
    );
    assert_eq!(
        set_state(&mut admin, luis, "cancelada").await.json()["state"],
        "cancelada"
    );

    // Finished, missed and cancelled reservations no longer hold their tables.
    reserve(
        &mut admin,
        body("Nueva", "2030-05-10", "19:00", 240, &[m1, m2, m3]),
    )
    .await;

    // Delete.
    let r = admin
        .post_json(
            "/api/restaurant/reservation/delete",
            json!({ "_id": early }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.message(), "Reserva eliminada");
    assert_eq!(
        admin
            .get(&format!("/api/restaurant/reservation/{early}"))
            .await
            .status,
        404
    );
}

/// Several clients reserve the same table for overlapping times at once: exactly one wins, the
/// others get the 409 naming the table (PostgreSQL: the table's row lock in the write
/// transaction; SQLite: the one writer).
async fn concurrent_reservations_of_one_table(backend: Backend) {
    let floor = Floor::open(backend).await;
    let Floor { app, mut admin, .. } = floor;
    let salon = zone(&mut admin, "Salón").await;
    let m1 = table(&mut admin, salon, "Mesa 1", 4).await;
    let m2 = table(&mut admin, salon, "Mesa 2", 4).await;
    let mut clients = Vec::new();
    for n in 0..6 {
        clients.push(
            app.signed_in(if n % 2 == 0 {
                "admin@a.ec"
            } else {
                "usuario@a.ec"
            })
            .await,
        );
    }
    for round in 0..3 {
        let date = format!("2030-06-{:02}", round + 1);
        let mut attempts = Vec::new();
        for (n, mut client) in clients.drain(..).enumerate() {
            // Different tables sets that all contain Mesa 1, at times that all overlap 20:00.
            let tables = if n % 2 == 0 { vec![m1] } else { vec![m2, m1] };
            let time = format!("{}:{:02}", 19 + n % 2, n * 5);
            let b = body(&format!("Cliente {n}"), &date, &time, 120, &tables);
            attempts.push(tokio::spawn(async move {
                let r = client
                    .post_json("/api/restaurant/reservation/register", b)
                    .await;
                (r.status.as_u16(), r.message(), client)
            }));
        }
        let mut outcomes = Vec::new();
        for a in attempts {
            let (status, message, client) = a.await.unwrap();
            clients.push(client);
            outcomes.push((status, message));
        }
        let won = outcomes.iter().filter(|(s, _)| *s == 201).count();
        assert_eq!(won, 1, "round {round}: {outcomes:?}");
        for (status, message) in outcomes.iter().filter(|(s, _)| *s != 201) {
            assert_eq!(*status, 409, "{message}");
            assert!(
                message.starts_with("La mesa «Mesa 1» ya está reservada"),
                "{message}"
            );
        }
        let day = admin
            .get(&format!(
                "/api/restaurant/reservation?from={date}&to={date}"
            ))
            .await
            .json();
        assert_eq!(day["total"], 1, "one reservation stored in round {round}");
    }
}

async fn reserved_within_the_next_hour(backend: Backend) {
    let Floor { app, mut admin, .. } = Floor::open(backend).await;
    let salon = zone(&mut admin, "Salón").await;
    let soon = table(&mut admin, salon, "Mesa 1", 4).await;
    let later = table(&mut admin, salon, "Mesa 2", 4).await;
    let busy = table(&mut admin, salon, "Mesa 3", 4).await;
    let (date, time) = local_in(&app, 30).await;
    let ana = reserve(
        &mut admin,
        body("Ana Pérez", &date, &time, 90, &[soon, busy]),
    )
    .await;
    let (date3, time3) = local_in(&app, 180).await;
    reserve(&mut admin, body("Luis", &date3, &time3, 60, &[later])).await;

    let t = listed(&mut admin, soon).await;
    assert_eq!(t["state"], "reservada");
    assert_eq!(t["reservation"]["_id"], ana);
    assert_eq!(t["reservation"]["clientName"], "Ana Pérez");
    assert_eq!(t["reservation"]["time"], time.as_str());
    assert_eq!(listed(&mut admin, later).await["state"], "libre");
    // An open order wins over the reservation.
    open_order_row(&app, busy, false).await;
    assert_eq!(listed(&mut admin, busy).await["state"], "ocupada");
    // The party arrived: still held; cancelled: the table is free.
    assert_eq!(set_state(&mut admin, ana, "llego").await.status, 200);
    assert_eq!(listed(&mut admin, soon).await["state"], "reservada");
    assert_eq!(set_state(&mut admin, ana, "cancelada").await.status, 200);
    let t = listed(&mut admin, soon).await;
    assert_eq!(t["state"], "libre");
    assert!(t["reservation"].is_null());
}

async fn cashier_and_another_company_are_refused(backend: Backend) {
    let Floor {
        app: _app,
        mut admin,
        mut cashier,
        mut intruder,
        ..
    } = Floor::open(backend).await;
    let salon = zone(&mut admin, "Salón").await;
    let m1 = table(&mut admin, salon, "Mesa 1", 4).await;
    let ana = reserve(&mut admin, body("Ana", "2030-05-10", "20:00", 60, &[m1])).await;

    let r = cashier
        .post_json(
            "/api/restaurant/reservation/register",
            body("Caja", "2030-05-11", "20:00", 60, &[m1]),
        )
        .await;
    assert_eq!(r.status, 403);
    assert_eq!(set_state(&mut cashier, ana, "llego").await.status, 403);
    assert_eq!(
        cashier
            .get(&format!("/api/restaurant/reservation/{ana}"))
            .await
            .status,
        403
    );

    let list = intruder.get("/api/restaurant/reservation").await;
    assert_eq!(list.status, 200);
    assert_eq!(list.json()["total"], 0);
    assert_eq!(
        intruder
            .get(&format!("/api/restaurant/reservation/{ana}"))
            .await
            .status,
        404
    );
    let r = set_state(&mut intruder, ana, "cancelada").await;
    assert_eq!(r.status, 404);
    assert_eq!(r.message(), "No existe el registro en la tabla");
    let r = intruder
        .post_json(
            &format!("/api/restaurant/reservation/{ana}/update"),
            body("Robada", "2030-05-10", "20:00", 60, &[m1]),
        )
        .await;
    assert_eq!(r.status, 404);
    let r = intruder
        .post_json("/api/restaurant/reservation/delete", json!({ "_id": ana }))
        .await;
    assert_eq!(r.status, 404);
    // B cannot reserve A's table.
    let r = intruder
        .post_json(
            "/api/restaurant/reservation/register",
            body("Intrusa", "2030-05-11", "20:00", 60, &[m1]),
        )
        .await;
    assert_eq!(r.status, 400);
    assert_eq!(
        r.json()["errors"]["tableIds"],
        "Alguna de las mesas no existe en la sucursal"
    );
    let view = admin
        .get(&format!("/api/restaurant/reservation/{ana}"))
        .await
        .json();
    assert_eq!(view["clientName"], "Ana");
    assert_eq!(view["state"], "reservada");
}
