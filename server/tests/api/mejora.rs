//! Upgrades keep the data. A database as schema 15 left it (the migrations as they stood when
//! migrations became append-only) is rebuilt from the repository's migrations 1–15 and a text
//! fixture of its rows (the demo and a few thousand records made through the API at that
//! schema); the server then starts on it, runs today's migrations, and every reservation,
//! walk-in, client, user and log entry reads back through the API as it was written.
//!
//! The fixture also records each migration's checksum: editing a landed migration fails here.
//! `rehacer_fixture` wrote it, on a build whose schema was 15 (run it there with
//! `ANFITRION_FIXTURE=server/tests/fixtures/esquema-15.json cargo nextest run -p anfitrion-server
//! --test api --run-ignored only rehacer_fixture`); later builds keep it as it is.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use anfitrion_server::db::esquema::{version_conocida, MIGRACIONES_POSTGRES, MIGRACIONES_SQLITE};
use chrono::Duration as Dias;
use serde_json::{json, Map, Value};
use sqlx::migrate::Migrator;
use sqlx::{ConnectOptions, Connection, Row};

use crate::helpers::{
    en_ambos, lanzar, local, sin_mesas, spawn_app_a, BaseTemporal, Motor as MotorPrueba, Opciones,
    TestApp, CLAVE,
};

/// The schema the fixture was written at.
const ESQUEMA: i64 = 15;
/// The fixture's moment: the demo was seeded around it, the records made after it.
const AHORA: &str = "2026-11-25 13:00";

fn ruta_fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/esquema-{ESQUEMA}.json"))
}

/// Tables whose rows triggers derive from others (counts, per-branch client figures, search
/// indexes): loading the others rebuilds them, as the schema's own triggers did.
fn derivada(tabla: &str) -> bool {
    tabla.starts_with("sqlite_")
        || tabla.starts_with("_sqlx")
        || tabla.contains("_busqueda")
        || matches!(
            tabla,
            "reservaciones_conteo" | "clientes_sucursal" | "clientes_conteo"
        )
}

/// The migrations of `motor` up to [`ESQUEMA`], from the repository's files.
fn migraciones_hasta(motor: MotorPrueba, carpeta: &Path) -> PathBuf {
    let origen = Path::new(env!("CARGO_MANIFEST_DIR")).join(match motor {
        MotorPrueba::Sqlite => "../migrations/sqlite",
        MotorPrueba::Postgres => "../migrations/postgres",
    });
    let destino = carpeta.join("migraciones");
    std::fs::create_dir_all(&destino).unwrap();
    for entrada in std::fs::read_dir(origen).unwrap() {
        let entrada = entrada.unwrap();
        let nombre = entrada.file_name().into_string().unwrap();
        let version: i64 = nombre.split('_').next().unwrap().parse().unwrap();
        if version <= ESQUEMA {
            std::fs::copy(entrada.path(), destino.join(&nombre)).unwrap();
        }
    }
    destino
}

fn sumas(m: &Migrator) -> BTreeMap<String, String> {
    m.iter()
        .filter(|m| m.version <= ESQUEMA)
        .map(|m| (m.version.to_string(), hex::encode(&m.checksum)))
        .collect()
}

/// The column names of a table of the fixture.
fn columnas_de(tabla: &Value) -> Vec<&str> {
    tabla["columnas"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect()
}

/// `"a", "b"`: column names as SQL quotes them.
fn entre_comillas<S: AsRef<str>>(columnas: &[S]) -> String {
    columnas
        .iter()
        .map(|c| format!("\"{}\"", c.as_ref()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every row of the tables that are not derived, in an order that inserts a referenced row
/// before the rows referring to it.
async fn volcar(url: &str) -> Vec<Value> {
    let mut c = sqlx::SqliteConnection::connect(url).await.unwrap();
    let tablas: Vec<String> =
        sqlx::query_scalar("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .fetch_all(&mut c)
            .await
            .unwrap();
    let tablas: Vec<String> = tablas.into_iter().filter(|t| !derivada(t)).collect();
    let mut refs: HashMap<String, Vec<String>> = HashMap::new();
    for t in &tablas {
        let r: Vec<String> =
            sqlx::query_scalar("SELECT DISTINCT \"table\" FROM pragma_foreign_key_list($1)")
                .bind(t)
                .fetch_all(&mut c)
                .await
                .unwrap();
        refs.insert(t.clone(), r.into_iter().filter(|x| x != t).collect());
    }
    let mut orden: Vec<String> = Vec::new();
    while orden.len() < tablas.len() {
        let antes = orden.len();
        for t in &tablas {
            if !orden.contains(t) && refs[t].iter().all(|r| orden.contains(r) || derivada(r)) {
                orden.push(t.clone());
            }
        }
        assert!(orden.len() > antes, "referencias en ciclo: {refs:?}");
    }
    let mut salida = Vec::new();
    for t in orden {
        let columnas: Vec<String> =
            sqlx::query_scalar("SELECT name FROM pragma_table_info($1) ORDER BY cid")
                .bind(&t)
                .fetch_all(&mut c)
                .await
                .unwrap();
        let lista = entre_comillas(&columnas);
        // A table referring to itself lists the rows it refers to first: by rowid, the order
        // they were written in.
        let filas: Vec<String> = sqlx::query_scalar(&format!(
            "SELECT json_array({lista}) FROM \"{t}\" ORDER BY rowid"
        ))
        .fetch_all(&mut c)
        .await
        .unwrap();
        let filas: Vec<Value> = filas
            .iter()
            .map(|f| serde_json::from_str(f).unwrap())
            .collect();
        salida.push(json!({ "tabla": t, "columnas": columnas, "filas": filas }));
    }
    salida
}

/// Writes the fixture: the demo at [`AHORA`], then records made through the API as the staff
/// and the guests make them, over sixty days.
#[tokio::test]
#[ignore = "escribe el fixture; solo en una versión con el esquema 15"]
async fn rehacer_fixture() {
    assert_eq!(
        version_conocida(),
        ESQUEMA,
        "el fixture es del esquema {ESQUEMA}"
    );
    let app = spawn_app_a(MotorPrueba::Sqlite, AHORA).await;
    generar(&app).await;
    // Back to the fixture's moment: what the screens count is counted then, as the test will.
    app.reloj.fijar(local(AHORA));
    let fixture = json!({
        "esquema": ESQUEMA,
        "ahora": AHORA,
        "sumas": { "sqlite": sumas(&MIGRACIONES_SQLITE), "postgres": sumas(&MIGRACIONES_POSTGRES) },
        "cifras": cifras(&app).await,
        "tablas": volcar(&app.database_url).await,
    });
    let destino = std::env::var("ANFITRION_FIXTURE")
        .map(PathBuf::from)
        .unwrap_or_else(|_| ruta_fixture());
    let mut texto = String::from("{\n");
    // One row a line: a readable diff, a file a person can search.
    let obj = fixture.as_object().unwrap();
    for (i, (k, v)) in obj.iter().enumerate() {
        texto.push_str(&format!("{}:", Value::String(k.clone())));
        if k == "tablas" {
            texto.push_str("[\n");
            let tablas = v.as_array().unwrap();
            for (j, t) in tablas.iter().enumerate() {
                texto.push_str(&format!(
                    "{{\"tabla\":{},\"columnas\":{},\"filas\":[\n",
                    t["tabla"], t["columnas"]
                ));
                let filas = t["filas"].as_array().unwrap();
                for (n, f) in filas.iter().enumerate() {
                    texto.push_str(&f.to_string());
                    texto.push_str(if n + 1 < filas.len() { ",\n" } else { "\n" });
                }
                texto.push_str(if j + 1 < tablas.len() {
                    "]},\n"
                } else {
                    "]}\n"
                });
            }
            texto.push(']');
        } else {
            texto.push_str(&v.to_string());
        }
        texto.push_str(if i + 1 < obj.len() { ",\n" } else { "\n" });
    }
    texto.push_str("}\n");
    std::fs::write(&destino, texto).unwrap();
}

/// A few thousand records: bookings by the staff and by guests in two branches, some
/// cancelled or edited, and walk-ins over the days.
async fn generar(app: &TestApp) {
    let gerente = app.token("gerente@demo.mx").await;
    let hoy = app.hoy();
    let origenes = [
        "Whatsapp",
        "Plataforma",
        "Chatbot",
        "Airbnb",
        "Concierge",
        "google",
    ];
    let eventos = ["Ninguno", "Cumpleaños", "Aniversario"];
    let mut ids = Vec::new();
    for i in 0..1500u32 {
        let tag = if i % 3 == 0 { "satelite" } else { "polanco" };
        let dia = hoy + Dias::days(1 + i64::from(i % 60));
        let hora = 13 + (i % 8);
        let cuerpo = json!({
            "tag": tag, "name": format!("Invitado {i} Núñez"), "email": if i % 10 == 0 { format!("invitado{i}@correo.mx") } else { String::new() },
            "phone": format!("5255{:08}", 10_000 + i), "fecha_hora": format!("{dia} {hora}:{:02}", (i % 4) * 15),
            "no_personas": 1 + i % 8, "evento": eventos[(i % 3) as usize],
            "comentarios": if i % 5 == 0 { "Junto a la ventana" } else { "" },
            "origin": origenes[(i % 6) as usize],
        });
        let r = app
            .post_json("/api/v1/admin/reservacion", Some(&gerente), &cuerpo)
            .await;
        // An hour the branch is closed or full is refused, as it would be at the stand.
        if r.cuerpo["data"]["campo"] == "fecha_hora" {
            continue;
        }
        assert_eq!(r.status, 201, "{cuerpo}: {}", r.cuerpo);
        ids.push((tag, r.cuerpo["data"]["_id"].as_str().unwrap().to_owned()));
    }
    assert!(ids.len() >= 750, "{}", ids.len());
    for (n, (tag, id)) in ids.iter().enumerate() {
        if n % 7 == 0 {
            let r = app
                .put_json(
                    &format!("/api/v1/admin/reservacion/{id}/cancel?tag={tag}"),
                    Some(&gerente),
                    &json!({}),
                )
                .await;
            assert_eq!(r.status, 200, "{}", r.cuerpo);
        }
    }
    // Walk-ins over 20 days, in a branch that takes any table name.
    sin_mesas(app, "satelite").await;
    let mesero = app
        .get("/api/v1/admin/meseros?tag=satelite", Some(&gerente))
        .await
        .es_exito()[0]["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    for d in 0..20 {
        // A new day, a new shift: the session of yesterday has expired.
        let gerente = app.token("gerente@demo.mx").await;
        for k in 0..20u32 {
            let cuerpo = json!({
                "tag_sucursal": "satelite", "name": format!("Paseante {d}-{k} Ibáñez"), "email": "",
                "phone": if k % 2 == 0 { format!("5256{:08}", d * 100 + k as i64) } else { String::new() },
                "evento": eventos[(k % 3) as usize],
                "comanda": { "mesa": format!("{}", 1 + k % 20), "mesero_id": mesero, "no_personas": 1 + k % 6,
                             "buffet_adulto": 1 + k % 6, "buffet_boy": 0, "buffet_promo_adulto": 0,
                             "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
                "abre": { "promo": [] }
            });
            let r = app
                .post_json("/api/v1/admin/walkin", Some(&gerente), &cuerpo)
                .await;
            assert_eq!(r.status, 201, "{cuerpo}: {}", r.cuerpo);
            app.reloj.avanzar(Dias::minutes(9));
        }
        app.reloj.avanzar(Dias::days(1) - Dias::minutes(9 * 20));
    }
}

/// What each branch's screens count through the API: the reservation tabs' totals, the two
/// audit logs' totals and the dashboard's days. Recorded with the fixture, compared after the upgrade.
async fn cifras(app: &TestApp) -> Value {
    // Reservaciones sees every branch's list; the manager, two branches' logs.
    let (reservaciones, gerente) = (
        app.token("reservaciones@demo.mx").await,
        app.token("gerente@demo.mx").await,
    );
    let mut salida = Map::new();
    for tag in ["polanco", "satelite", "monterrey"] {
        let mut c = Map::new();
        for slug in ["todas", "pendientes", "canceladas"] {
            let l = app
                .get(
                    &format!("/api/v1/admin/reservacion?tag={tag}&status={slug}&limit=1"),
                    Some(&reservaciones),
                )
                .await;
            c.insert(
                format!("reservaciones_{slug}"),
                l.es_exito()["total"].clone(),
            );
        }
        if tag != "monterrey" {
            for log in ["walkin", "reserva"] {
                let l = app
                    .get(
                        &format!("/api/v1/admin/logs/{log}?tag={tag}&limit=1"),
                        Some(&gerente),
                    )
                    .await;
                c.insert(format!("bitacora_{log}"), l.es_exito()["total"].clone());
            }
            // The dashboard's 90 days, from a month before the fixture's moment to two months after.
            let hasta = (local(AHORA) + Dias::days(60)).format("%Y-%m-%d");
            let l = app
                .get(
                    &format!("/api/v1/admin/dashboard/serie?tag={tag}&dias=90&fecha={hasta}"),
                    Some(&gerente),
                )
                .await;
            c.insert("tablero".to_owned(), l.es_exito().clone());
        }
        salida.insert(tag.to_owned(), Value::Object(c));
    }
    Value::Object(salida)
}

/// Rebuilds the schema-15 database on `motor`: its migrations, then the fixture's rows (the
/// catalogue rows the migrations seed themselves are kept as they seeded them).
async fn reconstruir(motor: MotorPrueba, url: &str, fixture: &Value) {
    let carpeta = tempfile_dir();
    let migraciones = Migrator::new(migraciones_hasta(motor, carpeta.path()))
        .await
        .unwrap();
    assert_eq!(migraciones.iter().map(|m| m.version).max(), Some(ESQUEMA));
    let tablas = fixture["tablas"].as_array().unwrap();
    match motor {
        MotorPrueba::Sqlite => {
            let opciones: sqlx::sqlite::SqliteConnectOptions = url.parse().unwrap();
            let mut c = opciones.create_if_missing(true).connect().await.unwrap();
            migraciones.run(&mut c).await.unwrap();
            sqlx::query("PRAGMA foreign_keys = ON")
                .execute(&mut c)
                .await
                .unwrap();
            let mut tx = c.begin().await.unwrap();
            for t in tablas {
                let columnas = columnas_de(t);
                let sql = format!(
                    "INSERT INTO \"{}\" ({}) VALUES ({}) ON CONFLICT DO NOTHING",
                    t["tabla"].as_str().unwrap(),
                    entre_comillas(&columnas),
                    (1..=columnas.len())
                        .map(|i| format!("${i}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                );
                for fila in t["filas"].as_array().unwrap() {
                    let mut q = sqlx::query(&sql);
                    for v in fila.as_array().unwrap() {
                        q = match v {
                            Value::Null => q.bind(None::<String>),
                            Value::Number(n) if n.is_i64() => q.bind(n.as_i64()),
                            Value::Number(n) => q.bind(n.as_f64()),
                            Value::String(s) => q.bind(s.clone()),
                            otro => panic!("valor inesperado {otro}"),
                        };
                    }
                    q.execute(&mut *tx).await.unwrap();
                }
            }
            tx.commit().await.unwrap();
        }
        MotorPrueba::Postgres => {
            let mut c = sqlx::PgConnection::connect(url).await.unwrap();
            migraciones.run(&mut c).await.unwrap();
            let mut tx = c.begin().await.unwrap();
            for t in tablas {
                let tabla = t["tabla"].as_str().unwrap();
                let tipos: HashMap<String, String> = sqlx::query(
                    "SELECT column_name::text, data_type::text FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1",
                )
                .bind(tabla)
                .fetch_all(&mut *tx)
                .await
                .unwrap()
                .into_iter()
                .map(|r| (r.get(0), r.get(1)))
                .collect();
                let columnas = columnas_de(t);
                // SQLite keeps booleans as 0/1 and JSON as text: PostgreSQL's columns say which.
                let filas: Vec<Value> = t["filas"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|f| {
                        let mut o = Map::new();
                        for (c, v) in columnas.iter().zip(f.as_array().unwrap()) {
                            let tipo = tipos
                                .get(*c)
                                .unwrap_or_else(|| panic!("{tabla}.{c} no existe en PostgreSQL"));
                            let v = match (tipo.as_str(), v) {
                                ("boolean", Value::Number(n)) => Value::Bool(n.as_i64() != Some(0)),
                                ("json" | "jsonb", Value::String(s)) => {
                                    serde_json::from_str(s).unwrap()
                                }
                                _ => v.clone(),
                            };
                            o.insert((*c).to_owned(), v);
                        }
                        Value::Object(o)
                    })
                    .collect();
                let lista = entre_comillas(&columnas);
                sqlx::query(&format!(
                    "INSERT INTO \"{tabla}\" ({lista}) SELECT {lista} FROM jsonb_populate_recordset(NULL::\"{tabla}\", $1) ON CONFLICT DO NOTHING"
                ))
                .bind(Value::Array(filas))
                .execute(&mut *tx)
                .await
                .unwrap();
            }
            tx.commit().await.unwrap();
        }
    }
}

fn tempfile_dir() -> TempDir {
    let ruta = std::env::temp_dir().join(format!(
        "anfitrion-mejora-{}",
        anfitrion_server::db::nuevo_id()
    ));
    std::fs::create_dir_all(&ruta).unwrap();
    TempDir(ruta)
}

struct TempDir(PathBuf);

impl TempDir {
    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The rows of `tabla` in the fixture, each as an object.
fn filas(fixture: &Value, tabla: &str) -> Vec<Map<String, Value>> {
    let t = fixture["tablas"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["tabla"] == tabla)
        .unwrap_or_else(|| panic!("{tabla} no está en el fixture"));
    let columnas = columnas_de(t);
    t["filas"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            columnas
                .iter()
                .zip(f.as_array().unwrap())
                .map(|(c, v)| ((*c).to_owned(), v.clone()))
                .collect()
        })
        .collect()
}

/// `YYYY-MM-DD HH:MM` of a stored local date and time (`YYYY-MM-DD HH:MM:SS`).
fn minutos(v: &Value) -> String {
    v.as_str()
        .unwrap()
        .replace('T', " ")
        .chars()
        .take(16)
        .collect()
}

en_ambos! {
    async fn a_database_at_schema_15_keeps_every_record_through_todays_migrations(motor: Motor) {
        let fixture: Value = serde_json::from_str(&std::fs::read_to_string(ruta_fixture()).unwrap()).unwrap();
        assert_eq!(fixture["esquema"], ESQUEMA);
        // Landed migrations are never edited: each still has the checksum it had at schema 15.
        let (nombre, actuales) = match motor {
            MotorPrueba::Sqlite => ("sqlite", sumas(&MIGRACIONES_SQLITE)),
            MotorPrueba::Postgres => ("postgres", sumas(&MIGRACIONES_POSTGRES)),
        };
        let guardadas: BTreeMap<String, String> = serde_json::from_value(fixture["sumas"][nombre].clone()).unwrap();
        assert_eq!(actuales, guardadas, "una migración publicada cambió");

        let (_base, url) = BaseTemporal::crear(motor).await;
        reconstruir(motor, &url, &fixture).await;
        // The fixture's moment, so "pending" means what it meant then.
        let app = lanzar(
            &url,
            Opciones { reloj: Some(anfitrion_server::reloj::Reloj::desde(local(AHORA))), ..Default::default() },
        )
        .await;
        assert_eq!(
            anfitrion_server::db::Esquema::version_aplicada(app.store.as_ref()).await.unwrap(),
            Some(version_conocida()),
            "today's migrations ran over it"
        );

        let sucursales: HashMap<String, String> = filas(&fixture, "sucursales")
            .into_iter()
            .map(|s| (s["id"].as_str().unwrap().to_owned(), s["tag"].as_str().unwrap().to_owned()))
            .collect();
        // Every account signs in with its password.
        let usuarios = filas(&fixture, "usuarios");
        for u in &usuarios {
            app.login(u["email"].as_str().unwrap(), CLAVE).await.es_exito();
        }
        let reservaciones = app.token("reservaciones@demo.mx").await;
        let gerente = app.token("gerente@demo.mx").await;
        // The manager's branches: the walk-ins and clients it reads back.
        let del_gerente = |sucursal: &Value| sucursales[sucursal.as_str().unwrap()] != "monterrey";

        let reservas = filas(&fixture, "reservaciones");
        assert!(reservas.len() >= 750, "{}", reservas.len());
        for r in &reservas {
            let (id, tag) = (r["id"].as_str().unwrap(), &sucursales[r["sucursal_id"].as_str().unwrap()]);
            let leida = app.get(&format!("/api/v1/admin/reservacion/{id}?tag={tag}"), Some(&reservaciones)).await;
            let d = leida.es_exito();
            assert_eq!(d["name"], r["name"], "{id}");
            assert_eq!(d["status"], r["status"], "{id}");
            assert_eq!(d["no_personas"], r["no_personas"], "{id}");
            assert_eq!(d["fecha_hora"].as_str().unwrap(), minutos(&r["fecha_hora"]), "{id}");
            assert_eq!(d["email"], r["email"], "{id}");
            assert_eq!(d["origin"], r["origin"], "{id}");
        }
        // Each branch's tabs and logs count what they counted (the counts the triggers kept).
        assert_eq!(cifras(&app).await, fixture["cifras"]);

        let walkins = filas(&fixture, "walkins");
        assert!(walkins.len() >= 400, "{}", walkins.len());
        for w in walkins.iter().filter(|w| del_gerente(&w["sucursal_id"])) {
            let (id, tag) = (w["id"].as_str().unwrap(), &sucursales[w["sucursal_id"].as_str().unwrap()]);
            let leido = app.get(&format!("/api/v1/admin/walkin/{id}?tag={tag}"), Some(&gerente)).await;
            let d = leido.es_exito();
            assert_eq!(d["name"], w["name"], "{id}");
            assert_eq!(d["comanda"]["folio"], w["folio"], "{id}");
            assert_eq!(d["no_personas"], w["no_personas"], "{id}");
        }

        let clientes = filas(&fixture, "clientes");
        assert!(clientes.len() >= 900, "{}", clientes.len());
        for c in &clientes {
            let id = c["id"].as_str().unwrap();
            // A client is read through a branch that knows them.
            let tag = reservas
                .iter()
                .chain(walkins.iter())
                .find(|v| v["cliente_id"] == c["id"] && del_gerente(&v["sucursal_id"]))
                .map(|v| sucursales[v["sucursal_id"].as_str().unwrap()].clone());
            let Some(tag) = tag else { continue };
            let leido = app.get(&format!("/api/v1/admin/clientes/{id}?tag={tag}"), Some(&gerente)).await;
            assert_eq!(leido.es_exito()["name"], c["name"], "{id}");
        }
    }
}
