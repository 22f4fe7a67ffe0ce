//! The floor: turns (a party at a table or join, from its opening to its freeing) and the tables
//! seated now. A table opens inside the save that seats its party (a walk-in, an attendance), and
//! `mesas_ocupadas`' key on (branch, number) is what lets one of two hosts opening one table win.

use anfitrion_core::bitacora::Accion;
use anfitrion_core::comanda::Comanda;
use anfitrion_core::estado::EstadoReservacion;
use anfitrion_core::piso::MesaElegida;
use anfitrion_core::promos::Abre;
use anfitrion_core::walkin::formato_folio;
use anfitrion_core::ReglaError;
use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};
use chrono_tz::Tz;
use serde::Serialize;
use sqlx::types::Json;

use super::alcance::{Alcance, EnAlcance};
use super::bitacora::{Autor, Cambio, Entidad};
use super::comun::nuevo_id;
use super::error::{DbResult, ErrorAlmacen};
use super::motores::para_cada_motor;

/// The record a turn seats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sentado {
    Walkin(String),
    Reservacion(String),
}

/// The floor a save seats its party on: the branch's tag (its consoles hear of it) and zone (a
/// refusal says since when in its wall time).
#[derive(Debug, Clone)]
pub struct Sala {
    pub tag: String,
    pub zona: Tz,
}

/// A table to open inside a save.
#[derive(Debug, Clone)]
pub struct Apertura<'a> {
    pub sucursal_id: &'a str,
    /// The branch's tag: consoles of the branch hear of the opening.
    pub tag: &'a str,
    /// The tables by number; none (a branch without tables) opens nothing.
    pub numeros: &'a [u32],
    pub mesa: &'a str,
    pub personas: u32,
    pub sentado: Sentado,
    pub autor: Option<&'a str>,
    pub ahora: DateTime<Utc>,
    /// The branch's zone: a refusal says since when, in its wall time.
    pub zona: Tz,
}

/// A turn still seated, as the floor shows it.
#[derive(Debug, Clone)]
pub struct TurnoAbierto {
    pub id: String,
    pub mesa: String,
    pub personas: u32,
    pub abierta_en: DateTime<Utc>,
    pub walkin_id: Option<String>,
    pub reservacion_id: Option<String>,
    pub name: String,
    pub mesero: Option<String>,
    pub folio: Option<String>,
}

/// A table of the plan with the turn seated at it, if any.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MesaLeida {
    pub numero: i32,
    pub asientos: i32,
    pub combinable: bool,
    pub area: String,
    pub forma: String,
    pub x: Option<i32>,
    pub y: Option<i32>,
    pub turno_id: Option<String>,
}

/// A Pendiente reservation due soon, as the floor places it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LlegadaLeida {
    pub id: String,
    pub name: String,
    /// Branch-local.
    pub fecha_hora: NaiveDateTime,
    pub no_personas: i32,
}

/// What the floor reads of a branch: its plan with who sits where, the turns seated, today's
/// finished stays (minutes) for the wait estimate, and the arrivals due, soonest first.
#[derive(Debug, Clone)]
pub struct LecturaPiso {
    pub mesas: Vec<MesaLeida>,
    pub turnos: Vec<TurnoAbierto>,
    pub estancias: Vec<u32>,
    pub llegadas: Vec<LlegadaLeida>,
}

/// What freeing or moving answers: the turn as it is after the change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnoCambiado {
    pub id: String,
    pub mesa: String,
    pub tag: String,
}

#[derive(sqlx::FromRow)]
struct FilaTurno {
    id: String,
    mesa: String,
    personas: i32,
    abierta_en: DateTime<Utc>,
    walkin_id: Option<String>,
    reservacion_id: Option<String>,
    name: Option<String>,
    comanda: Option<Json<Comanda>>,
    prefijo: Option<String>,
}

#[derive(sqlx::FromRow)]
struct FilaTurnoAbierto {
    sucursal_id: String,
    tag: String,
    mesa: String,
    walkin_id: Option<String>,
    reservacion_id: Option<String>,
    dentro: bool,
    liberada_en: Option<DateTime<Utc>>,
    zona: String,
}

/// An open turn as freeing or moving reads it, with its branch.
struct TurnoLeido {
    sucursal: String,
    tag: String,
    mesa: String,
    walkin: Option<String>,
    reservacion: Option<String>,
    zona: Tz,
}

/// A table as an entry about a turn holds it.
#[derive(Serialize)]
struct EnMesa<'a> {
    mesa: Option<&'a str>,
}

/// A turn as the dashboard reads it: opened, freed (if it was), for how many.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TurnoLeidoTablero {
    pub abierta_en: DateTime<Utc>,
    pub liberada_en: Option<DateTime<Utc>>,
    pub personas: i32,
}

#[async_trait]
pub trait Piso {
    /// The branch's turns opened since `desde`, and the tables it has with how many are seated.
    async fn turnos_desde(
        &self,
        sucursal_id: &str,
        desde: DateTime<Utc>,
    ) -> DbResult<(Vec<TurnoLeidoTablero>, i64, i64)>;

    /// The branch's plan, its seated turns, the stays finished since `desde`, and its Pendiente
    /// reservations due within `llegadas` (branch-local, from and until).
    async fn piso_de(
        &self,
        sucursal_id: &str,
        desde: DateTime<Utc>,
        llegadas: (NaiveDateTime, NaiveDateTime),
    ) -> DbResult<LecturaPiso>;

    /// The minutes of the branch's finished stays that began within any of `ventanas` (from,
    /// until before): the history a learned stay reads.
    async fn estancias_en(
        &self,
        sucursal_id: &str,
        ventanas: &[(DateTime<Utc>, DateTime<Utc>)],
    ) -> DbResult<Vec<u32>>;

    /// Frees the turn's tables ("Liberar mesa"), with its entry on the seated record.
    async fn liberar_turno(
        &self,
        alcance: &Alcance,
        turno_id: &str,
        autor: &Autor,
    ) -> DbResult<EnAlcance<TurnoCambiado>>;

    /// As [`Piso::liberar_turno`], freed at `cuando` instead of now (the demo's past is written
    /// after the fact), its entry dated then too.
    async fn liberar_turno_en(
        &self,
        alcance: &Alcance,
        turno_id: &str,
        autor: &Autor,
        cuando: DateTime<Utc>,
    ) -> DbResult<EnAlcance<TurnoCambiado>>;

    /// The open turn of a seated walk-in or reservation, if any.
    async fn turno_abierto_de(&self, sentado: &Sentado) -> DbResult<Option<String>>;

    /// Moves the turn's party to `mesa` (as typed, checked against the branch's tables): its
    /// comanda and abre print the new table. Refused when one of them is seated by another party.
    async fn mover_turno(
        &self,
        alcance: &Alcance,
        turno_id: &str,
        mesa: &str,
        autor: &Autor,
    ) -> DbResult<EnAlcance<TurnoCambiado>>;
}

para_cada_motor! {
    impl Motor {
        /// Seats the tables of `a` in the caller's transaction; a table another party holds
        /// refuses the whole save with the table and since when.
        pub(in crate::db) async fn abrir_mesas(con: &mut Conexion, a: &Apertura<'_>) -> DbResult<()> {
            if a.numeros.is_empty() {
                return Ok(());
            }
            let turno = nuevo_id();
            let (walkin, reservacion) = match &a.sentado {
                Sentado::Walkin(id) => (Some(id.as_str()), None),
                Sentado::Reservacion(id) => (None, Some(id.as_str())),
            };
            sqlx::query(
                "INSERT INTO turnos (id, sucursal_id, mesa, walkin_id, reservacion_id, personas, abierta_en, abierta_por) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(&turno)
            .bind(a.sucursal_id)
            .bind(a.mesa)
            .bind(walkin)
            .bind(reservacion)
            .bind(i64::from(a.personas))
            .bind(a.ahora)
            .bind(a.autor)
            .execute(&mut *con)
            .await?;
            Motor::ocupar(con, a.sucursal_id, a.numeros, &turno, a.zona).await?;
            Motor::avisar_salon(con, a.tag).await
        }

        /// One row per table for `turno`; the first table another turn holds refuses.
        async fn ocupar(con: &mut Conexion, sucursal_id: &str, numeros: &[u32], turno: &str, zona: Tz) -> DbResult<()> {
            for n in numeros {
                let numero = i64::from(*n);
                let hecho = sqlx::query(
                    "INSERT INTO mesas_ocupadas (sucursal_id, numero, turno_id) VALUES ($1, $2, $3) \
                     ON CONFLICT (sucursal_id, numero) DO NOTHING",
                )
                .bind(sucursal_id)
                .bind(numero)
                .bind(turno)
                .execute(&mut *con)
                .await?;
                if hecho.rows_affected() == 0 {
                    let desde: Option<DateTime<Utc>> = sqlx::query_scalar(
                        "SELECT t.abierta_en FROM mesas_ocupadas o JOIN turnos t ON t.id = o.turno_id \
                         WHERE o.sucursal_id = $1 AND o.numero = $2",
                    )
                    .bind(sucursal_id)
                    .bind(numero)
                    .fetch_optional(&mut *con)
                    .await?;
                    return Err(ErrorAlmacen::Regla(ReglaError::MesaOcupada {
                        mesa: n.to_string(),
                        desde: desde
                            .map(|d| d.with_timezone(&zona).format("%H:%M").to_string())
                            .unwrap_or_else(|| "hace un momento".to_owned()),
                    }));
                }
            }
            Ok(())
        }

        /// The open turn `id` with its branch and tag, if it is in `alcance`.
        async fn turno_abierto(con: &mut Conexion, alcance: &Alcance, id: &str) -> DbResult<EnAlcance<TurnoLeido>> {
            let fila: Option<FilaTurnoAbierto> = sqlx::query_as(&format!(
                "SELECT t.sucursal_id, s.tag, t.mesa, t.walkin_id, t.reservacion_id, ({}) AS dentro, t.liberada_en, s.zona \
                 FROM turnos t JOIN sucursales s ON s.id = t.sucursal_id WHERE t.id = $2",
                Motor::en_lista_json("s.tag", 1)
            ))
            .bind(alcance.json())
            .bind(id)
            .fetch_optional(&mut *con)
            .await?;
            match fila {
                None => Ok(EnAlcance::NoExiste),
                Some(f) if !f.dentro => Ok(EnAlcance::Ajeno),
                Some(f) if f.liberada_en.is_some() => Err(ErrorAlmacen::Regla(ReglaError::MesaYaLiberada)),
                Some(f) => Ok(EnAlcance::Si(TurnoLeido {
                    sucursal: f.sucursal_id,
                    tag: f.tag,
                    mesa: f.mesa,
                    walkin: f.walkin_id,
                    reservacion: f.reservacion_id,
                    zona: f.zona.parse().unwrap_or(chrono_tz::America::Mexico_City),
                })),
            }
        }
    }

    #[async_trait]
    impl Piso for Motor {
        async fn turnos_desde(&self, sucursal_id: &str, desde: DateTime<Utc>) -> DbResult<(Vec<TurnoLeidoTablero>, i64, i64)> {
            let turnos = sqlx::query_as::<_, TurnoLeidoTablero>(
                "SELECT abierta_en, liberada_en, personas FROM turnos WHERE sucursal_id = $1 AND abierta_en >= $2",
            )
            .bind(sucursal_id)
            .bind(desde)
            .fetch_all(&self.pool)
            .await?;
            let (mesas, ocupadas): (i64, i64) = sqlx::query_as(
                "SELECT (SELECT COUNT(*) FROM mesas WHERE sucursal_id = $1), (SELECT COUNT(*) FROM mesas_ocupadas WHERE sucursal_id = $1)",
            )
            .bind(sucursal_id)
            .fetch_one(&self.pool)
            .await?;
            Ok((turnos, mesas, ocupadas))
        }

        async fn estancias_en(&self, sucursal_id: &str, ventanas: &[(DateTime<Utc>, DateTime<Utc>)]) -> DbResult<Vec<u32>> {
            if ventanas.is_empty() {
                return Ok(Vec::new());
            }
            // One range of the branch's (branch, opening) index per window, each its own SELECT:
            // an OR of ranges would leave SQLite reading every turn of the branch.
            let sql = (0..ventanas.len())
                .map(|i| {
                    format!(
                        "SELECT abierta_en, liberada_en FROM turnos WHERE sucursal_id = $1 AND liberada_en IS NOT NULL \
                         AND abierta_en >= ${} AND abierta_en < ${}",
                        2 * i + 2,
                        2 * i + 3
                    )
                })
                .collect::<Vec<_>>()
                .join(" UNION ALL ");
            let mut q = sqlx::query_as::<_, (DateTime<Utc>, DateTime<Utc>)>(&sql).bind(sucursal_id);
            for (desde, hasta) in ventanas {
                q = q.bind(*desde).bind(*hasta);
            }
            Ok(q.fetch_all(&self.pool)
                .await?
                .into_iter()
                .map(|(a, l)| u32::try_from((l - a).num_minutes()).unwrap_or(0))
                .collect())
        }

        async fn piso_de(&self, sucursal_id: &str, desde: DateTime<Utc>, ventana: (NaiveDateTime, NaiveDateTime)) -> DbResult<LecturaPiso> {
            let mesas = sqlx::query_as::<_, MesaLeida>(
                "SELECT m.numero, m.asientos, m.combinable, m.area, m.forma, m.x, m.y, o.turno_id \
                 FROM mesas m LEFT JOIN mesas_ocupadas o ON o.sucursal_id = m.sucursal_id AND o.numero = m.numero \
                 WHERE m.sucursal_id = $1 ORDER BY m.numero",
            )
            .bind(sucursal_id)
            .fetch_all(&self.pool)
            .await?;
            let filas = sqlx::query_as::<_, FilaTurno>(
                "SELECT t.id, t.mesa, t.personas, t.abierta_en, t.walkin_id, t.reservacion_id, \
                 COALESCE(w.name, r.name) AS name, COALESCE(w.comanda, r.comanda) AS comanda, c.prefijo_folio AS prefijo \
                 FROM turnos t LEFT JOIN walkins w ON w.id = t.walkin_id LEFT JOIN reservaciones r ON r.id = t.reservacion_id \
                 LEFT JOIN conf_walkin c ON c.sucursal_id = t.sucursal_id \
                 WHERE t.sucursal_id = $1 AND t.liberada_en IS NULL ORDER BY t.abierta_en",
            )
            .bind(sucursal_id)
            .fetch_all(&self.pool)
            .await?;
            let estancias: Vec<(DateTime<Utc>, DateTime<Utc>)> = sqlx::query_as(
                "SELECT abierta_en, liberada_en FROM turnos WHERE sucursal_id = $1 AND abierta_en >= $2 AND liberada_en IS NOT NULL",
            )
            .bind(sucursal_id)
            .bind(desde)
            .fetch_all(&self.pool)
            .await?;
            let llegadas = sqlx::query_as::<_, LlegadaLeida>(
                "SELECT id, name, fecha_hora, no_personas FROM reservaciones \
                 WHERE sucursal_id = $1 AND status = $2 AND fecha_hora >= $3 AND fecha_hora <= $4 ORDER BY fecha_hora, id",
            )
            .bind(sucursal_id)
            .bind(EstadoReservacion::Pendiente.nombre())
            .bind(ventana.0)
            .bind(ventana.1)
            .fetch_all(&self.pool)
            .await?;
            Ok(LecturaPiso {
                llegadas,
                mesas,
                turnos: filas
                    .into_iter()
                    .map(|f| TurnoAbierto {
                        folio: f.comanda.as_ref().map(|c| formato_folio(f.prefijo.as_deref().unwrap_or(""), c.folio())),
                        mesero: f.comanda.as_ref().map(|c| c.mesero().name.clone()),
                        id: f.id,
                        mesa: f.mesa,
                        personas: u32::try_from(f.personas).unwrap_or(0),
                        abierta_en: f.abierta_en,
                        walkin_id: f.walkin_id,
                        reservacion_id: f.reservacion_id,
                        name: f.name.unwrap_or_default(),
                    })
                    .collect(),
                estancias: estancias
                    .into_iter()
                    .map(|(a, l)| u32::try_from((l - a).num_minutes()).unwrap_or(0))
                    .collect(),
            })
        }

        async fn liberar_turno(&self, alcance: &Alcance, id: &str, autor: &Autor) -> DbResult<EnAlcance<TurnoCambiado>> {
            self.liberar_turno_en(alcance, id, autor, self.reloj.ahora()).await
        }

        async fn turno_abierto_de(&self, sentado: &Sentado) -> DbResult<Option<String>> {
            let (columna, id) = match sentado {
                Sentado::Walkin(id) => ("walkin_id", id),
                Sentado::Reservacion(id) => ("reservacion_id", id),
            };
            Ok(sqlx::query_scalar(&format!("SELECT id FROM turnos WHERE {columna} = $1 AND liberada_en IS NULL"))
                .bind(id)
                .fetch_optional(&self.pool)
                .await?)
        }

        async fn liberar_turno_en(&self, alcance: &Alcance, id: &str, autor: &Autor, cuando: DateTime<Utc>) -> DbResult<EnAlcance<TurnoCambiado>> {
            let mut tx = self.escribir().await?;
            let TurnoLeido { sucursal, tag, mesa, walkin: w, reservacion: r, .. } = match Motor::turno_abierto(&mut tx, alcance, id).await? {
                EnAlcance::Si(t) => t,
                EnAlcance::Ajeno => return Ok(EnAlcance::Ajeno),
                EnAlcance::NoExiste => return Ok(EnAlcance::NoExiste),
            };
            sqlx::query("DELETE FROM mesas_ocupadas WHERE turno_id = $1").bind(id).execute(&mut *tx).await?;
            sqlx::query("UPDATE turnos SET liberada_en = $2, liberada_por = $3 WHERE id = $1")
                .bind(id)
                .bind(cuando)
                .bind(autor.usuario_id.as_deref())
                .execute(&mut *tx)
                .await?;
            let (entidad, registro) = entidad_de(w, r);
            let cambio = Cambio::de(autor.clone(), entidad, registro, Accion::LiberarMesa)
                .en(sucursal)
                .antes(&EnMesa { mesa: Some(&mesa) })
                .despues(&EnMesa { mesa: None })
                .ocurrido(cuando);
            self.anotar(&mut tx, &cambio).await?;
            Motor::avisar_salon(&mut tx, &tag).await?;
            Motor::confirmar(tx).await?;
            Ok(EnAlcance::Si(TurnoCambiado { id: id.to_owned(), mesa, tag }))
        }

        async fn mover_turno(&self, alcance: &Alcance, id: &str, mesa: &str, autor: &Autor) -> DbResult<EnAlcance<TurnoCambiado>> {
            let mut tx = self.escribir().await?;
            let TurnoLeido { sucursal, tag, mesa: antes, walkin: w, reservacion: r, zona } = match Motor::turno_abierto(&mut tx, alcance, id).await? {
                EnAlcance::Si(t) => t,
                EnAlcance::Ajeno => return Ok(EnAlcance::Ajeno),
                EnAlcance::NoExiste => return Ok(EnAlcance::NoExiste),
            };
            let numeros: Vec<i32> = sqlx::query_scalar("SELECT numero FROM mesas WHERE sucursal_id = $1")
                .bind(&sucursal)
                .fetch_all(&mut *tx)
                .await?;
            let numeros: Vec<u32> = numeros.into_iter().filter_map(|n| u32::try_from(n).ok()).collect();
            let elegida = MesaElegida::parse(mesa, &numeros).map_err(ErrorAlmacen::Entrada)?;
            let nueva = elegida.etiqueta();
            if nueva == antes {
                return Err(ErrorAlmacen::Entrada(ReglaError::MismaMesa(nueva)));
            }
            sqlx::query("DELETE FROM mesas_ocupadas WHERE turno_id = $1").bind(id).execute(&mut *tx).await?;
            Motor::ocupar(&mut tx, &sucursal, elegida.numeros(), id, zona).await?;
            sqlx::query("UPDATE turnos SET mesa = $2 WHERE id = $1").bind(id).bind(&nueva).execute(&mut *tx).await?;
            let tabla = if w.is_some() { "walkins" } else { "reservaciones" };
            let registro = w.clone().or_else(|| r.clone()).unwrap_or_default();
            let docs: Option<(Json<Comanda>, Json<Abre>)> = sqlx::query_as(&format!("SELECT comanda, abre FROM {tabla} WHERE id = $1"))
                .bind(&registro)
                .fetch_optional(&mut *tx)
                .await?;
            if let Some((comanda, abre)) = docs {
                sqlx::query(&format!("UPDATE {tabla} SET comanda = $2, abre = $3 WHERE id = $1"))
                    .bind(&registro)
                    .bind(Json(comanda.0.en_mesa(&elegida)))
                    .bind(Json(abre.0.en_mesa(&elegida)))
                    .execute(&mut *tx)
                    .await?;
            }
            let (entidad, registro) = entidad_de(w, r);
            let cambio = Cambio::de(autor.clone(), entidad, registro, Accion::CambiarMesa)
                .en(sucursal)
                .antes(&EnMesa { mesa: Some(&antes) })
                .despues(&EnMesa { mesa: Some(&nueva) });
            self.anotar(&mut tx, &cambio).await?;
            Motor::avisar_salon(&mut tx, &tag).await?;
            Motor::confirmar(tx).await?;
            Ok(EnAlcance::Si(TurnoCambiado { id: id.to_owned(), mesa: nueva, tag }))
        }
    }
}

/// The record an entry about a turn names: its walk-in or its reservation.
fn entidad_de(walkin: Option<String>, reservacion: Option<String>) -> (Entidad, String) {
    match (walkin, reservacion) {
        (Some(w), _) => (Entidad::Walkin, w),
        (None, r) => (Entidad::Reservacion, r.unwrap_or_default()),
    }
}
