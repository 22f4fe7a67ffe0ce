//! The audit log (Bitácoras): an append-only record of every change, written by each aggregate
//! inside the transaction of the change it records, so a change and its entry land together.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::{json, Value};
use sqlx::types::Json;

use anfitrion_core::bitacora::{self, Accion, CampoCambiado, Valor};
use anfitrion_core::integracion::Evento;
use anfitrion_core::walkin::formato_folio;

use super::comun::nuevo_id;
use super::error::DbResult;
use super::motores::para_cada_motor;

/// Who made a change: copied into the entry, so history survives the user's removal.
#[derive(Debug, Clone, Default)]
pub struct Autor {
    pub usuario_id: Option<String>,
    pub usuario_name: String,
}

/// The kind of record an entry is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entidad {
    Sucursal,
    ConfWalkin,
    Marca,
    Usuario,
    Rol,
    Reservacion,
    Notificacion,
    Walkin,
    Cliente,
    Afiliado,
    Mesero,
    Promocion,
    /// An integration key or a webhook endpoint.
    Integracion,
    /// A party of a branch's waitlist.
    Espera,
}

impl Entidad {
    /// The name stored in `bitacora.entidad` (existing logs hold these: they never change).
    pub const fn nombre(self) -> &'static str {
        match self {
            Entidad::Sucursal => "sucursal",
            Entidad::ConfWalkin => "conf_walkin",
            Entidad::Marca => "marca",
            Entidad::Usuario => "usuario",
            Entidad::Rol => "rol",
            Entidad::Reservacion => "reservacion",
            Entidad::Notificacion => "notificacion",
            Entidad::Walkin => "walkin",
            Entidad::Cliente => "cliente",
            Entidad::Afiliado => "afiliado",
            Entidad::Mesero => "mesero",
            Entidad::Promocion => "promocion",
            Entidad::Integracion => "integracion",
            Entidad::Espera => "espera",
        }
    }
}

/// One change to record: who, on which record, what they did, and the record's fields before
/// and after (each any serializable value, stored as its JSON).
#[derive(Debug, Clone)]
pub struct Cambio {
    pub autor: Autor,
    pub sucursal_id: Option<String>,
    pub entidad: Entidad,
    pub entidad_id: String,
    pub accion: Accion,
    pub antes: Option<Value>,
    pub despues: Option<Value>,
    /// When it happened, when not now: only the demo's past is written after the fact.
    pub ocurrido: Option<DateTime<Utc>>,
}

/// A reservation's state, as an entry about it holds it.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Estado {
    pub status: anfitrion_core::estado::EstadoReservacion,
}

/// A record's name, as an entry that changes only that holds it.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Nombre<'a> {
    pub name: &'a str,
}

/// A value as an entry stores it.
fn valor(v: &impl Serialize) -> Value {
    serde_json::to_value(v).expect("los valores de una entrada se escriben en JSON")
}

impl Cambio {
    /// `accion` on the record `entidad_id` by `autor`, with nothing before or after yet.
    pub fn de(
        autor: impl Into<Autor>,
        entidad: Entidad,
        entidad_id: impl Into<String>,
        accion: Accion,
    ) -> Cambio {
        Cambio {
            autor: autor.into(),
            sucursal_id: None,
            entidad,
            entidad_id: entidad_id.into(),
            accion,
            antes: None,
            despues: None,
            ocurrido: None,
        }
    }

    /// Written after the fact: the entry is dated `ocurrido` (the demo's past).
    pub fn ocurrido(self, ocurrido: DateTime<Utc>) -> Cambio {
        Cambio {
            ocurrido: Some(ocurrido),
            ..self
        }
    }

    /// The branch whose logs show it.
    pub fn en(self, sucursal_id: impl Into<String>) -> Cambio {
        Cambio {
            sucursal_id: Some(sucursal_id.into()),
            ..self
        }
    }

    /// The record's fields before the change.
    pub fn antes(self, antes: &impl Serialize) -> Cambio {
        Cambio {
            antes: Some(valor(antes)),
            ..self
        }
    }

    /// The record's fields after the change (a creation: the record made).
    pub fn despues(self, despues: &impl Serialize) -> Cambio {
        Cambio {
            despues: Some(valor(despues)),
            ..self
        }
    }

    /// This change with `registro`'s members written over what `despues` held: how storage
    /// completes an entry with what only its transaction knows (a folio) or with the record a
    /// creation made, whatever the caller wrote.
    pub fn con_registro(&self, registro: &impl Serialize) -> Cambio {
        let despues = match (self.despues.clone(), valor(registro)) {
            (Some(Value::Object(mut dado)), Value::Object(registro)) => {
                dado.extend(registro);
                Value::Object(dado)
            }
            (_, registro) => registro,
        };
        Cambio {
            despues: Some(despues),
            ..self.clone()
        }
    }
}

/// An entry as read back: what was stored, and the same in the words the screens use (the
/// action's label, the record's name, the changes field by field), so a log's screen and its CSV
/// read alike and neither shows a code or an id.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct EntradaBitacora {
    #[serde(rename = "_id")]
    pub id: String,
    pub at: DateTime<Utc>,
    pub usuario_id: Option<String>,
    pub usuario_name: String,
    pub sucursal_id: Option<String>,
    pub entidad: String,
    pub entidad_id: String,
    pub accion: String,
    #[schema(value_type = Option<Object>)]
    pub antes: Option<Json<Value>>,
    #[schema(value_type = Option<Object>)]
    pub despues: Option<Json<Value>>,
    /// The action in words ("Cancelación", "No asistió").
    pub accion_etiqueta: String,
    /// The record in words: the guest's name, with its folio when it has one ("Familia Quiroga
    /// (folio POL-0042)"); empty when neither the record nor the entry names it.
    pub registro: String,
    /// The record to open from the log (a notification's entry opens its reservation); absent
    /// when it no longer exists.
    pub enlace: Option<EnlaceRegistro>,
    /// What changed, field by field, in words (Spanish field names, states by their labels).
    pub cambios: Vec<CampoCambiado>,
}

/// Which screen shows an entry's record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TipoRegistro {
    Reservacion,
    Walkin,
}

/// The record an entry is about, to link to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct EnlaceRegistro {
    pub tipo: TipoRegistro,
    #[serde(rename = "_id")]
    pub id: String,
}

/// An entry as its statement reads it, with the record it names joined in.
#[derive(sqlx::FromRow)]
struct FilaBitacora {
    id: String,
    at: DateTime<Utc>,
    usuario_id: Option<String>,
    usuario_name: String,
    sucursal_id: Option<String>,
    entidad: String,
    entidad_id: String,
    accion: String,
    antes: Option<Json<Value>>,
    despues: Option<Json<Value>>,
    registro_tipo: Option<String>,
    registro_id: Option<String>,
    registro_name: Option<String>,
    registro_folio: Option<i64>,
    prefijo_folio: Option<String>,
}

/// An object's members as core reads them; anything but an object is one member, `valor`.
fn miembros(v: &Option<Json<Value>>) -> Option<Vec<(String, Valor)>> {
    let valor = |v: &Value| match v {
        Value::Null => Valor::Nulo,
        Value::Bool(b) => Valor::Logico(*b),
        Value::String(t) => Valor::Texto(t.clone()),
        otro => Valor::Otro(otro.to_string()),
    };
    match v.as_ref().map(|j| &j.0) {
        None | Some(Value::Null) => None,
        Some(Value::Object(m)) => Some(m.iter().map(|(k, v)| (k.clone(), valor(v))).collect()),
        Some(otro) => Some(vec![("valor".to_owned(), valor(otro))]),
    }
}

impl From<FilaBitacora> for EntradaBitacora {
    fn from(f: FilaBitacora) -> Self {
        let (antes, despues) = (miembros(&f.antes), miembros(&f.despues));
        // The record as it is now; when it is gone, as the entry holds it.
        let del_registro = |campo: &str| {
            [&f.despues, &f.antes].into_iter().find_map(|v| {
                v.as_ref()
                    .and_then(|j| j.0.get(campo))
                    .and_then(Value::as_str)
                    .map(str::to_owned)
            })
        };
        let registro = match &f.registro_name {
            Some(name) => {
                let folio = f
                    .registro_folio
                    .and_then(|n| u64::try_from(n).ok())
                    .map(|n| formato_folio(f.prefijo_folio.as_deref().unwrap_or(""), n));
                bitacora::texto_registro(name, folio.as_deref())
            }
            None => bitacora::texto_registro(
                &del_registro("name").unwrap_or_default(),
                del_registro("folio").as_deref(),
            ),
        };
        let enlace = match (f.registro_tipo.as_deref(), f.registro_id) {
            (Some("walkin"), Some(id)) => Some(EnlaceRegistro {
                tipo: TipoRegistro::Walkin,
                id,
            }),
            (Some("reservacion"), Some(id)) => Some(EnlaceRegistro {
                tipo: TipoRegistro::Reservacion,
                id,
            }),
            _ => None,
        };
        EntradaBitacora {
            accion_etiqueta: bitacora::etiqueta_accion(&f.accion),
            registro,
            enlace,
            cambios: bitacora::cambios(antes.as_deref(), despues.as_deref()),
            id: f.id,
            at: f.at,
            usuario_id: f.usuario_id,
            usuario_name: f.usuario_name,
            sucursal_id: f.sucursal_id,
            entidad: f.entidad,
            entidad_id: f.entidad_id,
            accion: f.accion,
            antes: f.antes,
            despues: f.despues,
        }
    }
}

/// Which entries a log shows: one branch's, of some kinds of record, in a period, matching a text.
#[derive(Debug, Clone)]
pub struct FiltroBitacora {
    pub sucursal_id: String,
    pub entidades: &'static [Entidad],
    pub desde: Option<DateTime<Utc>>,
    pub hasta: Option<DateTime<Utc>>,
    /// Who, what or which record, or a value the entry holds (a guest's name, a folio), in the
    /// words the log shows: an action's or a state's label finds its codes.
    pub q: Option<String>,
}

/// The position after the last entry read: the next page starts below it (newest first).
pub type Cursor = (DateTime<Utc>, String);

#[async_trait]
pub trait Bitacora {
    /// Every entry about one record, oldest first.
    async fn bitacora_de(&self, entidad_id: &str) -> DbResult<Vec<EntradaBitacora>>;

    /// A page of a log, newest first, with how many entries the filter holds.
    async fn bitacora_en(
        &self,
        filtro: &FiltroBitacora,
        page: u32,
        limit: u32,
    ) -> DbResult<(Vec<EntradaBitacora>, i64)>;

    /// Up to `limite` entries after `despues_de` (newest first): how an export walks a whole
    /// range a batch at a time without holding it in memory.
    async fn bitacora_lote(
        &self,
        filtro: &FiltroBitacora,
        despues_de: Option<&Cursor>,
        limite: u32,
    ) -> DbResult<Vec<EntradaBitacora>>;
}

/// The events an audit entry reports: a reservation's life, a walk-in, a table opened or freed, a
/// client's change.
pub(crate) fn eventos_de(cambio: &Cambio) -> Vec<Evento> {
    let con_mesa = || {
        cambio
            .despues
            .as_ref()
            .and_then(|d| d.get("mesa"))
            .and_then(Value::as_str)
            .is_some_and(|m| !m.trim().is_empty())
    };
    match (cambio.entidad, cambio.accion) {
        (Entidad::Reservacion, Accion::Crear) => vec![Evento::ReservacionCreada],
        (
            Entidad::Reservacion,
            Accion::Editar | Accion::EditarCliente | Accion::Confirmar | Accion::CambioDelCliente,
        ) => vec![Evento::ReservacionCambiada],
        (Entidad::Reservacion, Accion::Cancelar) => vec![Evento::ReservacionCancelada],
        (Entidad::Reservacion, Accion::NoShow) => vec![Evento::ReservacionVencida],
        (Entidad::Reservacion, Accion::Asistencia) if con_mesa() => {
            vec![Evento::ReservacionAsistio, Evento::MesaAbierta]
        }
        (Entidad::Reservacion, Accion::Asistencia) => vec![Evento::ReservacionAsistio],
        (Entidad::Walkin, Accion::Registrar | Accion::Crear) if con_mesa() => {
            vec![Evento::WalkinRegistrado, Evento::MesaAbierta]
        }
        (Entidad::Walkin, Accion::Registrar | Accion::Crear) => vec![Evento::WalkinRegistrado],
        (Entidad::Walkin | Entidad::Reservacion, Accion::LiberarMesa) => {
            vec![Evento::MesaLiberada]
        }
        (Entidad::Cliente, Accion::Crear) => vec![Evento::ClienteCreado],
        (Entidad::Cliente, Accion::Editar | Accion::Fusionar) => vec![Evento::ClienteCambiado],
        _ => Vec::new(),
    }
}

/// What an event's `data` holds for an audit entry: the record's id, its entity, and the fields
/// the change left it with.
pub(crate) fn datos_de(cambio: &Cambio) -> Value {
    let mut datos = match &cambio.despues {
        Some(Value::Object(m)) => m.clone(),
        _ => serde_json::Map::new(),
    };
    datos.insert("_id".into(), json!(cambio.entidad_id));
    datos.insert("entidad".into(), json!(cambio.entidad.nombre()));
    Value::Object(datos)
}

para_cada_motor! {
    impl Motor {
        /// Runs a change of one row and its audit entry in one transaction; false, with nothing
        /// written, when no row matched (gone, or no longer in the state the change needs).
        pub(in crate::db) async fn cambiar_con_bitacora<'q>(
            &self,
            consulta: sqlx::query::Query<'q, Db, <Db as sqlx::Database>::Arguments<'q>>,
            cambio: &Cambio,
        ) -> DbResult<bool> {
            let mut tx = self.escribir().await?;
            if consulta.execute(&mut *tx).await?.rows_affected() != 1 {
                return Ok(false);
            }
            self.anotar(&mut tx, cambio).await?;
            tx.commit().await?;
            Ok(true)
        }

        /// Appends `cambio` on the connection of the transaction that makes the change, and queues
        /// the webhook events it is for the endpoints that want them.
        pub(in crate::db) async fn anotar(&self, con: &mut Conexion, cambio: &Cambio) -> DbResult<()> {
            sqlx::query(
                "INSERT INTO bitacora (id, at, usuario_id, usuario_name, sucursal_id, entidad, entidad_id, accion, antes, despues) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            )
            .bind(nuevo_id())
            .bind(cambio.ocurrido.unwrap_or_else(|| self.reloj.ahora()))
            .bind(&cambio.autor.usuario_id)
            .bind(&cambio.autor.usuario_name)
            .bind(&cambio.sucursal_id)
            .bind(cambio.entidad.nombre())
            .bind(&cambio.entidad_id)
            .bind(cambio.accion.codigo())
            .bind(cambio.antes.as_ref().map(Json))
            .bind(cambio.despues.as_ref().map(Json))
            .execute(&mut *con)
            .await?;
            let eventos = eventos_de(cambio);
            if !eventos.is_empty() {
                let datos = datos_de(cambio);
                for evento in eventos {
                    self.avisar_webhooks(con, evento, cambio.sucursal_id.as_deref(), &datos).await?;
                }
            }
            Ok(())
        }
    }

    /// An entry with the record it names: a reservation's or a walk-in's guest and folio (a
    /// notification's entry names its reservation), joined at read time, so the log shows the
    /// name the record has now.
    const DESDE: &str = " FROM bitacora b \
        LEFT JOIN notificaciones n ON b.entidad = 'notificacion' AND n.id = b.entidad_id \
        LEFT JOIN reservaciones r ON r.id = (CASE WHEN b.entidad = 'reservacion' THEN b.entidad_id ELSE n.reservacion_id END) \
        LEFT JOIN walkins w ON b.entidad = 'walkin' AND w.id = b.entidad_id \
        LEFT JOIN conf_walkin cw ON cw.sucursal_id = COALESCE(w.sucursal_id, r.sucursal_id)";

    const COLUMNAS: &str = "SELECT b.id, b.at, b.usuario_id, b.usuario_name, b.sucursal_id, b.entidad, b.entidad_id, b.accion, b.antes, b.despues, \
        CASE WHEN w.id IS NOT NULL THEN 'walkin' WHEN r.id IS NOT NULL THEN 'reservacion' END AS registro_tipo, \
        COALESCE(w.id, r.id) AS registro_id, COALESCE(w.name, r.name) AS registro_name, \
        COALESCE(w.folio, r.folio) AS registro_folio, cw.prefijo_folio AS prefijo_folio";

    /// The filter's conditions, after [`DESDE`].
    fn condiciones<'a>(qb: &mut sqlx::QueryBuilder<'a, Db>, f: &FiltroBitacora) {
        qb.push(" WHERE b.sucursal_id = ").push_bind(f.sucursal_id.clone()).push(" AND b.entidad IN (");
        let mut sep = qb.separated(", ");
        for e in f.entidades {
            sep.push_bind(e.nombre());
        }
        qb.push(")");
        if let Some(d) = f.desde {
            qb.push(" AND b.at >= ").push_bind(d);
        }
        if let Some(h) = f.hasta {
            qb.push(" AND b.at < ").push_bind(h);
        }
        if let Some(q) = f.q.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
            // Folded on both sides: accents and case aside, on either engine.
            let p = crate::db::comun::patron_like(&anfitrion_core::texto::plegar(q));
            let like = |qb: &mut sqlx::QueryBuilder<'a, Db>, antes: &str, expr: String| {
                qb.push(format!("{antes}{expr} LIKE ")).push_bind(p.clone()).push(" ESCAPE '\\'");
            };
            like(qb, " AND (", Motor::plegado("b.usuario_name"));
            like(qb, " OR ", "lower(b.accion)".to_owned());
            like(qb, " OR ", "b.entidad_id".to_owned());
            // The record's guest as the record names them now (only a creation's entry holds the name).
            like(qb, " OR ", Motor::plegado("COALESCE(w.name, r.name, '')"));
            // An action by its label: "cancelación" is `cancelar`.
            en_lista(qb, " OR b.accion IN (", bitacora::acciones_que_dicen(q));
            // What the entry holds: the values of its antes and despues (a creation's record), a
            // state by its label too ("no asistió" is `Vencido`).
            qb.push(format!(" OR EXISTS (SELECT 1 FROM ({} UNION ALL {}) v WHERE ", Motor::valores_json("b.antes"), Motor::valores_json("b.despues")));
            like(qb, "", Motor::plegado("CAST(v.value AS TEXT)"));
            en_lista(qb, " OR CAST(v.value AS TEXT) IN (", bitacora::estados_que_dicen(q));
            qb.push("))");
        }
    }

    /// `{antes}$1, $2, …)`, or nothing when there are no values.
    fn en_lista<'a>(qb: &mut sqlx::QueryBuilder<'a, Db>, antes: &str, valores: Vec<&'static str>) {
        if valores.is_empty() {
            return;
        }
        qb.push(antes);
        let mut sep = qb.separated(", ");
        for v in valores {
            sep.push_bind(v);
        }
        qb.push(")");
    }

    #[async_trait]
    impl Bitacora for Motor {
        async fn bitacora_en(&self, f: &FiltroBitacora, page: u32, limit: u32) -> DbResult<(Vec<EntradaBitacora>, i64)> {
            let mut qb = sqlx::QueryBuilder::<Db>::new(COLUMNAS);
            qb.push(DESDE);
            condiciones(&mut qb, f);
            qb.push(" ORDER BY b.at DESC, b.id DESC LIMIT ").push_bind(i64::from(limit)).push(" OFFSET ").push_bind(i64::from(page.saturating_sub(1)) * i64::from(limit));
            let filas = qb.build_query_as::<FilaBitacora>().fetch_all(&self.pool).await?;
            let mut qb = sqlx::QueryBuilder::<Db>::new("SELECT COUNT(*)");
            qb.push(DESDE);
            condiciones(&mut qb, f);
            let total: i64 = qb.build_query_scalar().fetch_one(&self.pool).await?;
            Ok((filas.into_iter().map(EntradaBitacora::from).collect(), total))
        }

        async fn bitacora_lote(&self, f: &FiltroBitacora, despues_de: Option<&Cursor>, limite: u32) -> DbResult<Vec<EntradaBitacora>> {
            let mut qb = sqlx::QueryBuilder::<Db>::new(COLUMNAS);
            qb.push(DESDE);
            condiciones(&mut qb, f);
            if let Some((at, id)) = despues_de {
                qb.push(" AND (b.at, b.id) < (").push_bind(*at).push(", ").push_bind(id.clone()).push(")");
            }
            qb.push(" ORDER BY b.at DESC, b.id DESC LIMIT ").push_bind(i64::from(limite));
            Ok(qb.build_query_as::<FilaBitacora>().fetch_all(&self.pool).await?.into_iter().map(EntradaBitacora::from).collect())
        }

        async fn bitacora_de(&self, entidad_id: &str) -> DbResult<Vec<EntradaBitacora>> {
            let filas = sqlx::query_as::<_, FilaBitacora>(&format!("{COLUMNAS}{DESDE} WHERE b.entidad_id = $1 ORDER BY b.at, b.id"))
                .bind(entidad_id)
                .fetch_all(&self.pool)
                .await?;
            Ok(filas.into_iter().map(EntradaBitacora::from).collect())
        }
    }
}
