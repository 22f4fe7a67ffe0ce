//! What the dashboard reads: a branch's reservations and walk-ins over a span of days, summed by
//! day and hour (reservations also by state and origin) as the triggers of migration 0016 keep
//! them in the transaction of every write, then counted by core.

use anfitrion_core::estado::{EstadoReservacion, Origen};
use anfitrion_core::tablero::{NoShows, NoShowsPorConfirmacion, VisitaReservada, VisitaSinReserva};
use async_trait::async_trait;
use chrono::{NaiveDate, NaiveTime};

use super::comun::Dialecto;
use super::error::{DbResult, ErrorAlmacen};
use super::motores::para_cada_motor;

#[async_trait]
pub trait Tablero {
    /// Reservations and walk-ins of a branch from the day `desde` until before the day `hasta`
    /// (branch-local), grouped by day and hour.
    async fn visitas_entre(
        &self,
        sucursal_id: &str,
        desde: NaiveDate,
        hasta: NaiveDate,
    ) -> DbResult<(Vec<VisitaReservada>, Vec<VisitaSinReserva>)>;

    /// The no-shows of a branch's reservations for the local moments `desde` until before
    /// `hasta`, those the guest confirmed apart from the rest.
    async fn no_shows_por_confirmacion(
        &self,
        sucursal_id: &str,
        ventana: (chrono::NaiveDateTime, chrono::NaiveDateTime),
    ) -> DbResult<NoShowsPorConfirmacion>;
}

/// The rows an aggregate wrote as JSON ([`Dialecto::filas_json`]).
fn leer_json<T: serde::de::DeserializeOwned>(texto: &str) -> DbResult<Vec<T>> {
    serde_json::from_str(texto).map_err(|e| ErrorAlmacen::Interno(sqlx::Error::Decode(Box::new(e))))
}

fn a_la_hora(dia: NaiveDate, hora: i32) -> Option<chrono::NaiveDateTime> {
    Some(dia.and_time(NaiveTime::from_hms_opt(u32::try_from(hora).ok()?, 0, 0)?))
}

para_cada_motor! {
    /// The rows of `tabla` (`columnas`) of a branch from the day `desde` until before `hasta`.
    async fn leer<T>(pool: &sqlx::Pool<Db>, tabla: &str, columnas: &str, sucursal_id: &str, desde: NaiveDate, hasta: NaiveDate) -> DbResult<Vec<T>>
    where
        T: serde::de::DeserializeOwned + for<'r> sqlx::FromRow<'r, <Db as sqlx::Database>::Row> + Send + Unpin,
    {
        let filtro = "WHERE sucursal_id = $1 AND dia >= $2 AND dia < $3 AND visitas > 0";
        match Motor::filas_json(columnas) {
            Some(json) => {
                let texto: String = sqlx::query_scalar(&format!("SELECT {json} FROM {tabla} {filtro}"))
                    .bind(sucursal_id)
                    .bind(desde)
                    .bind(hasta)
                    .fetch_one(pool)
                    .await?;
                leer_json(&texto)
            }
            None => Ok(sqlx::query_as(&format!("SELECT {columnas} FROM {tabla} {filtro}"))
                .bind(sucursal_id)
                .bind(desde)
                .bind(hasta)
                .fetch_all(pool)
                .await?),
        }
    }

    #[async_trait]
    impl Tablero for Motor {
        async fn no_shows_por_confirmacion(&self, sucursal_id: &str, (desde, hasta): (chrono::NaiveDateTime, chrono::NaiveDateTime)) -> DbResult<NoShowsPorConfirmacion> {
            // Two ranges of the (branch, state, time) index: the arrived and the no-shows.
            let filas: Vec<(String, bool, i64)> = sqlx::query_as(
                "SELECT status, confirmada IS NOT NULL, COUNT(*) FROM reservaciones WHERE sucursal_id = $1 AND status IN ($2, $3) \
                 AND fecha_hora >= $4 AND fecha_hora < $5 GROUP BY status, confirmada IS NOT NULL",
            )
            .bind(sucursal_id)
            .bind(EstadoReservacion::Asistio.nombre())
            .bind(EstadoReservacion::Vencido.nombre())
            .bind(desde)
            .bind(hasta)
            .fetch_all(&self.pool)
            .await?;
            let contar = |confirmada: bool, estado: EstadoReservacion| {
                filas
                    .iter()
                    .filter(|(s, c, _)| *c == confirmada && s == estado.nombre())
                    .map(|(_, _, n)| u64::try_from(*n).unwrap_or(0))
                    .sum::<u64>()
            };
            Ok(NoShowsPorConfirmacion {
                confirmadas: NoShows::de(contar(true, EstadoReservacion::Asistio), contar(true, EstadoReservacion::Vencido)),
                sin_confirmar: NoShows::de(contar(false, EstadoReservacion::Asistio), contar(false, EstadoReservacion::Vencido)),
            })
        }

        async fn visitas_entre(&self, sucursal_id: &str, desde: NaiveDate, hasta: NaiveDate) -> DbResult<(Vec<VisitaReservada>, Vec<VisitaSinReserva>)> {
            // Some 3 000 hourly rows at a busy branch's 30 days: as one JSON text each where
            // the engine reads them faster so (`Dialecto::filas_json`). The sums are read as
            // 64-bit whatever the column's width, and summed again by core in 64 bits.
            let reservas: Vec<(NaiveDate, i32, String, String, i64, i64)> =
                leer(&self.pool, "tablero_reservas", "dia, CAST(hora AS INTEGER), estado, origen, CAST(visitas AS BIGINT), CAST(personas AS BIGINT)", sucursal_id, desde, hasta).await?;
            let walkins: Vec<(NaiveDate, i32, i64, i64)> =
                leer(&self.pool, "tablero_walkins", "dia, CAST(hora AS INTEGER), CAST(visitas AS BIGINT), CAST(personas AS BIGINT)", sucursal_id, desde, hasta).await?;
            let n = |v: i64| u64::try_from(v).unwrap_or(0);
            Ok((
                reservas
                    .into_iter()
                    .filter_map(|(dia, hora, estado, origen, visitas, personas)| {
                        Some(VisitaReservada {
                            estado: EstadoReservacion::parse(&estado).ok()?,
                            fecha_hora: a_la_hora(dia, hora)?,
                            personas: n(personas),
                            origen: Origen::parse(&origen).ok()?,
                            visitas: n(visitas),
                        })
                    })
                    .collect(),
                walkins
                    .into_iter()
                    .filter_map(|(dia, hora, visitas, personas)| {
                        Some(VisitaSinReserva { fecha_hora: a_la_hora(dia, hora)?, personas: n(personas), visitas: n(visitas) })
                    })
                    .collect(),
            ))
        }
    }
}
