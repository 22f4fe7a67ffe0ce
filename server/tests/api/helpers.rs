//! A fresh server per test, on a fresh database of either engine: a temporary SQLite file, or a
//! uniquely named PostgreSQL database created from `ANFITRION_TEST_PG` and dropped afterwards.

use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anfitrion_core::tiempo::ReglasHorario;
use anfitrion_server::auth::claves::CostoHash;
use anfitrion_server::auth::freno::DemoraCuenta;
use anfitrion_server::config::Config;
use anfitrion_server::db::{nuevo_id, Store};
use anfitrion_server::reloj::{leer_ahora, Reloj};
use anfitrion_server::AppState;
use axum::Router;
use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use serde_json::{json, Value};
use sqlx::Connection;

/// Administrative URL of the PostgreSQL the suite creates its databases in.
pub fn url_admin_pg() -> String {
    std::env::var("ANFITRION_TEST_PG")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned())
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Motor {
    Sqlite,
    Postgres,
}

/// Runs a test body once per engine: `nombre::sqlite` and `nombre::postgres`.
macro_rules! en_ambos {
    ($($(#[$m:meta])* async fn $nombre:ident($motor:ident: Motor) $cuerpo:block)*) => {$(
        $(#[$m])*
        async fn $nombre($motor: $crate::helpers::Motor) $cuerpo

        mod $nombre {
            #[tokio::test]
            async fn sqlite() {
                super::$nombre($crate::helpers::Motor::Sqlite).await
            }

            #[tokio::test]
            async fn postgres() {
                super::$nombre($crate::helpers::Motor::Postgres).await
            }
        }
    )*};
}
pub(crate) use en_ambos;

/// A database that removes itself when the test ends, pass or fail.
pub enum BaseTemporal {
    Sqlite { carpeta: PathBuf },
    Postgres { nombre: String },
}

impl BaseTemporal {
    pub async fn crear(motor: Motor) -> (BaseTemporal, String) {
        BaseTemporal::crear_de(motor, None).await
    }

    /// A new database, empty or (`plantilla`) a copy of a SQLite file or a PostgreSQL database.
    pub async fn crear_de(motor: Motor, plantilla: Option<&str>) -> (BaseTemporal, String) {
        match motor {
            Motor::Sqlite => {
                let carpeta = std::env::temp_dir().join(format!("anfitrion-prueba-{}", nuevo_id()));
                std::fs::create_dir_all(&carpeta).expect("carpeta temporal");
                let archivo = carpeta.join("prueba.db");
                if let Some(plantilla) = plantilla {
                    std::fs::copy(plantilla, &archivo).expect("la copia de la plantilla");
                }
                let url = format!("sqlite://{}", archivo.display());
                (BaseTemporal::Sqlite { carpeta }, url)
            }
            Motor::Postgres => {
                let nombre = format!("anfitrion_prueba_{}", nuevo_id());
                let copia = plantilla
                    .map(|p| format!(" TEMPLATE \"{p}\""))
                    .unwrap_or_default();
                let mut con = conexion_admin().await;
                ejecutar(&mut con, &format!("CREATE DATABASE \"{nombre}\"{copia}")).await;
                let _ = con.close().await;
                let url = cambiar_base(&url_admin_pg(), &nombre);
                (BaseTemporal::Postgres { nombre }, url)
            }
        }
    }
}

/// A connection to the administrative database of `ANFITRION_TEST_PG`.
pub(crate) async fn conexion_admin() -> sqlx::PgConnection {
    let admin = url_admin_pg();
    sqlx::PgConnection::connect(&admin)
        .await
        .unwrap_or_else(|e| panic!("PostgreSQL no responde en ANFITRION_TEST_PG ({admin}): {e}"))
}

/// Runs one statement on `con`; a failure fails the test with the statement.
pub(crate) async fn ejecutar(con: &mut sqlx::PgConnection, sql: &str) {
    if let Err(e) = sqlx::query(sql).execute(con).await {
        panic!("{sql}: {e}");
    }
}

/// The admin URL pointing at another database (keeps user, host and query string).
pub(crate) fn cambiar_base(admin: &str, nombre: &str) -> String {
    let (sin_consulta, consulta) = match admin.split_once('?') {
        Some((a, q)) => (a, format!("?{q}")),
        None => (admin, String::new()),
    };
    let inicio_ruta = sin_consulta.find("://").map(|i| i + 3).unwrap_or(0);
    let base = match sin_consulta[inicio_ruta..].find('/') {
        Some(i) => &sin_consulta[..inicio_ruta + i],
        None => sin_consulta,
    };
    format!("{base}/{nombre}{consulta}")
}

impl Drop for BaseTemporal {
    fn drop(&mut self) {
        match self {
            BaseTemporal::Sqlite { carpeta } => {
                let _ = std::fs::remove_dir_all(carpeta);
            }
            BaseTemporal::Postgres { nombre } => {
                let nombre = nombre.clone();
                // Drop runs inside the test's runtime; a separate thread may block on its own.
                let _ = std::thread::spawn(move || {
                    let rt = tokio::runtime::Builder::new_current_thread()
                        .enable_all()
                        .build()
                        .expect("runtime");
                    rt.block_on(async {
                        if let Ok(mut con) = sqlx::PgConnection::connect(&url_admin_pg()).await {
                            let _ = sqlx::query(&format!(
                                "DROP DATABASE IF EXISTS \"{nombre}\" WITH (FORCE)"
                            ))
                            .execute(&mut con)
                            .await;
                            let _ = con.close().await;
                        }
                    });
                })
                .join();
            }
        }
    }
}

/// The day the suite runs on unless `ANFITRION_TEST_FECHA` names another: a Wednesday, so the
/// demo branches are open 13:00–22:30.
pub const FECHA_DE_PRUEBA: &str = "2026-11-25";
/// The local hour in Mexico City the suite runs at unless `ANFITRION_TEST_HORA` names another.
pub const HORA_DE_PRUEBA: &str = "13:00";

/// The instant every server of the suite starts its clock at: `ANFITRION_TEST_FECHA` (default
/// [`FECHA_DE_PRUEBA`]) at `ANFITRION_TEST_HORA` (default [`HORA_DE_PRUEBA`]), Mexico City time.
/// `make test` is run at several hours by setting the second.
pub fn ahora_de_prueba() -> DateTime<Utc> {
    let leer = |var: &str, defecto: &str| {
        std::env::var(var)
            .ok()
            .filter(|v| !v.trim().is_empty())
            .unwrap_or_else(|| defecto.to_owned())
    };
    let texto = format!(
        "{} {}",
        leer("ANFITRION_TEST_FECHA", FECHA_DE_PRUEBA),
        leer("ANFITRION_TEST_HORA", HORA_DE_PRUEBA)
    );
    leer_ahora(&texto, &ReglasHorario::default())
        .unwrap_or_else(|e| panic!("ANFITRION_TEST_FECHA/HORA: {e}"))
}

/// An instant given as local time in Mexico City, `AAAA-MM-DD HH:MM`.
pub fn local(texto: &str) -> DateTime<Utc> {
    leer_ahora(texto, &ReglasHorario::default()).expect("fecha y hora de prueba")
}

/// A running server and a client for it.
pub struct TestApp {
    pub base: String,
    #[allow(dead_code)]
    pub addr: std::net::SocketAddr,
    pub database_url: String,
    pub store: Arc<dyn Store>,
    /// Where `/metrics` answers, when the test asked for it.
    #[allow(dead_code)]
    pub metricas: Option<std::net::SocketAddr>,
    pub client: reqwest::Client,
    /// The server's clock: a test reads it and moves it, never waits for time to pass.
    pub reloj: Reloj,
    _db: Option<BaseTemporal>,
    /// Where the test configuration's relay would be: a port held closed.
    _relevo: PuertoCerrado,
}

/// A change to the test configuration.
pub type Ajuste = Box<dyn FnOnce(&mut Config) + Send>;

/// Options of [`spawn`].
#[derive(Default)]
pub struct Opciones {
    pub demo: bool,
    pub rutas_extra: Option<Router<AppState>>,
    pub proxies_confiables: Vec<IpAddr>,
    /// Changes to the test configuration (timeouts, limits) before the server starts.
    pub ajustar: Option<Ajuste>,
    /// The server's clock: by default one that starts at [`ahora_de_prueba`]. Another instance
    /// of the same test passes the first one's, so both agree on the time.
    pub reloj: Option<Reloj>,
}

impl Opciones {
    /// The demo data, with `ajustar` applied to the configuration.
    pub fn demo_con(ajustar: impl FnOnce(&mut Config) + Send + 'static) -> Self {
        Opciones {
            demo: true,
            ajustar: Some(Box::new(ajustar)),
            ..Default::default()
        }
    }
}

/// Runs one statement with text parameters straight on the database at `url` (either engine),
/// as another program would: what a test does behind the server's back. Answers the rows changed.
#[allow(dead_code)]
pub async fn sql_directo(url: &str, sql: &str, valores: &[&str]) -> u64 {
    if url.starts_with("sqlite:") {
        let mut c = sqlx::SqliteConnection::connect(url).await.unwrap();
        let mut q = sqlx::query(sql);
        for v in valores {
            q = q.bind(*v);
        }
        q.execute(&mut c).await.unwrap().rows_affected()
    } else {
        let mut c = sqlx::PgConnection::connect(url).await.unwrap();
        let mut q = sqlx::query(sql);
        for v in valores {
            q = q.bind(*v);
        }
        q.execute(&mut c).await.unwrap().rows_affected()
    }
}

/// A server with the demo data, on a fresh database, its clock at [`ahora_de_prueba`].
pub async fn spawn_app(motor: Motor) -> TestApp {
    spawn(
        motor,
        Opciones {
            demo: true,
            ..Default::default()
        },
    )
    .await
}

/// A server with the demo data whose clock starts at `ahora` (local time in Mexico City,
/// `AAAA-MM-DD HH:MM`): the demo is seeded around it.
pub async fn spawn_app_a(motor: Motor, ahora: &str) -> TestApp {
    spawn(
        motor,
        Opciones {
            demo: true,
            reloj: Some(Reloj::desde(local(ahora))),
            ..Default::default()
        },
    )
    .await
}

pub async fn spawn(motor: Motor, opciones: Opciones) -> TestApp {
    // The demo at the suite's clock starts from a copy of the one seeded for this test build.
    let (db, url) = if opciones.demo && opciones.reloj.is_none() {
        crate::plantilla::copia(motor, ahora_de_prueba()).await
    } else {
        BaseTemporal::crear(motor).await
    };
    let mut app = lanzar(&url, opciones).await;
    app._db = Some(db);
    app
}

/// Another server on an existing database (the database stays with its first app).
pub async fn lanzar(url: &str, opciones: Opciones) -> TestApp {
    let mut config = Config::new("127.0.0.1:0".parse().expect("dirección"), url);
    config.demo = opciones.demo;
    config.conexiones = 2;
    config.costo_hash = CostoHash::Ligero;
    config.rutas_extra = opciones.rutas_extra;
    config.proxies_confiables = opciones.proxies_confiables;
    // The account-wide delay at a test's pace: the same doubling, in milliseconds.
    config.demora_cuenta = DemoraCuenta {
        paso: Duration::from_millis(2),
        tope: Duration::from_millis(40),
    };
    config.reloj = opciones
        .reloj
        .unwrap_or_else(|| Reloj::desde(ahora_de_prueba()));
    let reloj = config.reloj.clone();
    // E-mail is set up, as in a real deployment, with a relay that never answers, looked for
    // once a day: confirmations and reminders wait in the outbox for a test to read. A test
    // of the relay sets its own; one without e-mail sets none.
    let relevo = puerto_cerrado();
    config.correo.smtp_url = Some(format!("smtp://{}", relevo.addr));
    config.correo.cada = Duration::from_secs(24 * 3600);
    // Should its one pass at start meet a message already queued, the failed try leaves no
    // wait behind: another instance with a relay that answers sends it at once.
    config.correo.espera_base = Duration::ZERO;
    if let Some(ajustar) = opciones.ajustar {
        ajustar(&mut config);
    }
    let app = anfitrion_server::launch(config)
        .await
        .expect("el servidor arranca");
    TestApp {
        base: format!("http://{}", app.addr),
        addr: app.addr,
        database_url: url.to_owned(),
        store: app.store.clone(),
        metricas: app.metricas,
        client: reqwest::Client::new(),
        reloj,
        _db: None,
        _relevo: relevo,
    }
}

/// An answer, read whole.
pub struct Respuesta {
    pub status: u16,
    pub headers: reqwest::header::HeaderMap,
    pub cuerpo: Value,
}

impl Respuesta {
    pub fn message(&self) -> &str {
        self.cuerpo["message"].as_str().unwrap_or_default()
    }

    /// Asserts the error envelope: status code, `status: "error"`, and the Spanish message.
    #[track_caller]
    pub fn es_error(&self, codigo: u16, mensaje: &str) {
        assert_eq!(self.status, codigo, "cuerpo: {}", self.cuerpo);
        assert_eq!(self.cuerpo["status"], "error", "cuerpo: {}", self.cuerpo);
        assert_eq!(self.message(), mensaje, "cuerpo: {}", self.cuerpo);
        assert!(
            self.cuerpo.get("data").is_some(),
            "el sobre siempre trae data: {}",
            self.cuerpo
        );
    }

    /// A 201 with the success envelope.
    #[track_caller]
    pub fn es_exito_201(&self) -> &Value {
        assert_eq!(self.status, 201, "cuerpo: {}", self.cuerpo);
        assert_eq!(self.cuerpo["status"], "success", "cuerpo: {}", self.cuerpo);
        &self.cuerpo["data"]
    }

    #[track_caller]
    pub fn es_exito(&self) -> &Value {
        assert_eq!(self.status, 200, "cuerpo: {}", self.cuerpo);
        assert_eq!(self.cuerpo["status"], "success", "cuerpo: {}", self.cuerpo);
        &self.cuerpo["data"]
    }
}

pub async fn leer(r: reqwest::Response) -> Respuesta {
    let status = r.status().as_u16();
    let headers = r.headers().clone();
    let texto = r.text().await.expect("cuerpo");
    let cuerpo = serde_json::from_str(&texto)
        .unwrap_or_else(|_| panic!("la respuesta no es JSON ({status}): {texto}"));
    Respuesta {
        status,
        headers,
        cuerpo,
    }
}

pub const CLAVE: &str = "demo1234";

impl TestApp {
    /// The server's local time in Mexico City, where the demo branches are.
    pub fn ahora_local(&self) -> NaiveDateTime {
        self.reloj.local(&ReglasHorario::default())
    }

    /// Today at the demo branches, by the server's clock.
    /// Moves the server's clock to `texto` (`AAAA-MM-DD HH:MM`, Mexico City time), as a day
    /// passing would: a guest booked for another day arrives. Sessions older than a day end.
    pub fn llevar_reloj_a(&self, texto: &str) {
        self.reloj.fijar(local(texto));
    }

    pub fn hoy(&self) -> NaiveDate {
        self.ahora_local().date()
    }

    pub fn url(&self, ruta: &str) -> String {
        format!("{}{}", self.base, ruta)
    }

    pub async fn login(&self, email: &str, password: &str) -> Respuesta {
        leer(
            self.client
                .post(self.url("/api/v1/auth/login"))
                .json(&json!({ "email": email, "password": password }))
                .send()
                .await
                .expect("login"),
        )
        .await
    }

    /// Login carrying `X-Forwarded-For`, as a load balancer in front of the server sends it.
    pub async fn login_reenviado(&self, email: &str, password: &str, reenviado: &str) -> Respuesta {
        let req = self
            .client
            .post(self.url("/api/v1/auth/login"))
            .header("x-forwarded-for", reenviado);
        leer(
            req.json(&json!({ "email": email, "password": password }))
                .send()
                .await
                .expect("login"),
        )
        .await
    }

    /// Signs in any account and answers its token.
    pub async fn token_con(&self, email: &str, clave: &str) -> String {
        let r = self.login(email, clave).await;
        r.es_exito()["token"].as_str().expect("token").to_owned()
    }

    /// Signs in a demo account and answers its token.
    pub async fn token(&self, email: &str) -> String {
        let r = self.login(email, CLAVE).await;
        r.es_exito()["token"].as_str().expect("token").to_owned()
    }

    pub async fn get(&self, ruta: &str, token: Option<&str>) -> Respuesta {
        let mut req = self.client.get(self.url(ruta));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        leer(req.send().await.expect("GET")).await
    }

    pub async fn post(&self, ruta: &str, token: Option<&str>) -> Respuesta {
        let mut req = self.client.post(self.url(ruta));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        leer(req.send().await.expect("POST")).await
    }

    /// POST with a JSON body.
    pub async fn post_json(&self, ruta: &str, token: Option<&str>, cuerpo: &Value) -> Respuesta {
        let mut req = self.client.post(self.url(ruta)).json(cuerpo);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        leer(req.send().await.expect("POST")).await
    }

    /// PUT with a JSON body.
    pub async fn put_json(&self, ruta: &str, token: Option<&str>, cuerpo: &Value) -> Respuesta {
        let mut req = self.client.put(self.url(ruta)).json(cuerpo);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        leer(req.send().await.expect("PUT")).await
    }

    /// PUT without a body.
    pub async fn put(&self, ruta: &str, token: Option<&str>) -> Respuesta {
        let mut req = self.client.put(self.url(ruta));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        leer(req.send().await.expect("PUT")).await
    }

    /// POST with a raw body and content type.
    pub async fn post_crudo(
        &self,
        ruta: &str,
        tipo: Option<&str>,
        cuerpo: impl Into<reqwest::Body>,
    ) -> Respuesta {
        let mut req = self.client.post(self.url(ruta)).body(cuerpo);
        if let Some(t) = tipo {
            req = req.header("content-type", t);
        }
        leer(req.send().await.expect("POST")).await
    }

    /// `_id` of a branch by tag, as Sistemas (who has every branch) sees it.
    pub async fn id_sucursal(&self, tag: &str) -> String {
        let t = self.token("sistemas@demo.mx").await;
        let r = self
            .get("/api/v1/admin/sucursal/sucuser/suc", Some(&t))
            .await;
        r.es_exito()
            .as_array()
            .expect("lista")
            .iter()
            .find(|s| s["tag"] == tag)
            .expect("sucursal")["_id"]
            .as_str()
            .expect("_id")
            .to_owned()
    }

    /// Adds a branch and its brand straight into the database, as a later admin screen will;
    /// answers the branch's `_id`.
    pub async fn agregar_sucursal(&self, tag: &str) -> String {
        let (marca, sucursal, ahora) = (nuevo_id(), nuevo_id(), self.reloj.ahora());
        macro_rules! insertar {
            ($con:expr) => {{
                let mut con = $con;
                sqlx::query("INSERT INTO marcas (id, name, created_at) VALUES ($1, $2, $3)")
                    .bind(&marca)
                    .bind(format!("Marca {tag}"))
                    .bind(ahora)
                    .execute(&mut con)
                    .await
                    .expect("marca");
                sqlx::query("INSERT INTO sucursales (id, tag, name, marca_id, created_at) VALUES ($1, $2, $3, $4, $5)")
                    .bind(&sucursal)
                    .bind(tag)
                    .bind(format!("Sucursal {tag}"))
                    .bind(&marca)
                    .bind(ahora)
                    .execute(&mut con)
                    .await
                    .expect("sucursal");
                let _ = con.close().await;
            }};
        }
        if self.database_url.starts_with("sqlite:") {
            insertar!(sqlx::SqliteConnection::connect(&self.database_url)
                .await
                .expect("SQLite"));
        } else {
            insertar!(sqlx::PgConnection::connect(&self.database_url)
                .await
                .expect("PostgreSQL"));
        }
        sucursal
    }
}

/// Asserts a 429 from the login throttle: the Spanish message with the wait, `Retry-After` in
/// seconds (at most the 15-minute window), and the same number in `data.reintentar_en`.
#[track_caller]
pub fn es_frenado(r: &Respuesta) -> u64 {
    assert_eq!(r.status, 429, "cuerpo: {}", r.cuerpo);
    assert_eq!(r.cuerpo["status"], "error");
    let espera: u64 = r.headers["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .expect("Retry-After en segundos");
    assert!((1..=900).contains(&espera), "Retry-After: {espera}");
    assert_eq!(
        r.cuerpo["data"]["reintentar_en"], espera,
        "cuerpo: {}",
        r.cuerpo
    );
    let mensaje = r.message();
    assert!(
        mensaje.starts_with("Demasiados intentos. Espera ")
            && mensaje.ends_with(" e inténtalo de nuevo."),
        "{mensaje}"
    );
    assert!(
        mensaje.contains("minuto") || mensaje.contains("segundo"),
        "{mensaje}"
    );
    espera
}

/// Leaves the branch `tag` without tables: its walk-ins take any table name and none is held, so
/// a test that registers many walk-ins at one table is about what it tests, not about the floor.
pub async fn sin_mesas(app: &TestApp, tag: &str) {
    let sistemas = app.token("sistemas@demo.mx").await;
    let id = app.id_sucursal(tag).await;
    app.put_json(
        &format!("/api/v1/admin/sucursal/{id}/mesas"),
        Some(&sistemas),
        &json!([]),
    )
    .await
    .es_exito();
}

/// The real `anfitrion` binary serving the demo on a SQLite file of its own, for what only a
/// process shows (its log, its signals). `previos` go before `serve` (global flags); the server
/// is up once `/healthz` answers. Its stderr is piped when `registro` is asked for.
pub struct Binario {
    pub proceso: tokio::process::Child,
    pub base: String,
    pub cliente: reqwest::Client,
    carpeta: PathBuf,
}

impl Binario {
    pub async fn iniciar(previos: &[&str], registro: bool) -> Binario {
        let carpeta = std::env::temp_dir().join(format!("anfitrion-binario-{}", nuevo_id()));
        std::fs::create_dir_all(&carpeta).unwrap();
        let puerto = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let proceso = tokio::process::Command::new(env!("CARGO_BIN_EXE_anfitrion"))
            .args(previos)
            .args(["serve", "--demo", "--addr", &format!("127.0.0.1:{puerto}")])
            .arg("--database-url")
            .arg(format!("sqlite://{}", carpeta.join("binario.db").display()))
            .env("RUST_LOG", if registro { "info" } else { "warn" })
            .env_remove("ANFITRION_LOG")
            .stdout(std::process::Stdio::null())
            .stderr(if registro {
                std::process::Stdio::piped()
            } else {
                std::process::Stdio::null()
            })
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        let base = format!("http://127.0.0.1:{puerto}");
        let cliente = reqwest::Client::new();
        let listo = async {
            while cliente.get(format!("{base}/healthz")).send().await.is_err() {
                tokio::task::yield_now().await;
            }
        };
        tokio::time::timeout(std::time::Duration::from_secs(60), listo)
            .await
            .expect("el servidor arrancó");
        Binario {
            proceso,
            base,
            cliente,
            carpeta,
        }
    }

    /// Signs in as `email` (the demo's password) and answers the login's `data`.
    pub async fn entrar(&self, email: &str) -> Value {
        let r: Value = self
            .cliente
            .post(format!("{}/api/v1/auth/login", self.base))
            .json(&serde_json::json!({ "email": email, "password": "demo1234" }))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        r["data"].clone()
    }
}

impl Drop for Binario {
    fn drop(&mut self) {
        let _ = self.proceso.start_kill();
        let _ = std::fs::remove_dir_all(&self.carpeta);
    }
}

/// A port nothing listens on, held while it lives: bound without listening, so a connection to it
/// is refused and no other test's listener (servers, fake printers, all on port 0) is given it
/// meanwhile. A listener bound and dropped freed the port at once, and a test running beside could
/// take it: the "down" printer or relay then answered. Dropped, the port is free for the one that
/// comes back on it.
pub struct PuertoCerrado {
    pub addr: std::net::SocketAddr,
    _reservado: tokio::net::TcpSocket,
}

pub fn puerto_cerrado() -> PuertoCerrado {
    let reservado = tokio::net::TcpSocket::new_v4().unwrap();
    reservado.bind("127.0.0.1:0".parse().unwrap()).unwrap();
    PuertoCerrado {
        addr: reservado.local_addr().unwrap(),
        _reservado: reservado,
    }
}

/// A guest's own booking of two, as the store takes it (no author, no event, from the chatbot):
/// for tests that write through the store itself, from more than one instance or at a set time.
pub fn nueva_reservacion(
    sucursal_id: &str,
    name: &str,
    phone: &str,
    fecha_hora: NaiveDateTime,
    creada: DateTime<Utc>,
) -> anfitrion_server::db::reservaciones::NuevaReservacion {
    anfitrion_server::db::reservaciones::NuevaReservacion {
        id: nuevo_id(),
        sucursal_id: sucursal_id.to_owned(),
        cliente_id: None,
        afiliado_id: None,
        name: name.to_owned(),
        email: None,
        phone: Some(phone.to_owned()),
        fecha_hora,
        no_personas: anfitrion_core::comanda::Personas::parse(Some(2)).unwrap(),
        evento: Default::default(),
        comentarios: String::new(),
        origin: anfitrion_core::estado::Origen::Chatbot,
        email_verified: false,
        phone_verified: false,
        origin_declarado: false,
        autor: None,
        creada,
    }
}

/// The `_id` of the role named `nombre`, as the roles screen lists it.
#[allow(dead_code)]
pub async fn rol_id(app: &TestApp, token: &str, nombre: &str) -> String {
    let r = app.get("/api/v1/admin/roles", Some(token)).await;
    r.es_exito()
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == nombre)
        .unwrap()["_id"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// The `_id` of the branch `tag`'s first waiter.
#[allow(dead_code)]
pub async fn mesero(app: &TestApp, token: &str, tag: &str) -> String {
    let r = app
        .get(&format!("/api/v1/admin/meseros?tag={tag}"), Some(token))
        .await;
    r.es_exito()[0]["_id"].as_str().unwrap().to_owned()
}
