//! The kitchen's forecast as the API and the jobs make it: storage's history of the branch
//! (`db/cocina.rs`), the waitlist's parties at the wait the list quotes them, and core's
//! `cocina::pronosticar`. The jobs keep each quarter-hour's forecast as made an hour before it
//! (`pronosticos_cocina`), once, for the dashboard to score against who came.

use anfitrion_core::cocina::{self, EntradaPronostico, GrupoEnLista, Pronostico};
use anfitrion_core::espera;
use anfitrion_core::organizacion::ConfSucursal;
use anfitrion_core::tiempo::formato_hora;
use chrono::{DateTime, Duration, NaiveDateTime, Utc};

use crate::api::espera::{personas_de, piso_en};
use crate::db::Store;
use crate::error::Result;

/// The branch's forecast at the instant `instante`: its local moment, the time promo orders
/// start (`HH:MM`), the forecast.
pub async fn pronostico(
    store: &dyn Store,
    instante: DateTime<Utc>,
    sucursal_id: &str,
    conf: &ConfSucursal,
) -> Result<(NaiveDateTime, String, Pronostico)> {
    let horario = &conf.walkin.horario;
    let ahora = horario.local(instante);
    let hoy = horario.hoy(instante);
    let inicio_hoy = horario.ventana_dia(hoy).0;
    let asistencia = (
        inicio_hoy - Duration::weeks(i64::from(cocina::SEMANAS)),
        inicio_hoy,
    );
    let lectura = store
        .lectura_cocina(
            sucursal_id,
            ahora,
            &cocina::dias_de_historia(hoy),
            asistencia,
        )
        .await?;
    // The waitlist's parties, each at the wait the list quotes it now.
    let piso = piso_en(store, instante, sucursal_id, conf).await?;
    let grupos = store.espera_de(sucursal_id).await?;
    let fila: Vec<u32> = grupos.iter().map(personas_de).collect();
    let espera = espera::cotizar(&piso.mesas, piso.estancia, &fila)
        .into_iter()
        .zip(&fila)
        .map(|(minutos, &personas)| GrupoEnLista { personas, minutos })
        .collect();
    // A new order starts in promo mode at the late cutoff or the promo's start, the earlier.
    let inicio_promo = formato_hora(horario.corte_tarde.min(horario.inicio_promo));
    let entrada = EntradaPronostico {
        ahora,
        inicio_promo: Some(inicio_promo.clone()),
        sentados: lectura.sentados,
        reservaciones: lectura.reservaciones,
        espera,
        historial: lectura.historial,
        semanas: lectura.semanas,
        asistencia: lectura.asistencia,
    };
    Ok((ahora, inicio_promo, cocina::pronosticar(&entrada)))
}

/// Keeps, for every branch, the forecast of the quarter-hour an hour ahead, unless it is kept
/// already (this instance or another got there first). Answers how many it kept.
pub async fn guardar_pronosticos(store: &dyn Store, instante: DateTime<Utc>) -> Result<usize> {
    let mut guardados = 0;
    for (sucursal_id, _, conf) in store.confs_para_pronostico().await? {
        let (cuarto, fila) = cocina::cuarto_a_guardar(conf.walkin.horario.local(instante));
        if store.pronostico_guardado(&sucursal_id, cuarto).await? {
            continue;
        }
        let (_, _, p) = pronostico(store, instante, &sucursal_id, &conf).await?;
        let esperados = p.filas.get(fila).map_or(0, |f| f.total);
        if store
            .guardar_pronostico(&sucursal_id, cuarto, esperados, instante)
            .await?
        {
            guardados += 1;
        }
    }
    Ok(guardados)
}

/// Minutes between the automatic prints of the forecast.
pub const IMPRESION_AUTOMATICA_MIN: u32 = 30;

/// The automatic print: for each branch with it on and open now, the forecast queued for its
/// kitchen printers once per half-hour (at :00 and :30, or the first look after). Each job's id
/// names the branch and the half-hour, so however many instances look, it is queued once.
/// Answers the tags of the branches it queued for.
pub async fn imprimir_automaticos(
    store: &dyn Store,
    instante: DateTime<Utc>,
) -> Result<Vec<String>> {
    use chrono::Timelike;
    let mut impresas = Vec::new();
    for (sucursal_id, tag, conf) in store.confs_para_pronostico().await? {
        if !conf.pronostico_automatico {
            continue;
        }
        let local = conf.walkin.horario.local(instante);
        let minuto = local.minute() - local.minute() % IMPRESION_AUTOMATICA_MIN;
        let Some(media_hora) = local.date().and_hms_opt(local.hour(), minuto, 0) else {
            continue;
        };
        let clave = format!("auto-{sucursal_id}-{}-", media_hora.format("%Y%m%d%H%M"));
        if store.pronostico_encolado(&sucursal_id, &clave).await? {
            continue;
        }
        // An inactive branch is not open: nothing prints for it.
        let Some(sucursal) = store.sucursal_reservable(&tag).await? else {
            continue;
        };
        if anfitrion_core::reservacion::exigir_abierto(
            local,
            &sucursal.horario,
            &sucursal.especiales,
        )
        .is_err()
        {
            continue;
        }
        let (ahora, _, pronostico) = pronostico(store, instante, &sucursal_id, &conf).await?;
        let hoja = cocina::HojaPronostico {
            lugar: sucursal.name.clone(),
            ahora,
            pronostico,
        };
        let (_, escritos) = store
            .encolar_pronostico(&sucursal_id, &clave, &hoja, instante)
            .await?;
        if escritos > 0 {
            impresas.push(sucursal.tag);
        }
    }
    Ok(impresas)
}
