//! The audit log (Bitácoras): an append-only record of every change, written by each aggregate
//! inside the transaction of the change it records, so a change and its entry land together.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use sqlx::types::Json;

use super::{nuevo_id, para_cada_motor, DbResult};

/// Who made a change: copied into the entry, so history survives the user's removal.
#[derive(Debug, Clone, Default)]
pub struct Autor {
    pub usuario_id: Option<String>,
    pub usuario_name: String,
}

impl From<&super::usuarios::Usuario> for Autor {
    fn from(u: &super::usuarios::Usuario) -> Self {
        Autor { usuario_id: Some(u.id.clone()), usuario_name: u.name.clone() }
    }
}

/// One change to record.
#[derive(Debug, Clone)]
pub struct Cambio {
    pub autor: Autor,
    pub sucursal_id: Option<String>,
    /// The kind of record (`sucursal`, `reservacion`, `walkin`, …).
    pub entidad: &'static str,
    pub entidad_id: String,
    /// What happened (`crear`, `cancelar`, `asistencia`, …).
    pub accion: &'static str,
    pub antes: Option<Value>,
    pub despues: Option<Value>,
}

impl Cambio {
    /// This change with `registro`'s members written over what `despues` held: how storage
    /// completes an entry with what only its transaction knows (a folio) or with the record a
    /// creation made, whatever the caller wrote.
    pub fn con_registro(&self, registro: Value) -> Cambio {
        let despues = match (self.despues.clone(), registro) {
            (Some(Value::Object(mut dado)), Value::Object(registro)) => {
                dado.extend(registro);
                Value::Object(dado)
            }
            (_, registro) => registro,
        };
        Cambio { despues: Some(despues), ..self.clone() }
    }
}

/// An entry as read back.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
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
}

/// Which entries a log shows: one branch's, of some kinds of record, in a period, matching a text.
#[derive(Debug, Clone)]
pub struct FiltroBitacora {
    pub sucursal_id: String,
    pub entidades: &'static [&'static str],
    pub desde: Option<DateTime<Utc>>,
    pub hasta: Option<DateTime<Utc>>,
    /// Who, what or which record, or a value the entry holds (a guest's name, a folio).
    pub q: Option<String>,
}

/// The position after the last entry read: the next page starts below it (newest first).
pub type Cursor = (DateTime<Utc>, String);

#[async_trait]
pub trait Bitacora {
    /// Every entry about one record, oldest first.
    async fn bitacora_de(&self, entidad_id: &str) -> DbResult<Vec<EntradaBitacora>>;

    /// A page of a log, newest first, with how many entries the filter holds.
    async fn bitacora_en(&self, filtro: &FiltroBitacora, page: u32, limit: u32) -> DbResult<(Vec<EntradaBitacora>, i64)>;

    /// Up to `limite` entries after `despues_de` (newest first): how an export walks a whole
    /// range a batch at a time without holding it in memory.
    async fn bitacora_lote(&self, filtro: &FiltroBitacora, despues_de: Option<&Cursor>, limite: u32) -> DbResult<Vec<EntradaBitacora>>;
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
            let mut tx = self.pool.begin_with(Motor::EMPEZAR_ESCRITURA).await?;
            if consulta.execute(&mut *tx).await?.rows_affected() != 1 {
                return Ok(false);
            }
            self.anotar(&mut tx, cambio).await?;
            tx.commit().await?;
            Ok(true)
        }

        /// Appends `cambio` on the connection of the transaction that makes the change.
        pub(in crate::db) async fn anotar(&self, con: &mut Conexion, cambio: &Cambio) -> DbResult<()> {
            sqlx::query(
                "INSERT INTO bitacora (id, at, usuario_id, usuario_name, sucursal_id, entidad, entidad_id, accion, antes, despues) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            )
            .bind(nuevo_id())
            .bind(self.reloj.ahora())
            .bind(&cambio.autor.usuario_id)
            .bind(&cambio.autor.usuario_name)
            .bind(&cambio.sucursal_id)
            .bind(cambio.entidad)
            .bind(&cambio.entidad_id)
            .bind(cambio.accion)
            .bind(cambio.antes.as_ref().map(Json))
            .bind(cambio.despues.as_ref().map(Json))
            .execute(&mut *con)
            .await?;
            Ok(())
        }
    }

    /// The filter's conditions, after a `WHERE`.
    fn condiciones<'a>(qb: &mut sqlx::QueryBuilder<'a, Db>, f: &FiltroBitacora) {
        qb.push(" WHERE sucursal_id = ").push_bind(f.sucursal_id.clone()).push(" AND entidad IN (");
        let mut sep = qb.separated(", ");
        for e in f.entidades {
            sep.push_bind(*e);
        }
        qb.push(")");
        if let Some(d) = f.desde {
            qb.push(" AND at >= ").push_bind(d);
        }
        if let Some(h) = f.hasta {
            qb.push(" AND at < ").push_bind(h);
        }
        if let Some(q) = f.q.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
            // Folded on both sides: accents and case aside, on either engine.
            let p = crate::db::patron_like(&anfitrion_core::texto::plegar(q));
            qb.push(format!(" AND ({} LIKE ", Motor::plegado("usuario_name"))).push_bind(p.clone()).push(" ESCAPE '\\' OR lower(accion) LIKE ")
                .push_bind(p.clone()).push(" ESCAPE '\\' OR entidad_id LIKE ").push_bind(p.clone()).push(" ESCAPE '\\'");
            // What the entry holds: the values of its antes and despues (a creation's record).
            qb.push(format!(" OR EXISTS (SELECT 1 FROM ({} UNION ALL {}) v WHERE {} LIKE ", Motor::valores_json("antes"), Motor::valores_json("despues"), Motor::plegado("CAST(v.value AS TEXT)")))
                .push_bind(p).push(" ESCAPE '\\'))");
        }
    }

    const COLUMNAS: &str = "SELECT id, at, usuario_id, usuario_name, sucursal_id, entidad, entidad_id, accion, antes, despues FROM bitacora";

    #[async_trait]
    impl Bitacora for Motor {
        async fn bitacora_en(&self, f: &FiltroBitacora, page: u32, limit: u32) -> DbResult<(Vec<EntradaBitacora>, i64)> {
            let mut qb = sqlx::QueryBuilder::<Db>::new(COLUMNAS);
            condiciones(&mut qb, f);
            qb.push(" ORDER BY at DESC, id DESC LIMIT ").push_bind(i64::from(limit)).push(" OFFSET ").push_bind(i64::from(page.saturating_sub(1)) * i64::from(limit));
            let filas = qb.build_query_as::<EntradaBitacora>().fetch_all(&self.pool).await?;
            let mut qb = sqlx::QueryBuilder::<Db>::new("SELECT COUNT(*) FROM bitacora");
            condiciones(&mut qb, f);
            let total: i64 = qb.build_query_scalar().fetch_one(&self.pool).await?;
            Ok((filas, total))
        }

        async fn bitacora_lote(&self, f: &FiltroBitacora, despues_de: Option<&Cursor>, limite: u32) -> DbResult<Vec<EntradaBitacora>> {
            let mut qb = sqlx::QueryBuilder::<Db>::new(COLUMNAS);
            condiciones(&mut qb, f);
            if let Some((at, id)) = despues_de {
                qb.push(" AND (at, id) < (").push_bind(*at).push(", ").push_bind(id.clone()).push(")");
            }
            qb.push(" ORDER BY at DESC, id DESC LIMIT ").push_bind(i64::from(limite));
            Ok(qb.build_query_as::<EntradaBitacora>().fetch_all(&self.pool).await?)
        }

        async fn bitacora_de(&self, entidad_id: &str) -> DbResult<Vec<EntradaBitacora>> {
            Ok(sqlx::query_as::<_, EntradaBitacora>(
                "SELECT id, at, usuario_id, usuario_name, sucursal_id, entidad, entidad_id, accion, antes, despues \
                 FROM bitacora WHERE entidad_id = $1 ORDER BY at, id",
            )
            .bind(entidad_id)
            .fetch_all(&self.pool)
            .await?)
        }
    }
}
