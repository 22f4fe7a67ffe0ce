//! The `anfitrion` command line: `serve` and `create-admin`.

use std::io::{BufRead, IsTerminal};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

use anyhow::Context;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use std::time::Duration;

use crate::config::{Config, LimitesConexion, ADDR_POR_DEFECTO, DATABASE_URL_POR_DEFECTO};
use crate::impresion::ConfImpresion;

#[derive(Debug, Parser)]
#[command(
    name = "anfitrion",
    version,
    about = "Anfitrión: consola de reservaciones y walk-ins"
)]
pub struct Cli {
    #[command(subcommand)]
    pub comando: Comando,
    /// Formato del registro: texto (una línea legible por evento) o json (una por línea, para
    /// recolectores de registros).
    #[arg(
        long,
        global = true,
        env = "ANFITRION_LOG_FORMAT",
        value_enum,
        default_value_t
    )]
    pub log_format: crate::telemetry::FormatoLog,
}

// Parsed once at start: the size of `serve`'s many options costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum Comando {
    /// Sirve la API y la consola.
    Serve {
        /// Dirección y puerto donde escuchar.
        #[arg(long, env = "ANFITRION_ADDR", default_value = ADDR_POR_DEFECTO)]
        addr: SocketAddr,
        /// Base de datos: sqlite://ruta.db o postgres://usuario@host/base.
        #[arg(long, env = "DATABASE_URL", default_value = DATABASE_URL_POR_DEFECTO)]
        database_url: String,
        /// Carga los datos de demostración en una base vacía y muestra las cuentas.
        #[arg(long, env = "ANFITRION_DEMO", value_parser = clap::builder::BoolishValueParser::new())]
        demo: bool,
        /// IPs de balanceadores o proxies, separadas por comas, cuyo X-Forwarded-For indica la
        /// dirección del cliente. Sin ellas se usa la dirección de la conexión.
        #[arg(long, env = "ANFITRION_TRUSTED_PROXIES", value_delimiter = ',', value_parser = leer_ip)]
        trusted_proxies: Vec<IpAddr>,
        /// Envía Strict-Transport-Security: solo si los clientes llegan por HTTPS (un proxy con TLS delante).
        #[arg(long, env = "ANFITRION_HSTS", value_parser = clap::builder::BoolishValueParser::new())]
        hsts: bool,
        /// Conexiones abiertas a la vez; las siguientes reciben 503.
        #[arg(long, env = "ANFITRION_MAX_CONNECTIONS", default_value_t = LimitesConexion::default().max_conexiones)]
        max_connections: usize,
        /// Conexiones abiertas a la vez desde una misma dirección (los proxies de confianza no cuentan).
        #[arg(long, env = "ANFITRION_MAX_CONNECTIONS_PER_ADDRESS", default_value_t = LimitesConexion::default().max_por_direccion)]
        max_connections_per_address: usize,
        /// Segundos para recibir las cabeceras de una solicitud.
        #[arg(long, env = "ANFITRION_HEADER_TIMEOUT", default_value_t = LimitesConexion::default().cabeceras.as_secs())]
        header_timeout: u64,
        /// Segundos para recibir el cuerpo de una solicitud.
        #[arg(long, env = "ANFITRION_BODY_TIMEOUT", default_value_t = LimitesConexion::default().cuerpo.as_secs())]
        body_timeout: u64,
        /// Segundos que una conexión sin solicitud en curso puede quedar abierta.
        #[arg(long, env = "ANFITRION_IDLE_TIMEOUT", default_value_t = LimitesConexion::default().inactividad.as_secs())]
        idle_timeout: u64,
        /// Servidor SMTP de los correos de confirmación:
        /// smtp://[usuario:clave@]host[:puerto][?tls=starttls|ninguno] o smtps://… (TLS desde el
        /// inicio). Fuera de esta máquina se exige STARTTLS salvo tls=ninguno; el usuario y la
        /// clave solo viajan cifrados. Sin él no se encola ningún correo ni se promete a los huéspedes.
        #[arg(long, env = "ANFITRION_SMTP_URL")]
        smtp_url: Option<String>,
        /// Archivo PEM de una autoridad que firma el certificado del servidor SMTP (uno privado),
        /// además de las públicas.
        #[arg(long, env = "ANFITRION_SMTP_CA")]
        smtp_ca: Option<PathBuf>,
        /// Remitente de los correos de confirmación.
        #[arg(
            long,
            env = "ANFITRION_SMTP_FROM",
            default_value = "reservaciones@anfitrion.mx"
        )]
        smtp_from: String,
        /// Dirección pública de las páginas de reservación, para los enlaces de los correos y
        /// mensajes (https://reservas.turestaurante.mx). Sin ella no se envía ningún mensaje con
        /// enlaces (salvo con --demo, que usa http://localhost:8080).
        #[arg(long, env = "ANFITRION_URL_PUBLICA")]
        url_publica: Option<String>,
        /// Milisegundos que una impresora de cocina tiene para enviar un ticket completo, conexión
        /// incluida, antes de darlo por fallido y reintentarlo.
        #[arg(long, env = "ANFITRION_IMPRESION_TIEMPO_MS", default_value_t = ConfImpresion::default().tiempo_max.as_millis() as u64)]
        impresion_tiempo_ms: u64,
        /// Milisegundos que se espera el estado del papel de una impresora antes de enviarle el
        /// ticket; una que no lo informa recibe el ticket de todos modos.
        #[arg(long, env = "ANFITRION_IMPRESION_ESPERA_ESTADO_MS", default_value_t = ConfImpresion::default().espera_estado.as_millis() as u64)]
        impresion_espera_estado_ms: u64,
        /// Permite impresoras en la red privada (10.x.x.x, 172.16–31.x.x, 192.168.x.x,
        /// 100.64–127.x.x, fc00::/7), donde suelen estar las de los restaurantes. Este mismo
        /// servidor, 169.254.x.x, 0.0.0.0, difusión y multidifusión nunca se permiten.
        #[arg(long, env = "ANFITRION_IMPRESORAS_RED_PRIVADA", value_parser = clap::builder::BoolishValueParser::new())]
        impresoras_red_privada: bool,
        /// Solo para demostraciones y pruebas, y solo con --demo: permite impresoras en este mismo
        /// equipo (127.x.x.x, ::1, localhost), como una impresora simulada junto al servidor.
        #[arg(long, env = "ANFITRION_IMPRESORAS_LOOPBACK", value_parser = clap::builder::BoolishValueParser::new())]
        impresoras_loopback: bool,
        /// Carpeta donde guardar respaldos comprobados de la base SQLite, cada --respaldo-cada.
        #[arg(long, env = "ANFITRION_RESPALDOS")]
        respaldos: Option<PathBuf>,
        /// Cada cuánto tomar un respaldo: 30m, 1h, 1d.
        #[arg(long, env = "ANFITRION_RESPALDO_CADA", default_value = "1h", value_parser = crate::respaldo::leer_periodo)]
        respaldo_cada: Duration,
        /// Cuántos respaldos conservar; los más viejos se borran.
        #[arg(long, env = "ANFITRION_CONSERVAR", default_value_t = 48)]
        conservar: usize,
        /// Sirve métricas para Prometheus en GET /metrics de esta dirección (p. ej.
        /// 127.0.0.1:9464), aparte de la de la consola. Sin ella no se registran.
        #[arg(long, env = "ANFITRION_METRICAS")]
        metricas: Option<SocketAddr>,
        /// Redes internas (CIDR) a las que se permite enviar webhooks y el CRM, también por
        /// http:// sin TLS: p. ej. 10.0.0.0/8. Sin ella solo se envía a direcciones públicas por
        /// https://; este mismo equipo, redes privadas, 169.254.x.x y multidifusión se rechazan.
        #[arg(long, env = "ANFITRION_WEBHOOKS_RED_PERMITIDA", value_delimiter = ',')]
        webhooks_red_permitida: Vec<ipnet::IpNet>,
        /// Cada cuánto buscar los recordatorios que tocan y enviar los mensajes a teléfonos: 30s,
        /// 1m, 5m.
        #[arg(long, env = "ANFITRION_RECORDATORIOS_CADA", default_value = "1m", value_parser = leer_cada)]
        recordatorios_cada: Duration,
        /// Solo para demostraciones y pruebas, y solo con --demo: el reloj del servidor empieza en
        /// esta fecha y hora ("2026-11-25 19:30", hora de la Ciudad de México, o RFC 3339) y corre
        /// desde ahí. Los datos de demostración se siembran alrededor de ella.
        #[arg(long, env = "ANFITRION_AHORA")]
        ahora: Option<String>,
        /// Solo con --demo: semanas de historia que se siembran antes de hoy en cada sucursal
        /// (walk-ins, reservaciones que llegaron o no, confirmaciones), para que el pronóstico de
        /// cocina y las gráficas tengan pasado. 0, lo normal, no siembra historia; hasta 12.
        #[arg(long, env = "ANFITRION_DEMO_SEMANAS", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=12))]
        demo_semanas: u32,
    },
    /// Copia la base de datos SQLite a un archivo nuevo, aunque el servidor esté en marcha, y
    /// comprueba la copia (integridad y filas por tabla). En PostgreSQL indica cómo usar pg_dump.
    Respaldo {
        /// Archivo del respaldo; no debe existir.
        #[arg(long)]
        salida: PathBuf,
        /// Base de datos: sqlite://ruta.db o postgres://usuario@host/base.
        #[arg(long, env = "DATABASE_URL", default_value = DATABASE_URL_POR_DEFECTO)]
        database_url: String,
    },
    /// Pone un respaldo comprobado en lugar de la base de datos SQLite, que ningún servidor debe
    /// estar usando.
    Restaurar {
        /// El archivo del respaldo.
        respaldo: PathBuf,
        /// Base de datos: sqlite://ruta.db.
        #[arg(long, env = "DATABASE_URL", default_value = DATABASE_URL_POR_DEFECTO)]
        database_url: String,
    },
    /// Escribe en la salida estándar el documento OpenAPI de la API (el de /api/openapi.json).
    Openapi,
    /// Crea un usuario Sistemas con todas las sucursales; la contraseña se lee de la entrada estándar.
    CreateAdmin {
        /// Correo con el que iniciará sesión.
        #[arg(long)]
        email: String,
        /// Nombre que verá el equipo.
        #[arg(long)]
        name: String,
        /// Base de datos: sqlite://ruta.db o postgres://usuario@host/base.
        #[arg(long, env = "DATABASE_URL", default_value = DATABASE_URL_POR_DEFECTO)]
        database_url: String,
    },
}

/// What `--version` prints: the program's version and the schema version it migrates to.
pub fn version() -> String {
    format!(
        "{} (esquema {})",
        env!("CARGO_PKG_VERSION"),
        crate::db::esquema::version_conocida()
    )
}

/// The command line as given, with `--version` naming the schema too.
pub fn leer() -> Cli {
    let version: &'static str = Box::leak(version().into_boxed_str());
    let coincidencias = Cli::command().version(version).get_matches();
    Cli::from_arg_matches(&coincidencias).unwrap_or_else(|e| e.exit())
}

pub async fn ejecutar(cli: Cli) -> anyhow::Result<()> {
    match cli.comando {
        Comando::Serve {
            addr,
            database_url,
            demo,
            demo_semanas,
            trusted_proxies,
            hsts,
            max_connections,
            max_connections_per_address,
            header_timeout,
            body_timeout,
            idle_timeout,
            smtp_url,
            smtp_ca,
            smtp_from,
            url_publica,
            impresion_tiempo_ms,
            impresion_espera_estado_ms,
            impresoras_red_privada,
            impresoras_loopback,
            respaldos,
            respaldo_cada,
            conservar,
            metricas,
            webhooks_red_permitida,
            recordatorios_cada,
            ahora,
        } => {
            let mut config = Config::new(addr, database_url);
            config.reloj = reloj_de(ahora.as_deref(), demo)?;
            config.correo.smtp_url = smtp_url.filter(|u| !u.trim().is_empty());
            if let Some(url) = &config.correo.smtp_url {
                crate::correo::Relevo::de_url(url).map_err(anyhow::Error::msg)?;
            }
            config.correo.smtp_ca = smtp_ca
                .map(|ruta| {
                    std::fs::read(&ruta).with_context(|| {
                        format!("no se pudo leer ANFITRION_SMTP_CA ({})", ruta.display())
                    })
                })
                .transpose()?;
            config.correo.remitente = smtp_from;
            config.url_publica = url_publica_de(url_publica, demo);
            // The phone provider's account comes from the environment only (ANFITRION_SMS_*).
            config.mensajes = crate::mensajes::ConfMensajes::desde_entorno();
            config.respaldos = respaldos.map(|carpeta| crate::respaldo::ConfRespaldos {
                carpeta,
                cada: respaldo_cada,
                conservar: conservar.max(1),
            });
            config.impresion.espera_estado = Duration::from_millis(impresion_espera_estado_ms);
            // The whole send includes the status wait: never shorter than it plus a second.
            config.impresion.tiempo_max = Duration::from_millis(impresion_tiempo_ms)
                .max(config.impresion.espera_estado + Duration::from_secs(1));
            config.impresion.red =
                red_impresoras(impresoras_red_privada, impresoras_loopback, demo)?;
            config.demo = demo;
            config.demo_semanas = demo_semanas;
            config.metricas = metricas;
            config.webhooks.red.permitidas = webhooks_red_permitida;
            config.cada_recordatorios = recordatorios_cada;
            config.proxies_confiables = trusted_proxies;
            config.hsts = hsts;
            let segundos = |s: u64| Duration::from_secs(s.max(1));
            config.conexion = LimitesConexion {
                max_conexiones: max_connections.max(1),
                max_por_direccion: max_connections_per_address.clamp(1, max_connections.max(1)),
                cabeceras: segundos(header_timeout),
                cuerpo: segundos(body_timeout),
                inactividad: segundos(idle_timeout),
                ..LimitesConexion::default()
            };
            let app = crate::launch(config).await?;
            tracing::info!(addr = %app.addr, "Anfitrión escuchando en http://{}", app.addr);
            if let Some(m) = app.metricas {
                tracing::info!(addr = %m, "Métricas en http://{m}/metrics");
            }
            app.esperar().await
        }
        Comando::Respaldo {
            salida,
            database_url,
        } => {
            let v = crate::respaldo::respaldar(&database_url, &salida).await?;
            print!("Respaldo comprobado en {}", v.informe(&salida));
            Ok(())
        }
        Comando::Restaurar {
            respaldo,
            database_url,
        } => {
            let v = crate::respaldo::restaurar(&database_url, &respaldo).await?;
            print!("Base de datos restaurada desde {}", v.informe(&respaldo));
            Ok(())
        }
        Comando::Openapi => {
            println!("{}", crate::api::documento().to_pretty_json()?);
            Ok(())
        }
        Comando::CreateAdmin {
            email,
            name,
            database_url,
        } => {
            let clave = leer_clave()?;
            let reloj = crate::reloj::Reloj::sistema();
            let store = crate::db::conectar(&database_url, 1, reloj.clone()).await?;
            crate::db::Usuarios::asegurar_catalogo(store.as_ref()).await?;
            let claves = crate::auth::claves::Claves::new(Default::default());
            let email = crate::demo::crear_admin(
                store.as_ref(),
                &claves,
                &email,
                &name,
                &clave,
                reloj.ahora(),
            )
            .await?;
            println!("Usuario Sistemas creado: {email}");
            Ok(())
        }
    }
}

/// The server's clock: the system's, or with `--ahora` (demonstrations and tests only, so only
/// with `--demo`) one that starts at the given time and runs from there.
/// Where the links of e-mails and messages point: the operator's address; the local one only for
/// a demonstration. Without either, no message with links is queued, and the operator is told
/// once, here, what to set.
fn url_publica_de(url: Option<String>, demo: bool) -> Option<String> {
    match url.map(|u| u.trim().to_owned()).filter(|u| !u.is_empty()) {
        Some(u) => Some(u),
        None if demo => Some(crate::correo::URL_PUBLICA_POR_DEFECTO.to_owned()),
        None => {
            tracing::warn!("sin --url-publica (ANFITRION_URL_PUBLICA): las confirmaciones por correo y los recordatorios no se envían, porque sus enlaces no llevarían a ningún lado; indica la dirección pública de las páginas de reservación, p. ej. https://reservas.turestaurante.mx");
            None
        }
    }
}

fn reloj_de(ahora: Option<&str>, demo: bool) -> anyhow::Result<crate::reloj::Reloj> {
    let Some(texto) = ahora.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(crate::reloj::Reloj::sistema());
    };
    anyhow::ensure!(
        demo,
        "--ahora (ANFITRION_AHORA) es solo para demostraciones y pruebas: úsalo junto con --demo"
    );
    let inicio = crate::reloj::leer_ahora(texto, &anfitrion_core::tiempo::ReglasHorario::default())
        .map_err(anyhow::Error::msg)?;
    tracing::warn!(%inicio, "reloj de demostración: el servidor no usa la hora del sistema");
    Ok(crate::reloj::Reloj::desde(inicio))
}

/// The networks printers may be on: the private ones if the operator says so; this machine only
/// in a demonstration or a test (with `--demo`).
fn red_impresoras(
    privada: bool,
    loopback: bool,
    demo: bool,
) -> anyhow::Result<anfitrion_core::impresora::RedImpresoras> {
    anyhow::ensure!(
        !loopback || demo,
        "--impresoras-loopback (ANFITRION_IMPRESORAS_LOOPBACK) es solo para demostraciones y pruebas: úsalo junto con --demo"
    );
    Ok(anfitrion_core::impresora::RedImpresoras { privada, loopback })
}

/// One address of `--trusted-proxies`, spaces around it allowed.
fn leer_ip(s: &str) -> Result<IpAddr, String> {
    s.trim()
        .parse()
        .map_err(|_| format!("«{}» no es una dirección IP", s.trim()))
}

/// The password, without echo on a terminal; a plain line from a pipe.
fn leer_clave() -> anyhow::Result<String> {
    let clave = if std::io::stdin().is_terminal() {
        let clave = rpassword::prompt_password("Contraseña: ")?;
        let otra = rpassword::prompt_password("Repite la contraseña: ")?;
        anyhow::ensure!(clave == otra, "Las contraseñas no coinciden");
        clave
    } else {
        let mut linea = String::new();
        std::io::stdin()
            .lock()
            .read_line(&mut linea)
            .context("no se pudo leer la contraseña")?;
        linea.trim_end_matches(['\r', '\n']).to_owned()
    };
    Ok(clave)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trusted_proxies_are_a_comma_separated_list() {
        let cli = Cli::try_parse_from([
            "anfitrion",
            "serve",
            "--trusted-proxies",
            "10.0.0.1, 10.0.0.2,2001:db8::1",
        ])
        .unwrap();
        let Comando::Serve {
            trusted_proxies, ..
        } = cli.comando
        else {
            panic!("serve")
        };
        let esperadas: Vec<IpAddr> = ["10.0.0.1", "10.0.0.2", "2001:db8::1"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        assert_eq!(trusted_proxies, esperadas);
        assert!(
            Cli::try_parse_from(["anfitrion", "serve", "--trusted-proxies", "balanceador"])
                .is_err()
        );
    }

    #[test]
    fn printers_on_this_machine_need_the_demo_and_private_ones_the_operators_word() {
        let leer = |args: &[&str]| {
            let cli = Cli::try_parse_from([&["anfitrion", "serve"], args].concat()).unwrap();
            let Comando::Serve {
                impresoras_red_privada,
                impresoras_loopback,
                demo,
                ..
            } = cli.comando
            else {
                panic!("serve")
            };
            red_impresoras(impresoras_red_privada, impresoras_loopback, demo)
        };
        let nada = leer(&[]).unwrap();
        assert!(!nada.privada && !nada.loopback);
        let privada = leer(&["--impresoras-red-privada"]).unwrap();
        assert!(privada.privada && !privada.loopback);
        let sin_demo = leer(&["--impresoras-loopback"]).unwrap_err().to_string();
        assert!(sin_demo.contains("junto con --demo"), "{sin_demo}");
        let demo = leer(&["--impresoras-loopback", "--demo"]).unwrap();
        assert!(demo.loopback && !demo.privada);
    }

    #[test]
    fn links_point_at_the_operators_address_the_demo_at_localhost_and_otherwise_nowhere() {
        assert_eq!(
            url_publica_de(Some(" https://reservas.ejemplo.mx ".into()), false).as_deref(),
            Some("https://reservas.ejemplo.mx")
        );
        assert_eq!(
            url_publica_de(None, true).as_deref(),
            Some("http://localhost:8080")
        );
        assert_eq!(url_publica_de(None, false), None);
        assert_eq!(url_publica_de(Some("  ".into()), false), None);
    }

    #[test]
    fn ahora_needs_the_demo_and_a_readable_time() {
        assert!(reloj_de(None, false).unwrap().es_sistema());
        assert!(reloj_de(Some("  "), true).unwrap().es_sistema());
        let sin_demo = reloj_de(Some("2026-11-25 19:30"), false)
            .unwrap_err()
            .to_string();
        assert!(sin_demo.contains("junto con --demo"), "{sin_demo}");
        let ilegible = reloj_de(Some("a las ocho"), true).unwrap_err().to_string();
        assert!(ilegible.contains("AAAA-MM-DD HH:MM"), "{ilegible}");
        let reloj = reloj_de(Some("2026-11-25 19:30"), true).unwrap();
        let local = reloj.local(&anfitrion_core::tiempo::ReglasHorario::default());
        assert_eq!(
            local.format("%Y-%m-%d %H:%M").to_string(),
            "2026-11-25 19:30"
        );
    }
}

/// A pace of a few seconds or more: `30s`, `1m`, `5m`.
fn leer_cada(texto: &str) -> Result<Duration, String> {
    let t = texto.trim();
    let (numero, unidad) = t.split_at(t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len()));
    let n: u64 = numero
        .parse()
        .map_err(|_| format!("«{texto}» no es un periodo: escribe, por ejemplo, 30s o 1m"))?;
    let segundos = match unidad {
        "s" => n,
        "m" | "" => n * 60,
        _ => {
            return Err(format!(
                "«{texto}» no es un periodo: escribe, por ejemplo, 30s o 1m"
            ))
        }
    };
    if segundos == 0 {
        return Err("El periodo de los recordatorios es de al menos un segundo".to_owned());
    }
    Ok(Duration::from_secs(segundos))
}

#[cfg(test)]
mod pruebas_cada {
    use super::*;

    #[test]
    fn the_reminders_pace_reads_seconds_and_minutes() {
        assert_eq!(leer_cada("30s"), Ok(Duration::from_secs(30)));
        assert_eq!(leer_cada("2m"), Ok(Duration::from_secs(120)));
        assert!(leer_cada("0s").is_err() && leer_cada("1h").is_err() && leer_cada("x").is_err());
    }
}
