//! Anfitrión's server: the HTTP API under `/api`, the embedded console everywhere else.
//! [`launch`] starts it on a configured address (port 0 in tests) and hands back where it listens.

pub mod access;
pub mod api;
pub mod auth;
pub mod cli;
pub mod cocina;
pub mod config;
pub mod correo;
pub mod cupos;
pub mod db;
pub mod demo;
pub mod direcciones;
pub mod envelope;
pub mod error;
pub mod estado;
pub mod eventos;
pub mod extract;
pub mod http;
pub mod idempotencia;
pub mod impresion;
pub mod jobs;
pub mod limites;
pub mod mensajes;
pub mod metricas;
pub mod recordatorios;
pub mod reloj;
pub mod respaldo;
pub mod salida;
pub mod salud;
pub mod seguridad;
pub mod telemetry;
pub mod web;
pub mod webhooks;

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use anyhow::Context;
use tokio::task::JoinHandle;

use crate::auth::claves::Claves;
use crate::auth::freno::Freno;
use crate::config::Config;
use crate::db::Store;
use crate::limites::{LimitePorDireccion, RESERVAS_POR_HORA};

pub use crate::estado::AppState;

/// A running server.
pub struct App {
    pub addr: SocketAddr,
    /// Where `/metrics` answers, when asked for (`--metricas`).
    pub metricas: Option<SocketAddr>,
    pub store: Arc<dyn Store>,
    servidor: JoinHandle<std::io::Result<()>>,
}

impl App {
    /// Serves until Ctrl-C / SIGTERM, or until the server fails.
    pub async fn esperar(self) -> anyhow::Result<()> {
        self.servidor
            .await
            .context("el servidor terminó inesperadamente")?
            .context("error del servidor")
    }
}

/// Connects to the database, migrates it, seeds the catalogue (and the demo if asked), binds
/// the address and starts serving in the background, with the background jobs beside it.
pub async fn launch(config: Config) -> anyhow::Result<App> {
    let reloj = config.reloj.clone();
    if config.respaldos.is_some()
        && db::Motor::de_url(&config.database_url) != Some(db::Motor::Sqlite)
    {
        anyhow::bail!("--respaldos sirve con SQLite; en PostgreSQL programa pg_dump (anfitrion respaldo muestra la línea)");
    }
    let store = db::conectar(&config.database_url, config.conexiones, reloj.clone()).await?;
    store.asegurar_catalogo().await?;
    let claves = Claves::new(config.costo_hash);
    if config.demo {
        demo::sembrar_y_anunciar(store.as_ref(), &claves, reloj.ahora(), config.demo_semanas)
            .await?;
    }
    let freno = Arc::new(Freno::new(config.demora_cuenta, reloj.clone()));
    let eventos = Arc::new(eventos::Eventos::iniciar(store.as_ref()).await?);
    let canales = estado::Canales {
        correo: config.correo.smtp_url.is_some(),
        telefono: config.mensajes.is_some(),
        enlaces: config.url_publica.is_some(),
    };
    // What is not set up is said once, at start, where the operator reads.
    if !canales.correo {
        tracing::warn!("sin correo: no hay ANFITRION_SMTP_URL; no se encolan confirmaciones ni recordatorios por correo, y las páginas no los prometen");
    }
    if !canales.telefono {
        tracing::warn!("sin mensajes a teléfonos: no hay ANFITRION_SMS_CUENTA, ANFITRION_SMS_TOKEN y ANFITRION_SMS_REMITENTE; «Avisar» pide llamar al grupo");
    }
    let despertar = Arc::new(tokio::sync::Notify::new());
    let timbre_mensajes = Arc::new(tokio::sync::Notify::new());
    let timbre_webhooks = Arc::new(tokio::sync::Notify::new());
    let state_proxies: Arc<[IpAddr]> = config.proxies_confiables.clone().into();
    let state = AppState {
        store: store.clone(),
        claves,
        proxies_confiables: state_proxies.clone(),
        freno,
        eventos,
        reservas_publicas: Arc::new(LimitePorDireccion::new(RESERVAS_POR_HORA, reloj.clone())),
        consultas_publicas: Arc::new(LimitePorDireccion::new(
            config.consultas_por_hora,
            reloj.clone(),
        )),
        url_publica: config.url_publica.as_deref().map(Arc::from),
        reloj: reloj.clone(),
        impresion: despertar.clone(),
        mensajes: timbre_mensajes.clone(),
        canales,
        conf_impresion: Arc::new(config.impresion.clone()),
        pruebas_impresion: Arc::new(limites::LimitePorClave::en(
            limites::PRUEBAS_IMPRESION,
            limites::VENTANA_PRUEBAS_IMPRESION,
            reloj.clone(),
        )),
        limite_claves: Arc::new(limites::LimitePorClave::en(
            config.integraciones_por_minuto,
            chrono::Duration::minutes(1),
            reloj.clone(),
        )),
        webhooks: Arc::new(config.webhooks.clone()),
        timbre_webhooks: timbre_webhooks.clone(),
        entrantes: config
            .mensajes
            .as_ref()
            .zip(config.url_publica.as_deref())
            .map(|(m, base)| {
                Arc::new(estado::Entrantes {
                    token: m.token.clone(),
                    url: format!("{}{}", base.trim_end_matches('/'), estado::RUTA_ENTRANTES),
                })
            }),
    };
    let metricas = match config.metricas {
        Some(addr) => {
            Some(metricas::servir(addr, store.clone(), state.eventos.clone(), reloj.clone()).await?)
        }
        None => None,
    };
    let eventos_fondo = state.eventos.clone();
    let eventos_fin = state.eventos.clone();
    let cabeceras = seguridad::Cabeceras { hsts: config.hsts };
    let app = http::aplicacion(api::router(state, config.rutas_extra), cabeceras);

    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .with_context(|| format!("no se pudo escuchar en {}", config.addr))?;
    let addr = listener.local_addr()?;
    let proxies: Arc<[IpAddr]> = state_proxies;
    let addr_metricas = metricas.as_ref().map(|m| m.addr);
    let tarea_metricas = metricas.map(|m| m.tarea);
    let trabajos = jobs::iniciar(jobs::Fondo {
        store: store.clone(),
        correo: config.correo.clone(),
        mensajes: config.mensajes.clone(),
        url_publica: config.url_publica.clone(),
        cada_recordatorios: config.cada_recordatorios,
        impresion: config.impresion.clone(),
        despertar,
        timbre_mensajes,
        eventos: eventos_fondo,
        respaldos: config
            .respaldos
            .clone()
            .map(|r| (config.database_url.clone(), r)),
        webhooks: config.webhooks.clone(),
        timbre_webhooks,
        pronosticos: config.pronosticos,
        reloj,
    });
    let servidor = tokio::spawn(async move {
        let fin = http::servir(
            listener,
            app,
            config.conexion,
            proxies,
            cabeceras,
            async move {
                senal_de_fin().await;
                // Open streams end first, with a hint to reconnect: their connections can close.
                eventos_fin.apagar();
            },
        )
        .await;
        trabajos.abort();
        if let Some(m) = tarea_metricas {
            m.abort();
        }
        fin
    });
    Ok(App {
        addr,
        metricas: addr_metricas,
        store,
        servidor,
    })
}

async fn senal_de_fin() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
    tracing::info!("apagando");
}
