//! Kitchen printing: a branch's ESC/POS network printers and the queue of tickets sent to them.
//! A save that seats a party writes its comanda and abre jobs in its own transaction, one per
//! active printer that prints that ticket; the jobs loop sends them ([`crate::impresion`]). A job
//! keeps the ticket's data, not its bytes: it is rendered when sent, for the printer's paper and
//! code page as they are then, with the branch's name and footer.

use anfitrion_core::cocina::HojaPronostico;
use anfitrion_core::impresora::ImpresoraValida;
use anfitrion_core::ticket::{Linea, Ticket, TipoTicket};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::types::Json;
use utoipa::ToSchema;

use super::bitacora::Cambio;
use super::comun::nuevo_id;
use super::error::DbResult;
use super::motores::para_cada_motor;
use super::piso::Sentado;

/// A printer as the settings screen shows it.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Impresora {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// `host:port`.
    #[schema(example = "192.168.1.50:9100")]
    pub direccion: String,
    /// Paper width in millimetres: 80 or 58.
    pub ancho: i32,
    /// `cp858`, `cp850` or `wpc1252`.
    pub pagina: String,
    /// `comanda`, `abre` or `ambos`.
    pub imprime: String,
    pub activa: bool,
}

/// Where a job stands, as the host reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EstadoImpresion {
    /// Not tried yet.
    EnCola,
    /// Tried and refused; tried again after a wait until it expires.
    Fallo,
    Impreso,
    /// Waited longer than the branch allows: not tried again unless someone asks.
    Vencido,
}

/// One job of a seated record, as the print step and the details show it.
#[derive(Debug, Clone)]
pub struct TrabajoLeido {
    pub id: String,
    pub tipo: TipoTicket,
    pub impresora: String,
    pub estado: EstadoImpresion,
    pub intentos: u32,
    pub error: Option<String>,
    pub reimpresion: bool,
    pub creado_en: DateTime<Utc>,
    pub impreso_en: Option<DateTime<Utc>>,
}

/// A job due, with what sending it needs.
/// What a job prints, as its `ticket` column keeps it: an order's comanda or abre, or the
/// kitchen's forecast (told apart by their fields, so jobs queued before the forecast existed
/// read as they were written).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Impreso {
    Ticket(Ticket),
    Pronostico(HojaPronostico),
}

impl Impreso {
    pub fn lineas(&self) -> Vec<Linea> {
        match self {
            Impreso::Ticket(t) => t.lineas(),
            Impreso::Pronostico(h) => h.lineas(),
        }
    }
}

/// A forecast's print job as the kitchen's screen shows it.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct ImpresionPronostico {
    pub impresora: String,
    /// `pendiente` (waiting or retried), `impreso` or `vencido`.
    pub estado: String,
    pub intentos: i32,
    pub ultimo_error: Option<String>,
    pub creado_en: DateTime<Utc>,
    pub impreso_en: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone)]
pub struct TrabajoListo {
    pub id: String,
    pub tag: String,
    pub ticket: Impreso,
    pub intentos: u32,
    pub siguiente_intento: DateTime<Utc>,
    /// When it was queued (or asked again): it expires counting from here.
    pub encolado_en: DateTime<Utc>,
    /// Minutes a job may wait (the branch's setting; core's default when empty).
    pub vencer_min: Option<i32>,
    pub impresora_id: String,
    pub impresora: String,
    pub direccion: String,
    pub ancho: i32,
    pub pagina: String,
}

#[derive(sqlx::FromRow)]
struct FilaListo {
    id: String,
    tag: String,
    ticket: Json<Impreso>,
    intentos: i32,
    siguiente_intento: DateTime<Utc>,
    encolado_en: DateTime<Utc>,
    vencer_min: Option<i32>,
    lugar: String,
    pie: Option<String>,
    impresora_id: String,
    impresora: String,
    direccion: String,
    ancho: i32,
    pagina: String,
}

#[derive(sqlx::FromRow)]
struct FilaTrabajo {
    id: String,
    tipo: String,
    impresora: String,
    estado: String,
    intentos: i32,
    ultimo_error: Option<String>,
    reimpresion: bool,
    creado_en: DateTime<Utc>,
    impreso_en: Option<DateTime<Utc>>,
}

impl FilaTrabajo {
    fn leido(self) -> TrabajoLeido {
        let intentos = u32::try_from(self.intentos).unwrap_or(0);
        TrabajoLeido {
            estado: match self.estado.as_str() {
                "impreso" => EstadoImpresion::Impreso,
                "vencido" => EstadoImpresion::Vencido,
                _ if intentos > 0 => EstadoImpresion::Fallo,
                _ => EstadoImpresion::EnCola,
            },
            tipo: TipoTicket::parse(&self.tipo).unwrap_or(TipoTicket::Comanda),
            id: self.id,
            impresora: self.impresora,
            intentos,
            error: self.ultimo_error,
            reimpresion: self.reimpresion,
            creado_en: self.creado_en,
            impreso_en: self.impreso_en,
        }
    }
}

/// Jobs to write for a seated record: its tickets, for the branch's active printers of each.
#[derive(Debug, Clone)]
pub struct Encargo<'a> {
    pub sucursal_id: &'a str,
    pub sentado: &'a Sentado,
    pub tickets: &'a [Ticket],
    pub ahora: DateTime<Utc>,
}

#[async_trait]
pub trait Impresion {
    /// The branch's printers, by name.
    async fn impresoras_de(&self, sucursal_id: &str) -> DbResult<Vec<Impresora>>;

    /// One printer of the branch.
    async fn impresora_de(&self, sucursal_id: &str, id: &str) -> DbResult<Option<Impresora>>;

    async fn crear_impresora(&self, sucursal_id: &str, i: &ImpresoraValida) -> DbResult<Impresora>;

    /// Replaces a printer's settings; None when the branch has no such printer.
    async fn editar_impresora(
        &self,
        sucursal_id: &str,
        id: &str,
        i: &ImpresoraValida,
    ) -> DbResult<Option<Impresora>>;

    /// Removes a printer and its jobs; false when the branch has no such printer.
    async fn borrar_impresora(&self, sucursal_id: &str, id: &str) -> DbResult<bool>;

    /// The jobs of a seated record, oldest first.
    async fn trabajos_de(
        &self,
        sucursal_id: &str,
        sentado: &Sentado,
    ) -> DbResult<Vec<TrabajoLeido>>;

    /// The printers that have jobs due at `ahora` (pending, their next try reached).
    async fn impresoras_con_trabajos(&self, ahora: DateTime<Utc>) -> DbResult<Vec<String>>;

    /// The jobs of one printer due at `ahora`, oldest first, at most `limite`.
    async fn trabajos_listos(
        &self,
        impresora_id: &str,
        ahora: DateTime<Utc>,
        limite: i64,
    ) -> DbResult<Vec<TrabajoListo>>;

    /// Takes a job for one send: moves its next try to `hasta` only if it is still as read
    /// (`antes`), so of two instances only one sends it.
    async fn tomar_trabajo(
        &self,
        id: &str,
        antes: DateTime<Utc>,
        hasta: DateTime<Utc>,
    ) -> DbResult<bool>;

    async fn trabajo_impreso(&self, id: &str, ahora: DateTime<Utc>) -> DbResult<()>;

    async fn trabajo_fallo(&self, id: &str, error: &str, siguiente: DateTime<Utc>) -> DbResult<()>;

    /// Marks a pending job that waited too long as expired.
    async fn trabajo_vencido(&self, id: &str, error: &str) -> DbResult<()>;

    /// "Reintentar": a pending or expired job of the branch is tried now, its wait counted
    /// again from `ahora`. None when the branch has no such job; false when it printed already.
    async fn reintentar_trabajo(
        &self,
        sucursal_id: &str,
        id: &str,
        ahora: DateTime<Utc>,
    ) -> DbResult<Option<bool>>;

    /// "Reimprimir": new jobs for the record's ticket, marked as a reprint, with the entry on the
    /// record's log, in one transaction. Answers how many printers it went to.
    async fn reimprimir(&self, encargo: &Encargo<'_>, cambio: &Cambio) -> DbResult<u64>;

    /// "Imprimir pronóstico": one job per active printer of the branch that prints the comanda
    /// (the kitchen's), each with the id `clave` followed by the printer's; an id already queued
    /// is left as it is (the automatic print of a half-hour goes once). Answers the printers'
    /// names (none when the branch has no such printer) and how many jobs it wrote.
    async fn encolar_pronostico(
        &self,
        sucursal_id: &str,
        clave: &str,
        hoja: &HojaPronostico,
        ahora: DateTime<Utc>,
    ) -> DbResult<(Vec<String>, u64)>;

    /// The names of the branch's active printers that print the comanda (the kitchen's), where
    /// the forecast goes.
    async fn impresoras_de_cocina(&self, sucursal_id: &str) -> DbResult<Vec<String>>;

    /// Whether a forecast job whose id starts with `clave` was queued for the branch.
    async fn pronostico_encolado(&self, sucursal_id: &str, clave: &str) -> DbResult<bool>;

    /// The jobs of the branch's last forecast print, one per printer.
    async fn ultima_impresion_pronostico(
        &self,
        sucursal_id: &str,
    ) -> DbResult<Vec<ImpresionPronostico>>;

    /// Tells every instance's consoles that a job of the branch `tag` changed (NOTIFY on
    /// PostgreSQL; nothing on SQLite, whose one instance publishes it itself).
    async fn anunciar_impresion(&self, tag: &str) -> DbResult<()>;
}

fn fila_lista(f: FilaListo) -> TrabajoListo {
    let mut ticket = f.ticket.0;
    // A ticket prints the branch's name and footer as they are when it is sent.
    if let Impreso::Ticket(t) = &mut ticket {
        t.lugar = Some(f.lugar);
        t.pie = f.pie.unwrap_or_default();
    }
    TrabajoListo {
        id: f.id,
        tag: f.tag,
        ticket,
        intentos: u32::try_from(f.intentos).unwrap_or(0),
        siguiente_intento: f.siguiente_intento,
        encolado_en: f.encolado_en,
        vencer_min: f.vencer_min,
        impresora_id: f.impresora_id,
        impresora: f.impresora,
        direccion: f.direccion,
        ancho: f.ancho,
        pagina: f.pagina,
    }
}

/// The kitchen's printers of a branch (`$1`), by name: active, printing the comanda.
const IMPRESORAS_DE_COCINA: &str = "SELECT name FROM impresoras WHERE sucursal_id = $1 AND activa \
     AND (imprime = 'comanda' OR imprime = 'ambos') ORDER BY name";

const SELECT_IMPRESORA: &str =
    "SELECT id, name, direccion, ancho, pagina, imprime, activa FROM impresoras";

para_cada_motor! {
    impl Motor {
        /// Writes the jobs of `e` in the caller's transaction: one per ticket and active printer
        /// of the branch that prints it. Answers how many.
        pub(in crate::db) async fn encolar(con: &mut Conexion, e: &Encargo<'_>) -> DbResult<u64> {
            let (walkin, reservacion) = match e.sentado {
                Sentado::Walkin(id) => (Some(id.as_str()), None),
                Sentado::Reservacion(id) => (None, Some(id.as_str())),
            };
            let mut escritos = 0;
            for t in e.tickets {
                let hecho = sqlx::query(
                    "INSERT INTO trabajos_impresion (id, sucursal_id, impresora_id, walkin_id, reservacion_id, tipo, reimpresion, \
                     ticket, estado, intentos, siguiente_intento, encolado_en, creado_en) \
                     SELECT $1 || i.id, i.sucursal_id, i.id, $2, $3, $4, $5, $6, 'pendiente', 0, $7, $7, $7 \
                     FROM impresoras i WHERE i.sucursal_id = $8 AND i.activa AND (i.imprime = $4 OR i.imprime = 'ambos')",
                )
                .bind(format!("{}-{}-", nuevo_id(), t.tipo.clave()))
                .bind(walkin)
                .bind(reservacion)
                .bind(t.tipo.clave())
                .bind(t.reimpresion)
                .bind(Json(t))
                .bind(e.ahora)
                .bind(e.sucursal_id)
                .execute(&mut *con)
                .await?;
                escritos += hecho.rows_affected();
            }
            Ok(escritos)
        }
    }

    #[async_trait]
    impl Impresion for Motor {
        async fn impresoras_de(&self, sucursal_id: &str) -> DbResult<Vec<Impresora>> {
            Ok(sqlx::query_as::<_, Impresora>(&format!("{SELECT_IMPRESORA} WHERE sucursal_id = $1 ORDER BY name, id")
            )
            .bind(sucursal_id)
            .fetch_all(&self.pool)
            .await?)
        }

        async fn impresora_de(&self, sucursal_id: &str, id: &str) -> DbResult<Option<Impresora>> {
            Ok(sqlx::query_as::<_, Impresora>(&format!("{SELECT_IMPRESORA} WHERE sucursal_id = $1 AND id = $2"))
                .bind(sucursal_id)
                .bind(id)
                .fetch_optional(&self.pool)
                .await?)
        }

        async fn crear_impresora(&self, sucursal_id: &str, i: &ImpresoraValida) -> DbResult<Impresora> {
            let id = nuevo_id();
            sqlx::query(
                "INSERT INTO impresoras (id, sucursal_id, name, direccion, ancho, pagina, imprime, activa, creado_en) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            )
            .bind(&id)
            .bind(sucursal_id)
            .bind(&i.name)
            .bind(i.direccion())
            .bind(i64::from(i.ancho.mm()))
            .bind(i.pagina.clave())
            .bind(i.imprime.clave())
            .bind(i.activa)
            .bind(self.reloj.ahora())
            .execute(&self.pool)
            .await?;
            Ok(Impresora {
                id,
                name: i.name.clone(),
                direccion: i.direccion(),
                ancho: i32::try_from(i.ancho.mm()).unwrap_or(80),
                pagina: i.pagina.clave().to_owned(),
                imprime: i.imprime.clave().to_owned(),
                activa: i.activa,
            })
        }

        async fn editar_impresora(&self, sucursal_id: &str, id: &str, i: &ImpresoraValida) -> DbResult<Option<Impresora>> {
            let hecho = sqlx::query(
                "UPDATE impresoras SET name = $3, direccion = $4, ancho = $5, pagina = $6, imprime = $7, activa = $8 \
                 WHERE sucursal_id = $1 AND id = $2",
            )
            .bind(sucursal_id)
            .bind(id)
            .bind(&i.name)
            .bind(i.direccion())
            .bind(i64::from(i.ancho.mm()))
            .bind(i.pagina.clave())
            .bind(i.imprime.clave())
            .bind(i.activa)
            .execute(&self.pool)
            .await?;
            if hecho.rows_affected() == 0 {
                return Ok(None);
            }
            self.impresora_de(sucursal_id, id).await
        }

        async fn borrar_impresora(&self, sucursal_id: &str, id: &str) -> DbResult<bool> {
            let hecho = sqlx::query("DELETE FROM impresoras WHERE sucursal_id = $1 AND id = $2")
                .bind(sucursal_id)
                .bind(id)
                .execute(&self.pool)
                .await?;
            Ok(hecho.rows_affected() == 1)
        }

        async fn trabajos_de(&self, sucursal_id: &str, sentado: &Sentado) -> DbResult<Vec<TrabajoLeido>> {
            let (columna, id) = match sentado {
                Sentado::Walkin(id) => ("walkin_id", id),
                Sentado::Reservacion(id) => ("reservacion_id", id),
            };
            let filas = sqlx::query_as::<_, FilaTrabajo>(&format!(
                "SELECT t.id, t.tipo, i.name AS impresora, t.estado, t.intentos, t.ultimo_error, t.reimpresion, t.creado_en, t.impreso_en \
                 FROM trabajos_impresion t JOIN impresoras i ON i.id = t.impresora_id \
                 WHERE t.sucursal_id = $1 AND t.{columna} = $2 ORDER BY t.creado_en, t.tipo, i.name"
            ))
            .bind(sucursal_id)
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
            Ok(filas.into_iter().map(FilaTrabajo::leido).collect())
        }

        async fn impresoras_con_trabajos(&self, ahora: DateTime<Utc>) -> DbResult<Vec<String>> {
            Ok(sqlx::query_scalar(
                "SELECT DISTINCT impresora_id FROM trabajos_impresion WHERE estado = 'pendiente' AND siguiente_intento <= $1 \
                 ORDER BY impresora_id",
            )
            .bind(ahora)
            .fetch_all(&self.pool)
            .await?)
        }

        async fn trabajos_listos(&self, impresora_id: &str, ahora: DateTime<Utc>, limite: i64) -> DbResult<Vec<TrabajoListo>> {
            let filas = sqlx::query_as::<_, FilaListo>(
                "SELECT t.id, s.tag, t.ticket, t.intentos, t.siguiente_intento, t.encolado_en, \
                 c.vencer_impresion_min AS vencer_min, s.name AS lugar, c.pie_ticket AS pie, \
                 i.id AS impresora_id, i.name AS impresora, i.direccion, i.ancho, i.pagina \
                 FROM trabajos_impresion t JOIN impresoras i ON i.id = t.impresora_id JOIN sucursales s ON s.id = t.sucursal_id \
                 LEFT JOIN conf_walkin c ON c.sucursal_id = t.sucursal_id \
                 WHERE t.estado = 'pendiente' AND t.siguiente_intento <= $2 AND t.impresora_id = $1 \
                 ORDER BY t.siguiente_intento, t.creado_en LIMIT $3",
            )
            .bind(impresora_id)
            .bind(ahora)
            .bind(limite)
            .fetch_all(&self.pool)
            .await?;
            Ok(filas.into_iter().map(fila_lista).collect())
        }

        async fn tomar_trabajo(&self, id: &str, antes: DateTime<Utc>, hasta: DateTime<Utc>) -> DbResult<bool> {
            let hecho = sqlx::query(
                "UPDATE trabajos_impresion SET siguiente_intento = $3 WHERE id = $1 AND estado = 'pendiente' AND siguiente_intento = $2",
            )
            .bind(id)
            .bind(antes)
            .bind(hasta)
            .execute(&self.pool)
            .await?;
            Ok(hecho.rows_affected() == 1)
        }

        async fn trabajo_impreso(&self, id: &str, ahora: DateTime<Utc>) -> DbResult<()> {
            sqlx::query(
                "UPDATE trabajos_impresion SET estado = 'impreso', intentos = intentos + 1, impreso_en = $2, ultimo_error = NULL \
                 WHERE id = $1 AND estado = 'pendiente'",
            )
            .bind(id)
            .bind(ahora)
            .execute(&self.pool)
            .await?;
            Ok(())
        }

        async fn trabajo_fallo(&self, id: &str, error: &str, siguiente: DateTime<Utc>) -> DbResult<()> {
            sqlx::query(
                "UPDATE trabajos_impresion SET intentos = intentos + 1, ultimo_error = $2, siguiente_intento = $3 \
                 WHERE id = $1 AND estado = 'pendiente'",
            )
            .bind(id)
            .bind(error)
            .bind(siguiente)
            .execute(&self.pool)
            .await?;
            Ok(())
        }

        async fn trabajo_vencido(&self, id: &str, error: &str) -> DbResult<()> {
            sqlx::query("UPDATE trabajos_impresion SET estado = 'vencido', ultimo_error = $2 WHERE id = $1 AND estado = 'pendiente'")
                .bind(id)
                .bind(error)
                .execute(&self.pool)
                .await?;
            Ok(())
        }

        async fn reintentar_trabajo(&self, sucursal_id: &str, id: &str, ahora: DateTime<Utc>) -> DbResult<Option<bool>> {
            let estado: Option<String> = sqlx::query_scalar("SELECT estado FROM trabajos_impresion WHERE sucursal_id = $1 AND id = $2")
                .bind(sucursal_id)
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
            let Some(estado) = estado else { return Ok(None) };
            if estado == "impreso" {
                return Ok(Some(false));
            }
            let hecho = sqlx::query(
                "UPDATE trabajos_impresion SET estado = 'pendiente', siguiente_intento = $3, encolado_en = $3 \
                 WHERE sucursal_id = $1 AND id = $2 AND estado <> 'impreso'",
            )
            .bind(sucursal_id)
            .bind(id)
            .bind(ahora)
            .execute(&self.pool)
            .await?;
            Ok(Some(hecho.rows_affected() == 1))
        }

        async fn reimprimir(&self, e: &Encargo<'_>, cambio: &Cambio) -> DbResult<u64> {
            let mut tx = self.escribir().await?;
            let escritos = Motor::encolar(&mut tx, e).await?;
            if escritos > 0 {
                self.anotar(&mut tx, cambio).await?;
            }
            Motor::confirmar(tx).await?;
            Ok(escritos)
        }

        async fn encolar_pronostico(&self, sucursal_id: &str, clave: &str, hoja: &HojaPronostico, ahora: DateTime<Utc>) -> DbResult<(Vec<String>, u64)> {
            let mut tx = self.escribir().await?;
            let escritos = sqlx::query(
                "INSERT INTO trabajos_impresion (id, sucursal_id, impresora_id, tipo, reimpresion, ticket, estado, intentos, \
                 siguiente_intento, encolado_en, creado_en) \
                 SELECT $1 || i.id, i.sucursal_id, i.id, 'pronostico', FALSE, $2, 'pendiente', 0, $3, $3, $3 \
                 FROM impresoras i WHERE i.sucursal_id = $4 AND i.activa AND (i.imprime = 'comanda' OR i.imprime = 'ambos') \
                 ON CONFLICT (id) DO NOTHING",
            )
            .bind(clave)
            .bind(Json(Impreso::Pronostico(hoja.clone())))
            .bind(ahora)
            .bind(sucursal_id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            let nombres: Vec<String> = sqlx::query_scalar(IMPRESORAS_DE_COCINA).bind(sucursal_id).fetch_all(&mut *tx).await?;
            Motor::confirmar(tx).await?;
            Ok((nombres, escritos))
        }

        async fn impresoras_de_cocina(&self, sucursal_id: &str) -> DbResult<Vec<String>> {
            Ok(sqlx::query_scalar(IMPRESORAS_DE_COCINA).bind(sucursal_id).fetch_all(&self.pool).await?)
        }

        async fn pronostico_encolado(&self, sucursal_id: &str, clave: &str) -> DbResult<bool> {
            let n: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM trabajos_impresion WHERE sucursal_id = $1 AND tipo = 'pronostico' AND id LIKE $2",
            )
            .bind(sucursal_id)
            .bind(format!("{clave}%"))
            .fetch_one(&self.pool)
            .await?;
            Ok(n > 0)
        }

        async fn ultima_impresion_pronostico(&self, sucursal_id: &str) -> DbResult<Vec<ImpresionPronostico>> {
            Ok(sqlx::query_as::<_, ImpresionPronostico>(
                "SELECT i.name AS impresora, t.estado, t.intentos, t.ultimo_error, t.creado_en, t.impreso_en \
                 FROM trabajos_impresion t JOIN impresoras i ON i.id = t.impresora_id \
                 WHERE t.sucursal_id = $1 AND t.tipo = 'pronostico' AND t.creado_en = \
                 (SELECT MAX(creado_en) FROM trabajos_impresion WHERE sucursal_id = $1 AND tipo = 'pronostico') \
                 ORDER BY i.name",
            )
            .bind(sucursal_id)
            .fetch_all(&self.pool)
            .await?)
        }

        async fn anunciar_impresion(&self, tag: &str) -> DbResult<()> {
            let mut con = self.pool.acquire().await?;
            Motor::avisar_impresion(&mut con, tag).await
        }
    }
}
