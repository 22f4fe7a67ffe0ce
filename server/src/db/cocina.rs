//! What the kitchen's forecast reads of a branch: the parties seated now with their orders, the
//! pending reservations due, the same weekday's walk-ins of past weeks in the forecast's hours,
//! how many of those days the branch was open, and how the last weeks' reservations ended. Core
//! (`cocina::pronosticar`) makes the forecast of it.

use anfitrion_core::cocina::{
    ventana_de_reservas, ventanas_de_historia, AsistenciaPasada, GrupoSentado, ReservaPorLlegar,
    WalkinPasado,
};
use anfitrion_core::comanda::Buffets;
use anfitrion_core::estado::{EstadoReservacion, Origen};
use anfitrion_core::organizacion::ConfSucursal;
use async_trait::async_trait;
use chrono::{DateTime, Duration, NaiveDate, NaiveDateTime, Utc};

use super::error::DbResult;
use super::motores::para_cada_motor;

/// The forecast's history of a branch, as core takes it.
#[derive(Debug, Clone, Default)]
pub struct LecturaCocina {
    pub sentados: Vec<GrupoSentado>,
    pub reservaciones: Vec<ReservaPorLlegar>,
    pub historial: Vec<WalkinPasado>,
    pub semanas: u32,
    pub asistencia: Vec<AsistenciaPasada>,
}

#[async_trait]
pub trait Cocina {
    /// The branch's forecast history at the local moment `ahora`: `dias` are the past business
    /// days counted as weeks when the branch had walk-ins, `asistencia` the local moments whose
    /// ended reservations give the show rates.
    async fn lectura_cocina(
        &self,
        sucursal_id: &str,
        ahora: NaiveDateTime,
        dias: &[NaiveDate],
        asistencia: (NaiveDateTime, NaiveDateTime),
    ) -> DbResult<LecturaCocina>;

    /// Every branch's id, tag and settings (the jobs that keep and print the forecasts).
    async fn confs_para_pronostico(&self) -> DbResult<Vec<(String, String, ConfSucursal)>>;

    /// Whether the forecast of the local quarter-hour `cuarto` is kept already.
    async fn pronostico_guardado(&self, sucursal_id: &str, cuarto: NaiveDateTime)
        -> DbResult<bool>;

    /// Keeps the forecast of `cuarto` once: false when it was kept already (by another instance).
    async fn guardar_pronostico(
        &self,
        sucursal_id: &str,
        cuarto: NaiveDateTime,
        esperados: u32,
        ahora: DateTime<Utc>,
    ) -> DbResult<bool>;

    /// The kept forecasts of the local moments `[desde, hasta)` and the arrivals then: walk-ins
    /// at their registration, checked-in reservations at their check-in.
    async fn puntaje_cocina(
        &self,
        sucursal_id: &str,
        desde: NaiveDateTime,
        hasta: NaiveDateTime,
    ) -> DbResult<(Vec<(NaiveDateTime, u32)>, Vec<(NaiveDateTime, u32)>)>;
}

/// The five buffet counts as read (64-bit on both engines).
type Conteos = (i64, i64, i64, i64, i64);

fn buffets((a, b, pa, pg, pb): Conteos) -> Buffets {
    let n = |v: i64| u32::try_from(v).unwrap_or(0);
    Buffets {
        buffet_adulto: n(a),
        buffet_boy: n(b),
        buffet_promo_adulto: n(pa),
        buffet_promo_girl: n(pg),
        buffet_promo_boy: n(pb),
    }
}

fn personas(v: i64) -> u32 {
    u32::try_from(v).unwrap_or(0)
}

const CONTEOS: &str = "CAST(buffet_adulto AS BIGINT), CAST(buffet_boy AS BIGINT), \
    CAST(buffet_promo_adulto AS BIGINT), CAST(buffet_promo_girl AS BIGINT), CAST(buffet_promo_boy AS BIGINT)";

para_cada_motor! {
    #[async_trait]
    impl Cocina for Motor {
        async fn lectura_cocina(
            &self,
            sucursal_id: &str,
            ahora: NaiveDateTime,
            dias: &[NaiveDate],
            (asistencia_desde, asistencia_hasta): (NaiveDateTime, NaiveDateTime),
        ) -> DbResult<LecturaCocina> {
            // The open turns, with the order of the walk-in or reservation each seats.
            let sentados: Vec<(i64, i64, i64, i64, i64, i64)> = sqlx::query_as(
                "SELECT CAST(t.personas AS BIGINT), \
                 CAST(COALESCE(w.buffet_adulto, r.buffet_adulto, 0) AS BIGINT), \
                 CAST(COALESCE(w.buffet_boy, r.buffet_boy, 0) AS BIGINT), \
                 CAST(COALESCE(w.buffet_promo_adulto, r.buffet_promo_adulto, 0) AS BIGINT), \
                 CAST(COALESCE(w.buffet_promo_girl, r.buffet_promo_girl, 0) AS BIGINT), \
                 CAST(COALESCE(w.buffet_promo_boy, r.buffet_promo_boy, 0) AS BIGINT) \
                 FROM turnos t LEFT JOIN walkins w ON w.id = t.walkin_id \
                 LEFT JOIN reservaciones r ON r.id = t.reservacion_id \
                 WHERE t.sucursal_id = $1 AND t.liberada_en IS NULL",
            )
            .bind(sucursal_id)
            .fetch_all(&self.pool)
            .await?;

            let (desde, hasta) = ventana_de_reservas(ahora);
            let reservas: Vec<(NaiveDateTime, i64, String, bool)> = sqlx::query_as(
                "SELECT fecha_hora, CAST(no_personas AS BIGINT), origin, confirmada IS NOT NULL FROM reservaciones \
                 WHERE sucursal_id = $1 AND status = $2 AND fecha_hora >= $3 AND fecha_hora < $4",
            )
            .bind(sucursal_id)
            .bind(EstadoReservacion::Pendiente.nombre())
            .bind(desde)
            .bind(hasta)
            .fetch_all(&self.pool)
            .await?;

            // One range of the branch's (branch, time) index per past week, each its own
            // SELECT: an OR of ranges would leave SQLite scanning every walk-in of the branch.
            let ventanas = ventanas_de_historia(ahora);
            let sql = (0..ventanas.len())
                .map(|i| {
                    format!(
                        "SELECT fecha_hora, CAST(no_personas AS BIGINT), {CONTEOS} FROM walkins \
                         WHERE sucursal_id = $1 AND fecha_hora >= ${} AND fecha_hora < ${}",
                        2 * i + 2,
                        2 * i + 3
                    )
                })
                .collect::<Vec<_>>()
                .join(" UNION ALL ");
            let mut q = sqlx::query_as::<_, (NaiveDateTime, i64, i64, i64, i64, i64, i64)>(&sql).bind(sucursal_id);
            for (d, h) in &ventanas {
                q = q.bind(*d).bind(*h);
            }
            let historial = q.fetch_all(&self.pool).await?;

            let marcas: Vec<String> = (0..dias.len()).map(|i| format!("${}", i + 2)).collect();
            let semanas: i64 = if dias.is_empty() {
                0
            } else {
                let sql = format!(
                    "SELECT COUNT(DISTINCT dia) FROM tablero_walkins WHERE sucursal_id = $1 AND visitas > 0 AND dia IN ({})",
                    marcas.join(", ")
                );
                let mut q = sqlx::query_scalar(&sql).bind(sucursal_id);
                for d in dias {
                    q = q.bind(*d);
                }
                q.fetch_one(&self.pool).await?
            };

            // Two ranges of the (branch, state, time) index: the arrived and the no-shows.
            let ended: Vec<(String, bool, String, i64)> = sqlx::query_as(
                "SELECT origin, confirmada IS NOT NULL, status, COUNT(*) FROM reservaciones \
                 WHERE sucursal_id = $1 AND status IN ($2, $3) AND fecha_hora >= $4 AND fecha_hora < $5 \
                 GROUP BY origin, confirmada IS NOT NULL, status",
            )
            .bind(sucursal_id)
            .bind(EstadoReservacion::Asistio.nombre())
            .bind(EstadoReservacion::Vencido.nombre())
            .bind(asistencia_desde)
            .bind(asistencia_hasta)
            .fetch_all(&self.pool)
            .await?;
            let mut asistencia: Vec<AsistenciaPasada> = Vec::new();
            for (origen, confirmada, estado, n) in ended {
                let Ok(origen) = Origen::parse(&origen) else { continue };
                let n = u64::try_from(n).unwrap_or(0);
                let i = match asistencia.iter().position(|a| a.origen == origen && a.confirmada == confirmada) {
                    Some(i) => i,
                    None => {
                        asistencia.push(AsistenciaPasada { origen, confirmada, asistio: 0, vencido: 0 });
                        asistencia.len() - 1
                    }
                };
                if estado == EstadoReservacion::Asistio.nombre() {
                    asistencia[i].asistio += n;
                } else {
                    asistencia[i].vencido += n;
                }
            }

            Ok(LecturaCocina {
                sentados: sentados
                    .into_iter()
                    .map(|(p, a, b, pa, pg, pb)| GrupoSentado { personas: personas(p), buffets: buffets((a, b, pa, pg, pb)) })
                    .collect(),
                reservaciones: reservas
                    .into_iter()
                    .filter_map(|(fecha_hora, p, origen, confirmada)| {
                        Some(ReservaPorLlegar { fecha_hora, personas: personas(p), origen: Origen::parse(&origen).ok()?, confirmada })
                    })
                    .collect(),
                historial: historial
                    .into_iter()
                    .map(|(fecha_hora, p, a, b, pa, pg, pb)| WalkinPasado { fecha_hora, personas: personas(p), buffets: buffets((a, b, pa, pg, pb)) })
                    .collect(),
                semanas: u32::try_from(semanas).unwrap_or(0),
                asistencia,
            })
        }

        async fn confs_para_pronostico(&self) -> DbResult<Vec<(String, String, ConfSucursal)>> {
            let ids: Vec<(String, String)> = sqlx::query_as("SELECT id, tag FROM sucursales ORDER BY id").fetch_all(&self.pool).await?;
            let mut confs = Vec::with_capacity(ids.len());
            for (id, tag) in ids {
                let conf = self.conf_sucursal_de(&id).await?;
                confs.push((id, tag, conf));
            }
            Ok(confs)
        }

        async fn pronostico_guardado(&self, sucursal_id: &str, cuarto: NaiveDateTime) -> DbResult<bool> {
            let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM pronosticos_cocina WHERE sucursal_id = $1 AND cuarto = $2")
                .bind(sucursal_id)
                .bind(cuarto)
                .fetch_one(&self.pool)
                .await?;
            Ok(n > 0)
        }

        async fn guardar_pronostico(&self, sucursal_id: &str, cuarto: NaiveDateTime, esperados: u32, ahora: DateTime<Utc>) -> DbResult<bool> {
            let hecho = sqlx::query(
                "INSERT INTO pronosticos_cocina (sucursal_id, cuarto, esperados, hecho_en) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (sucursal_id, cuarto) DO NOTHING",
            )
            .bind(sucursal_id)
            .bind(cuarto)
            .bind(i64::from(esperados))
            .bind(ahora)
            .execute(&self.pool)
            .await?;
            Ok(hecho.rows_affected() > 0)
        }

        async fn puntaje_cocina(&self, sucursal_id: &str, desde: NaiveDateTime, hasta: NaiveDateTime) -> DbResult<(Vec<(NaiveDateTime, u32)>, Vec<(NaiveDateTime, u32)>)> {
            let pronosticos: Vec<(NaiveDateTime, i64)> = sqlx::query_as(
                "SELECT cuarto, CAST(esperados AS BIGINT) FROM pronosticos_cocina WHERE sucursal_id = $1 AND cuarto >= $2 AND cuarto < $3 ORDER BY cuarto",
            )
            .bind(sucursal_id)
            .bind(desde)
            .bind(hasta)
            .fetch_all(&self.pool)
            .await?;
            let mut llegadas: Vec<(NaiveDateTime, i64)> = sqlx::query_as(
                "SELECT fecha_hora, CAST(no_personas AS BIGINT) FROM walkins WHERE sucursal_id = $1 AND fecha_hora >= $2 AND fecha_hora < $3",
            )
            .bind(sucursal_id)
            .bind(desde)
            .bind(hasta)
            .fetch_all(&self.pool)
            .await?;
            // A reservation is checked in within a day of its time: the (branch, state, time)
            // index's range, the check-in's moment kept.
            let reservas: Vec<(NaiveDateTime, Option<NaiveDateTime>, i64)> = sqlx::query_as(
                "SELECT fecha_hora, abierta_en, CAST(no_personas AS BIGINT) FROM reservaciones \
                 WHERE sucursal_id = $1 AND status = $2 AND fecha_hora >= $3 AND fecha_hora < $4",
            )
            .bind(sucursal_id)
            .bind(EstadoReservacion::Asistio.nombre())
            .bind(desde - Duration::days(1))
            .bind(hasta + Duration::days(1))
            .fetch_all(&self.pool)
            .await?;
            llegadas.extend(
                reservas
                    .into_iter()
                    .map(|(fecha_hora, abierta, n)| (abierta.unwrap_or(fecha_hora), n))
                    .filter(|(t, _)| *t >= desde && *t < hasta),
            );
            let n = |(t, v): (NaiveDateTime, i64)| (t, u32::try_from(v).unwrap_or(0));
            Ok((pronosticos.into_iter().map(n).collect(), llegadas.into_iter().map(n).collect()))
        }
    }
}
