//! `make bench`: the memory and latency of a burst of logins, on SQLite and on PostgreSQL.
//!
//! For each engine it starts the release binary (`anfitrion serve --demo`) on a free loopback
//! port and a fresh database, and reads its resident memory (VmRSS in /proc/PID/status) idle after
//! start-up, right after 200 simultaneous correct logins, right after 200 simultaneous logins of
//! unknown e-mails, and 30 s later; VmHWM is the peak. It prints one table row per engine with
//! the login latencies of the correct burst. Only loopback traffic; every loop is bounded.
//!
//! `ANFITRION_BIN` names the binary (default `target/release/anfitrion`); `ANFITRION_TEST_PG`
//! the PostgreSQL to create the throwaway database in.

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::json;
use sqlx::Connection;

const RAFAGA: usize = 200;
const CUENTAS: [&str; 5] = [
    "sistemas@demo.mx",
    "mercadotecnia@demo.mx",
    "gerente@demo.mx",
    "hostess@demo.mx",
    "reservaciones@demo.mx",
];
/// After start-up, time for the demo seeding's hashes to finish and the pool to free its memory.
const ASENTAR: Duration = Duration::from_secs(8);
const DESPUES: Duration = Duration::from_secs(30);

struct Fila {
    motor: &'static str,
    reposo: u64,
    tras_correctos: u64,
    tras_desconocidos: u64,
    despues: u64,
    pico: u64,
    exitos: usize,
    rechazos: Vec<u16>,
    p50: Duration,
    p99: Duration,
    maximo: Duration,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let raiz = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let binario = std::env::var("ANFITRION_BIN")
        .unwrap_or_else(|_| format!("{raiz}/target/release/anfitrion"));
    anyhow::ensure!(
        std::path::Path::new(&binario).exists(),
        "no existe {binario}: compila con `cargo build --release -p anfitrion-server`"
    );
    let pg_admin = std::env::var("ANFITRION_TEST_PG")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned());

    let mut filas = Vec::new();

    let carpeta = std::env::temp_dir().join(format!("anfitrion-bench-{}", std::process::id()));
    std::fs::create_dir_all(&carpeta)?;
    let sqlite = format!("sqlite://{}", carpeta.join("bench.db").display());
    let fila = medir("SQLite", &binario, &sqlite).await;
    let _ = std::fs::remove_dir_all(&carpeta);
    filas.push(fila?);

    let nombre = format!("anfitrion_bench_{}", std::process::id());
    let mut admin = sqlx::PgConnection::connect(&pg_admin).await?;
    sqlx::query(&format!("CREATE DATABASE \"{nombre}\""))
        .execute(&mut admin)
        .await?;
    let fila = medir("PostgreSQL", &binario, &cambiar_base(&pg_admin, &nombre)).await;
    sqlx::query(&format!(
        "DROP DATABASE IF EXISTS \"{nombre}\" WITH (FORCE)"
    ))
    .execute(&mut admin)
    .await?;
    filas.push(fila?);

    println!();
    println!(
        "Ráfaga de inicios de sesión ({RAFAGA} a la vez), memoria residente del servidor (MiB):"
    );
    println!(
        "{:<11} {:>7} {:>12} {:>15} {:>10} {:>6} {:>9} {:>8} {:>8} {:>8}",
        "motor",
        "reposo",
        "tras 200 ok",
        "tras 200 desc.",
        "30 s desp.",
        "pico",
        "logins ok",
        "p50",
        "p99",
        "máx"
    );
    for f in &filas {
        println!(
            "{:<11} {:>7} {:>12} {:>15} {:>10} {:>6} {:>9} {:>8} {:>8} {:>8}",
            f.motor,
            mib(f.reposo),
            mib(f.tras_correctos),
            mib(f.tras_desconocidos),
            mib(f.despues),
            mib(f.pico),
            format!("{}/{RAFAGA}", f.exitos),
            ms(f.p50),
            ms(f.p99),
            ms(f.maximo),
        );
        if !f.rechazos.is_empty() {
            println!(
                "  {}: respuestas que no fueron 200: {:?}",
                f.motor, f.rechazos
            );
        }
    }
    let fallas: usize = filas.iter().map(|f| RAFAGA - f.exitos).sum();
    anyhow::ensure!(
        fallas == 0,
        "{fallas} inicios de sesión correctos no entraron"
    );
    Ok(())
}

/// Starts the server on `url`, runs the bursts and reads its memory.
async fn medir(motor: &'static str, binario: &str, url: &str) -> anyhow::Result<Fila> {
    let puerto = TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let base = format!("http://127.0.0.1:{puerto}");
    eprintln!("{motor}: arrancando {binario} en {base}");
    let servidor = Servidor(
        Command::new(binario)
            .args([
                "serve",
                "--demo",
                "--addr",
                &format!("127.0.0.1:{puerto}"),
                "--database-url",
                url,
            ])
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()?,
    );
    let pid = servidor.0.id();
    let cliente = reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .build()?;
    esperar_listo(&cliente, &base).await?;
    tokio::time::sleep(ASENTAR).await;
    let reposo = memoria(pid, "VmRSS")?;

    eprintln!("{motor}: {RAFAGA} inicios de sesión correctos a la vez");
    let correctos = rafaga(&cliente, &base, |i| CUENTAS[i % CUENTAS.len()].to_owned()).await;
    let tras_correctos = memoria(pid, "VmRSS")?;
    eprintln!("{motor}: {RAFAGA} inicios de sesión de correos desconocidos a la vez");
    let _ = rafaga(&cliente, &base, |i| format!("nadie{i}@demo.mx")).await;
    let tras_desconocidos = memoria(pid, "VmRSS")?;
    eprintln!("{motor}: esperando {} s", DESPUES.as_secs());
    tokio::time::sleep(DESPUES).await;
    let despues = memoria(pid, "VmRSS")?;
    let pico = memoria(pid, "VmHWM")?;

    let mut tiempos: Vec<Duration> = correctos.iter().map(|(_, t)| *t).collect();
    tiempos.sort();
    let percentil =
        |p: f64| tiempos[((tiempos.len() as f64 * p).ceil() as usize).clamp(1, tiempos.len()) - 1];
    Ok(Fila {
        motor,
        reposo,
        tras_correctos,
        tras_desconocidos,
        despues,
        pico,
        exitos: correctos.iter().filter(|(c, _)| *c == 200).count(),
        rechazos: correctos
            .iter()
            .map(|(c, _)| *c)
            .filter(|c| *c != 200)
            .collect(),
        p50: percentil(0.50),
        p99: percentil(0.99),
        maximo: *tiempos.last().unwrap_or(&Duration::ZERO),
    })
}

/// `RAFAGA` logins sent at once, the i-th for `correo(i)` with the demo password; each one's
/// status and latency.
async fn rafaga(
    cliente: &reqwest::Client,
    base: &str,
    correo: impl Fn(usize) -> String,
) -> Vec<(u16, Duration)> {
    let salida = std::sync::Arc::new(tokio::sync::Barrier::new(RAFAGA));
    let mut tareas = tokio::task::JoinSet::new();
    for i in 0..RAFAGA {
        let peticion = cliente
            .post(format!("{base}/api/v1/auth/login"))
            .json(&json!({ "email": correo(i), "password": "demo1234" }));
        let salida = salida.clone();
        tareas.spawn(async move {
            salida.wait().await;
            let inicio = Instant::now();
            let codigo = match peticion.timeout(Duration::from_secs(120)).send().await {
                Ok(r) => r.status().as_u16(),
                Err(_) => 0,
            };
            (codigo, inicio.elapsed())
        });
    }
    tareas.join_all().await
}

async fn esperar_listo(cliente: &reqwest::Client, base: &str) -> anyhow::Result<()> {
    for _ in 0..600 {
        if let Ok(r) = cliente.get(format!("{base}/api/openapi.json")).send().await {
            if r.status().is_success() {
                return Ok(());
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    anyhow::bail!("el servidor no respondió en 60 s")
}

/// A field of /proc/PID/status, in KiB.
fn memoria(pid: u32, campo: &str) -> anyhow::Result<u64> {
    let estado = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    let linea = estado
        .lines()
        .find(|l| l.starts_with(&format!("{campo}:")))
        .ok_or_else(|| anyhow::anyhow!("sin {campo}"))?;
    Ok(linea
        .split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(0))
}

fn mib(kib: u64) -> String {
    format!("{:.1}", kib as f64 / 1024.0)
}

fn ms(d: Duration) -> String {
    format!("{} ms", d.as_millis())
}

/// The admin URL pointing at another database.
fn cambiar_base(admin: &str, nombre: &str) -> String {
    let (sin_consulta, consulta) = admin
        .split_once('?')
        .map_or((admin, String::new()), |(a, q)| (a, format!("?{q}")));
    let inicio = sin_consulta.find("://").map_or(0, |i| i + 3);
    let base = sin_consulta[inicio..]
        .find('/')
        .map_or(sin_consulta, |i| &sin_consulta[..inicio + i]);
    format!("{base}/{nombre}{consulta}")
}

/// The server process, stopped (SIGTERM, then killed) when dropped.
struct Servidor(Child);

impl Drop for Servidor {
    fn drop(&mut self) {
        // SAFETY: signals the child this process started, by its own id.
        unsafe {
            libc::kill(self.0.id() as libc::pid_t, libc::SIGTERM);
        }
        for _ in 0..100 {
            if let Ok(Some(_)) = self.0.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}
