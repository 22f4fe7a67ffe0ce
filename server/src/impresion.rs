//! Sending tickets to the kitchen's ESC/POS printers over raw TCP (port 9100). Each printer has
//! its own sender ([`crate::jobs`] starts one for each printer with due jobs, on a period and
//! whenever a save queues tickets), so a printer that is slow or silent delays only its own
//! tickets. A sender takes each due job with a lease (so of several instances one sends it),
//! renders it for its printer with core's encoder, sends it with a time limit on every step
//! (connecting, asking the paper status, writing) and marks it printed once the bytes are
//! written. A printer that does not answer is tried again after a wait that doubles; a job that
//! waited longer than its branch allows is marked expired and shown so.

use std::time::Duration;

use anfitrion_core::escpos::{self, Ancho, PaginaCodigos};
use chrono::{DateTime, Utc};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::db::impresion::TrabajoListo;
use crate::db::{DbResult, Store};
use crate::eventos::Eventos;
use crate::reloj::Reloj;

/// How tickets are sent.
#[derive(Debug, Clone)]
pub struct ConfImpresion {
    /// Whether this instance's jobs loop sends print jobs (tests that drive the queue by hand
    /// turn it off).
    pub activa: bool,
    /// How often the queue is looked at when no save wakes it.
    pub cada: Duration,
    /// How long one send may take, connection included.
    pub tiempo_max: Duration,
    /// How long the printer's paper status is awaited before sending; a printer that does not
    /// report it is sent the ticket anyway.
    pub espera_estado: Duration,
    /// The wait after the first failed try; it doubles with each one, up to [`Self::espera_max`].
    pub espera_base: Duration,
    pub espera_max: Duration,
    /// The networks printers may be on (the operator's `--impresoras-red-privada`; loopback only
    /// in tests and demonstrations): checked on save and on every address the server connects to.
    pub red: anfitrion_core::impresora::RedImpresoras,
    /// Whether a printer must answer the paper status to be sent anything: the test print's way,
    /// so that a port where something else listens reads as a printer that does not answer.
    pub exigir_estado: bool,
}

impl Default for ConfImpresion {
    fn default() -> Self {
        ConfImpresion {
            activa: true,
            cada: Duration::from_secs(5),
            tiempo_max: Duration::from_secs(5),
            espera_estado: Duration::from_millis(1500),
            espera_base: Duration::from_secs(2),
            espera_max: Duration::from_secs(60),
            red: Default::default(),
            exigir_estado: false,
        }
    }
}

/// What the host reads when a printer cannot be reached.
pub const NO_RESPONDE: &str = "la impresora no responde";
/// What the host reads when the printer says it is out of paper.
pub const SIN_PAPEL: &str = "la impresora no tiene papel";

/// ESC/POS "transmit real-time status", paper sensor (DLE EOT 4).
const ESTADO_PAPEL: [u8; 3] = [0x10, 0x04, 0x04];
/// The paper-end bits of that status byte.
const FIN_DE_PAPEL: u8 = 0x60;

/// What the host reads when the connection broke while the ticket was written.
const CORTADA: &str = "se cortó la conexión con la impresora";

/// Sends `datos` to the printer at `direccion` (`host:port`): connects, asks for the paper
/// status (a printer out of paper refuses the ticket; one that does not answer within
/// `conf.espera_estado` gets it anyway), writes the ticket and closes. Every step is bounded by
/// what is left of `conf.tiempo_max`: a printer that does not take the connection, or stops
/// taking bytes, is given up when the try's time is over.
pub async fn enviar(direccion: &str, datos: &[u8], conf: &ConfImpresion) -> Result<(), String> {
    let limite = tokio::time::Instant::now() + conf.tiempo_max;
    let conexion = crate::salida::conectar(direccion, conf.red);
    let mut con = match tokio::time::timeout_at(limite, conexion).await {
        Ok(Ok(con)) => con,
        Ok(Err(e)) => return Err(e.map_or_else(|| NO_RESPONDE.to_owned(), |r| r.to_string())),
        Err(_) => return Err(NO_RESPONDE.to_owned()),
    };
    let _ = con.set_nodelay(true);
    if !matches!(
        tokio::time::timeout_at(limite, con.write_all(&ESTADO_PAPEL)).await,
        Ok(Ok(()))
    ) {
        return Err(NO_RESPONDE.to_owned());
    }
    let estado_hasta = (tokio::time::Instant::now() + conf.espera_estado).min(limite);
    let mut estado = [0u8; 16];
    let n = match tokio::time::timeout_at(estado_hasta, con.read(&mut estado)).await {
        Ok(Ok(n)) => n,
        _ => 0,
    };
    // A printer answers one status byte; where that is required, nothing else is a printer.
    if conf.exigir_estado && !(n == 1 && es_estado(estado[0])) {
        return Err(NO_RESPONDE.to_owned());
    }
    if n >= 1 && estado[0] & FIN_DE_PAPEL == FIN_DE_PAPEL {
        return Err(SIN_PAPEL.to_owned());
    }
    let escribir = async {
        con.write_all(datos).await?;
        con.flush().await
    };
    match tokio::time::timeout_at(limite, escribir).await {
        Ok(Ok(())) => {}
        Ok(Err(_)) => return Err(CORTADA.to_owned()),
        Err(_) => return Err(NO_RESPONDE.to_owned()),
    }
    let _ = tokio::time::timeout_at(limite, con.shutdown()).await;
    Ok(())
}

/// Whether `b`, alone, is a paper status as ESC/POS sends it (bits 0 and 7 clear, 1 and 4 set).
fn es_estado(b: u8) -> bool {
    b & 0x93 == 0x12
}

/// The wait before try `intentos + 1`.
pub fn espera(conf: &ConfImpresion, intentos: u32) -> Duration {
    conf.espera_base
        .saturating_mul(1u32 << intentos.min(16))
        .min(conf.espera_max)
}

/// What one pass over the queue did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Pasada {
    pub impresos: usize,
    pub fallidos: usize,
    pub vencidos: usize,
}

/// The bytes of a job for its printer.
pub fn bytes_de(t: &TrabajoListo) -> Vec<u8> {
    let ancho = u32::try_from(t.ancho)
        .ok()
        .and_then(Ancho::de_mm)
        .unwrap_or(Ancho::Mm80);
    let pagina = PaginaCodigos::parse(&t.pagina).unwrap_or(PaginaCodigos::Cp858);
    escpos::documento(&t.ticket.lineas(), ancho, pagina)
}

/// Jobs a printer's sender reads at once; the branches' consoles hear of them after each batch.
pub const LOTE: i64 = 20;

/// One pass: expires what waited too long, and sends every job due at `ahora` (up to [`LOTE`]
/// a printer), the printers in parallel and each printer's jobs in order. Announces each branch
/// whose jobs changed.
pub async fn imprimir_pendientes(
    store: &dyn Store,
    eventos: Option<&Eventos>,
    conf: &ConfImpresion,
    ahora: DateTime<Utc>,
) -> DbResult<Pasada> {
    let reloj = Reloj::detenido(ahora);
    let impresoras = store.impresoras_con_trabajos(ahora).await?;
    let pasadas = futures_util::future::join_all(
        impresoras
            .iter()
            .map(|id| imprimir_impresora(store, eventos, conf, id, &reloj)),
    )
    .await;
    let mut total = Pasada::default();
    for p in pasadas {
        let p = p?;
        total.impresos += p.impresos;
        total.fallidos += p.fallidos;
        total.vencidos += p.vencidos;
    }
    Ok(total)
}

/// One batch of one printer's due jobs (at most [`LOTE`]), in order, each read against the
/// clock when its turn comes: expires what waited too long and sends the rest. Announces each
/// branch whose jobs changed.
pub async fn imprimir_impresora(
    store: &dyn Store,
    eventos: Option<&Eventos>,
    conf: &ConfImpresion,
    impresora_id: &str,
    reloj: &Reloj,
) -> DbResult<Pasada> {
    let trabajos = store
        .trabajos_listos(impresora_id, reloj.ahora(), LOTE)
        .await?;
    let plazo = chrono::Duration::from_std(conf.tiempo_max * 2 + conf.espera_estado)
        .unwrap_or_else(|_| chrono::Duration::seconds(30));
    let mut pasada = Pasada::default();
    let mut tags = Vec::new();
    let mut caida = false;
    for t in trabajos {
        let ahora = reloj.ahora();
        let vencer = t.vencer_min.map_or(
            i64::from(anfitrion_core::impresora::VENCER_IMPRESION_MIN_POR_DEFECTO),
            i64::from,
        );
        if ahora - t.encolado_en >= chrono::Duration::minutes(vencer) {
            let motivo = format!("venció tras esperar {vencer} min a la impresora");
            store.trabajo_vencido(&t.id, &motivo).await?;
            pasada.vencidos += 1;
            tags.push(t.tag.clone());
            continue;
        }
        if !store
            .tomar_trabajo(&t.id, t.siguiente_intento, ahora + plazo)
            .await?
        {
            continue;
        }
        // A printer that refused one ticket is not asked again in this batch: the rest wait
        // their turn with the same back-off.
        let resultado = if caida {
            Err(NO_RESPONDE.to_owned())
        } else {
            enviar(&t.direccion, &bytes_de(&t), conf).await
        };
        let ahora = reloj.ahora();
        match resultado {
            Ok(()) => {
                store.trabajo_impreso(&t.id, ahora).await?;
                pasada.impresos += 1;
            }
            Err(e) => {
                caida = true;
                let siguiente = ahora
                    + chrono::Duration::from_std(espera(conf, t.intentos)).unwrap_or_default();
                tracing::warn!(trabajo = %t.id, impresora = %t.impresora, intentos = t.intentos + 1, error = %e, "no se pudo imprimir un ticket");
                store.trabajo_fallo(&t.id, &e, siguiente).await?;
                pasada.fallidos += 1;
            }
        }
        tags.push(t.tag.clone());
    }
    tags.sort();
    tags.dedup();
    for tag in tags {
        store.anunciar_impresion(&tag).await?;
        if let Some(e) = eventos {
            e.impresion_cambio(&tag);
        }
    }
    Ok(pasada)
}

/// "Imprimir prueba": a test ticket straight to the printer, not queued, only to one that answers
/// the paper status. The error is what the host reads: the same words, after the same wait,
/// whether nothing listens at the address or something that is not a printer does.
pub async fn probar(
    nombre: &str,
    direccion: &str,
    ancho: Ancho,
    pagina: PaginaCodigos,
    hora: chrono::NaiveDateTime,
    conf: &ConfImpresion,
) -> Result<(), String> {
    let conf = ConfImpresion {
        exigir_estado: true,
        ..conf.clone()
    };
    let inicio = tokio::time::Instant::now();
    let r = enviar(
        direccion,
        &escpos::prueba(nombre, ancho, pagina, hora),
        &conf,
    )
    .await;
    if r.as_ref().is_err_and(|e| e == NO_RESPONDE) {
        tokio::time::sleep_until(inicio + conf.espera_estado).await;
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_doubles_up_to_its_cap() {
        let conf = ConfImpresion::default();
        assert_eq!(espera(&conf, 0), Duration::from_secs(2));
        assert_eq!(espera(&conf, 2), Duration::from_secs(8));
        assert_eq!(espera(&conf, 10), Duration::from_secs(60));
    }
}
