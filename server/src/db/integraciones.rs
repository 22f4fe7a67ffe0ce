//! Integrations (migration 0023): the keys other systems call the API with (only their hash is
//! kept), the webhook endpoints, and the outbox of deliveries to them.
//!
//! An event is queued by the transaction of the change it reports (`cola_webhooks.rs`, called by
//! `anotar` for every audit entry that is an event, and by the waitlist and the client link that
//! write none): a rolled-back save sends nothing. Each endpoint's deliveries leave in the order
//! their changes were saved: only the oldest pending one of an endpoint is ever sent.

use anfitrion_core::integracion::{ClaveValida, DestinoValido, EstadoClave, Evento};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::{json, Value};
use utoipa::ToSchema;

use super::bitacora::Cambio;
use super::error::{DbResult, ErrorAlmacen};
use super::motores::para_cada_motor;
use super::usuarios::RolRef;

/// A key as the integrations screen lists it (never its secret or hash).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ClaveAdmin {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub role: RolRef,
    pub sucursales: Vec<String>,
    /// The secret's first characters (`anf_AbCd…`), to tell keys apart.
    pub prefijo: String,
    pub creada_por: String,
    pub creada_en: DateTime<Utc>,
    pub expira_en: Option<DateTime<Utc>>,
    pub revocada_en: Option<DateTime<Utc>>,
    pub usada_en: Option<DateTime<Utc>>,
    /// The address of its last call.
    pub usada_desde: Option<String>,
    /// Whether it works now, by the server's clock.
    pub estado: EstadoClave,
}

#[derive(sqlx::FromRow)]
struct FilaClave {
    id: String,
    name: String,
    rol_id: String,
    rol: String,
    prefijo: String,
    creada_por: String,
    creada_en: DateTime<Utc>,
    expira_en: Option<DateTime<Utc>>,
    revocada_en: Option<DateTime<Utc>>,
    usada_en: Option<DateTime<Utc>>,
    usada_desde: Option<String>,
}

/// A new key: what core checked, the hash of its secret and who made it.
pub struct NuevaClave<'a> {
    pub id: &'a str,
    pub clave: &'a ClaveValida,
    pub hash: &'a str,
    pub prefijo: &'a str,
    pub creada_por: &'a str,
}

impl ClaveLeida {
    /// Whether the key works at `ahora`.
    pub fn vigente(&self, ahora: DateTime<Utc>) -> bool {
        EstadoClave::de(self.revocada_en.is_some(), self.expira_en, ahora) == EstadoClave::Activa
    }
}

/// A key found by its secret's hash, with what it may do.
#[derive(Debug, Clone)]
pub struct ClaveLeida {
    pub id: String,
    pub name: String,
    pub expira_en: Option<DateTime<Utc>>,
    pub revocada_en: Option<DateTime<Utc>>,
    pub usada_en: Option<DateTime<Utc>>,
    pub rol: String,
    pub permisos: Vec<String>,
    /// Its branches' tags.
    pub tags: Vec<String>,
}

#[derive(sqlx::FromRow)]
struct FilaClaveLeida {
    id: String,
    name: String,
    rol_id: String,
    rol: String,
    expira_en: Option<DateTime<Utc>>,
    revocada_en: Option<DateTime<Utc>>,
    usada_en: Option<DateTime<Utc>>,
}

/// An endpoint as the screen lists it (never its secret).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DestinoAdmin {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub url: String,
    /// `webhook` or `crm`.
    pub tipo: String,
    pub eventos: Vec<String>,
    pub sucursales: Vec<String>,
    pub activo: bool,
    /// When the server turned it off after failing for days; null when it was not.
    pub desactivado_en: Option<DateTime<Utc>>,
    /// Until when the secret a rotation replaced still signs.
    pub anterior_hasta: Option<DateTime<Utc>>,
    pub creado_por: String,
    pub creado_en: DateTime<Utc>,
    pub pendientes: i64,
    pub fallidas: i64,
    /// A CRM's "Sincronizar todo": how far it went.
    pub sincronizacion: Sincronizacion,
}

/// A CRM's "Sincronizar todo": `ninguna`, `en_curso` or `terminada`; clients queued of the total.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Sincronizacion {
    pub estado: String,
    pub total: i64,
    pub enviados: i64,
    /// When the last one was asked for.
    pub desde: Option<DateTime<Utc>>,
}

/// A client as "Sincronizar todo" sends it: contact and counts in the CRM's branches.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
struct ClienteSincronizado {
    #[serde(rename = "_id")]
    id: String,
    name: String,
    email: Option<String>,
    phone: Option<String>,
    visitas: i64,
    no_shows: i64,
    ultima_visita: Option<chrono::NaiveDateTime>,
    /// The code of the affiliate of the client's latest reservation that had one.
    afiliado: Option<String>,
}

#[derive(sqlx::FromRow)]
struct FilaDestino {
    id: String,
    name: String,
    url: String,
    tipo: String,
    activo: bool,
    desactivado_en: Option<DateTime<Utc>>,
    anterior_hasta: Option<DateTime<Utc>>,
    creado_por: String,
    creado_en: DateTime<Utc>,
    pendientes: i64,
    fallidas: i64,
    sync_estado: String,
    sync_total: i32,
    sync_enviados: i32,
    sync_desde: Option<DateTime<Utc>>,
}

/// A new endpoint.
pub struct NuevoDestino<'a> {
    pub id: &'a str,
    pub destino: &'a DestinoValido,
    pub secreto: &'a str,
    pub creado_por: &'a str,
}

/// One delivery as the screen lists it.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct EntregaAdmin {
    /// The `webhook-id` it is sent with, the same on every try.
    #[serde(rename = "_id")]
    pub id: String,
    pub evento: String,
    /// `pendiente`, `entregado` or `fallido`.
    pub estado: String,
    pub intentos: i32,
    /// The HTTP status of the last answer; null: none yet, or no answer (see `ultimo_error`).
    pub ultimo_codigo: Option<i32>,
    pub ultimo_error: Option<String>,
    pub ultimo_en: Option<DateTime<Utc>>,
    /// When it is tried next, while pending.
    pub siguiente_intento: Option<DateTime<Utc>>,
    pub creado_en: DateTime<Utc>,
}

/// A delivery to send now, taken under a lease.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EntregaPorEnviar {
    pub secuencia: i64,
    pub id: String,
    pub destino_id: String,
    pub url: String,
    pub secreto: String,
    pub secreto_anterior: Option<String>,
    pub anterior_hasta: Option<DateTime<Utc>>,
    pub cuerpo: String,
    pub intentos: i32,
}

/// What a try of a delivery came to.
#[derive(Debug, Clone)]
pub struct Intento {
    pub codigo: Option<u16>,
    pub error: Option<String>,
    /// None: delivered, or failed for good.
    pub siguiente: Option<DateTime<Utc>>,
    pub entregado: bool,
    /// The last try of a delivery that kept failing: its endpoint is turned off.
    pub desactivar: bool,
}

/// Whether an endpoint answered to a change made by the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hecho {
    Si,
    NoExiste,
}

impl Hecho {
    /// Done when a row was changed; otherwise there was none.
    fn de(cambio: bool) -> Hecho {
        if cambio {
            Hecho::Si
        } else {
            Hecho::NoExiste
        }
    }
}

#[async_trait]
pub trait Integraciones {
    /// A new key with its branches (an unknown role or tag: [`ErrorAlmacen::SinReferencia`]; a
    /// name taken: [`super::Clave::Nombre`]), and its audit entry.
    async fn crear_clave(&self, n: &NuevaClave<'_>, cambio: &Cambio) -> DbResult<()>;
    /// Every key, the newest first.
    async fn claves(&self) -> DbResult<Vec<ClaveAdmin>>;
    /// Revokes a live key; false when there is none by `id` or it was revoked already.
    async fn revocar_clave(&self, id: &str, cambio: &Cambio) -> DbResult<bool>;
    /// The key whose secret hashes to `hash`, whatever its state.
    async fn clave_por_hash(&self, hash: &str) -> DbResult<Option<ClaveLeida>>;
    /// Records a key's call: when and from where.
    async fn marcar_uso_clave(&self, id: &str, ip: &str) -> DbResult<()>;

    async fn crear_destino(&self, n: &NuevoDestino<'_>, cambio: &Cambio) -> DbResult<()>;
    async fn destinos(&self) -> DbResult<Vec<DestinoAdmin>>;
    /// A new signing secret; the old one signs beside it until `anterior_hasta`.
    async fn rotar_secreto(
        &self,
        id: &str,
        secreto: &str,
        anterior_hasta: DateTime<Utc>,
        cambio: &Cambio,
    ) -> DbResult<Hecho>;
    /// Turns an endpoint on or off (on again: its pending deliveries leave at once).
    async fn activar_destino(&self, id: &str, activo: bool, cambio: &Cambio) -> DbResult<Hecho>;
    async fn eliminar_destino(&self, id: &str, cambio: &Cambio) -> DbResult<Hecho>;
    /// An endpoint's latest deliveries, the newest first.
    async fn entregas(&self, destino_id: &str, limite: u32) -> DbResult<Vec<EntregaAdmin>>;
    /// Queues `webhook.prueba` for one endpoint.
    async fn encolar_prueba(&self, destino_id: &str, cuerpo: &Value) -> DbResult<Option<String>>;
    /// Sends a delivery again, under the same `webhook-id`, as soon as its turn comes.
    async fn reenviar(&self, destino_id: &str, entrega_id: &str) -> DbResult<Hecho>;

    /// Starts a CRM's "Sincronizar todo" over (another endpoint: [`ReglaError::SoloCrm`]).
    async fn iniciar_sincronizacion(&self, id: &str, cambio: &Cambio) -> DbResult<Hecho>;
    /// Queues the next page of `pagina` clients of each CRM being synchronised whose queue holds
    /// fewer than `en_cola` deliveries, the page and its progress in one transaction; answers the
    /// pages queued.
    async fn avanzar_sincronizaciones(&self, pagina: u32, en_cola: i64) -> DbResult<usize>;

    /// The deliveries due at `ahora` at the head of each active endpoint's queue, each taken
    /// under a lease until `hasta` (one another instance holds is left to it).
    async fn tomar_entregas(
        &self,
        ahora: DateTime<Utc>,
        hasta: DateTime<Utc>,
        limite: u32,
    ) -> DbResult<Vec<EntregaPorEnviar>>;
    /// Records a try and lets go of the lease.
    async fn registrar_entrega(&self, e: &EntregaPorEnviar, intento: &Intento) -> DbResult<()>;
}

para_cada_motor! {
    #[async_trait]
    impl Integraciones for Motor {
        async fn crear_clave(&self, n: &NuevaClave<'_>, cambio: &Cambio) -> DbResult<()> {
            let mut tx = self.escribir().await?;
            sqlx::query(
                "INSERT INTO claves_integracion (id, name, nombre_clave, rol_id, hash, prefijo, creada_por, creada_en, expira_en) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            )
            .bind(n.id)
            .bind(&n.clave.name)
            .bind(crate::db::comun::clave_de_nombre(&n.clave.name))
            .bind(&n.clave.rol_id)
            .bind(n.hash)
            .bind(n.prefijo)
            .bind(n.creada_por)
            .bind(self.reloj.ahora())
            .bind(n.clave.expira)
            .execute(&mut *tx)
            .await?;
            for tag in &n.clave.sucursales {
                sqlx::query("INSERT INTO clave_sucursales (clave_id, tag) VALUES ($1, $2)")
                    .bind(n.id)
                    .bind(tag)
                    .execute(&mut *tx)
                    .await?;
            }
            self.anotar(&mut tx, cambio).await?;
            Motor::confirmar(tx).await
        }

        async fn claves(&self) -> DbResult<Vec<ClaveAdmin>> {
            let filas = sqlx::query_as::<_, FilaClave>(
                "SELECT c.id, c.name, c.rol_id, r.name AS rol, c.prefijo, c.creada_por, c.creada_en, c.expira_en, \
                        c.revocada_en, c.usada_en, c.usada_desde \
                 FROM claves_integracion c JOIN roles r ON r.id = c.rol_id ORDER BY c.creada_en DESC, c.id",
            )
            .fetch_all(&self.pool)
            .await?;
            let pares: Vec<(String, String)> =
                sqlx::query_as("SELECT clave_id, tag FROM clave_sucursales ORDER BY tag")
                    .fetch_all(&self.pool)
                    .await?;
            let ahora = self.reloj.ahora();
            Ok(filas
                .into_iter()
                .map(|f| ClaveAdmin {
                    estado: EstadoClave::de(f.revocada_en.is_some(), f.expira_en, ahora),
                    sucursales: pares.iter().filter(|(c, _)| *c == f.id).map(|(_, t)| t.clone()).collect(),
                    id: f.id,
                    name: f.name,
                    role: RolRef { id: f.rol_id, name: f.rol },
                    prefijo: f.prefijo,
                    creada_por: f.creada_por,
                    creada_en: f.creada_en,
                    expira_en: f.expira_en,
                    revocada_en: f.revocada_en,
                    usada_en: f.usada_en,
                    usada_desde: f.usada_desde,
                })
                .collect())
        }

        async fn revocar_clave(&self, id: &str, cambio: &Cambio) -> DbResult<bool> {
            self.cambiar_con_bitacora(
                sqlx::query("UPDATE claves_integracion SET revocada_en = $2 WHERE id = $1 AND revocada_en IS NULL")
                    .bind(id.to_owned())
                    .bind(self.reloj.ahora()),
                cambio,
            )
            .await
        }

        async fn clave_por_hash(&self, hash: &str) -> DbResult<Option<ClaveLeida>> {
            let Some(f) = sqlx::query_as::<_, FilaClaveLeida>(
                "SELECT c.id, c.name, c.rol_id, r.name AS rol, c.expira_en, c.revocada_en, c.usada_en \
                 FROM claves_integracion c JOIN roles r ON r.id = c.rol_id WHERE c.hash = $1",
            )
            .bind(hash)
            .fetch_optional(&self.pool)
            .await?
            else {
                return Ok(None);
            };
            let permisos: Vec<String> =
                sqlx::query_scalar("SELECT permiso FROM rol_permisos WHERE rol_id = $1 ORDER BY permiso")
                    .bind(&f.rol_id)
                    .fetch_all(&self.pool)
                    .await?;
            let tags: Vec<String> =
                sqlx::query_scalar("SELECT tag FROM clave_sucursales WHERE clave_id = $1 ORDER BY tag")
                    .bind(&f.id)
                    .fetch_all(&self.pool)
                    .await?;
            Ok(Some(ClaveLeida {
                id: f.id,
                name: f.name,
                expira_en: f.expira_en,
                revocada_en: f.revocada_en,
                usada_en: f.usada_en,
                rol: f.rol,
                permisos,
                tags,
            }))
        }

        async fn marcar_uso_clave(&self, id: &str, ip: &str) -> DbResult<()> {
            sqlx::query("UPDATE claves_integracion SET usada_en = $2, usada_desde = $3 WHERE id = $1")
                .bind(id)
                .bind(self.reloj.ahora())
                .bind(ip)
                .execute(&self.pool)
                .await?;
            Ok(())
        }

        async fn crear_destino(&self, n: &NuevoDestino<'_>, cambio: &Cambio) -> DbResult<()> {
            let mut tx = self.escribir().await?;
            sqlx::query(
                "INSERT INTO webhook_destinos (id, name, url, tipo, secreto, creado_por, creado_en) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(n.id)
            .bind(&n.destino.name)
            .bind(&n.destino.url)
            .bind(n.destino.tipo.nombre())
            .bind(n.secreto)
            .bind(n.creado_por)
            .bind(self.reloj.ahora())
            .execute(&mut *tx)
            .await?;
            for e in &n.destino.eventos {
                sqlx::query("INSERT INTO webhook_destino_eventos (destino_id, evento) VALUES ($1, $2)")
                    .bind(n.id)
                    .bind(e.nombre())
                    .execute(&mut *tx)
                    .await?;
            }
            for tag in &n.destino.sucursales {
                let hecho = sqlx::query(
                    "INSERT INTO webhook_destino_sucursales (destino_id, sucursal_id) SELECT $1, id FROM sucursales WHERE tag = $2",
                )
                .bind(n.id)
                .bind(tag)
                .execute(&mut *tx)
                .await?;
                if hecho.rows_affected() != 1 {
                    return Err(ErrorAlmacen::SinReferencia);
                }
            }
            self.anotar(&mut tx, cambio).await?;
            Motor::confirmar(tx).await
        }

        async fn destinos(&self) -> DbResult<Vec<DestinoAdmin>> {
            let filas = sqlx::query_as::<_, FilaDestino>(
                "SELECT d.id, d.name, d.url, d.tipo, d.activo, d.desactivado_en, d.anterior_hasta, d.creado_por, d.creado_en, \
                        d.sync_estado, d.sync_total, d.sync_enviados, d.sync_desde, \
                        (SELECT COUNT(*) FROM webhook_entregas e WHERE e.destino_id = d.id AND e.estado = 'pendiente') AS pendientes, \
                        (SELECT COUNT(*) FROM webhook_entregas e WHERE e.destino_id = d.id AND e.estado = 'fallido') AS fallidas \
                 FROM webhook_destinos d ORDER BY d.creado_en DESC, d.id",
            )
            .fetch_all(&self.pool)
            .await?;
            let eventos: Vec<(String, String)> =
                sqlx::query_as("SELECT destino_id, evento FROM webhook_destino_eventos")
                    .fetch_all(&self.pool)
                    .await?;
            let sucursales: Vec<(String, String)> = sqlx::query_as(
                "SELECT ds.destino_id, s.tag FROM webhook_destino_sucursales ds JOIN sucursales s ON s.id = ds.sucursal_id ORDER BY s.tag",
            )
            .fetch_all(&self.pool)
            .await?;
            Ok(filas
                .into_iter()
                .map(|f| {
                    // In the catalogue's order, as the form lists them.
                    let eventos = Evento::TODOS
                        .iter()
                        .map(|e| e.nombre())
                        .filter(|n| eventos.iter().any(|(d, e)| *d == f.id && e == n))
                        .map(str::to_owned)
                        .collect();
                    DestinoAdmin {
                        sucursales: sucursales.iter().filter(|(d, _)| *d == f.id).map(|(_, t)| t.clone()).collect(),
                        eventos,
                        id: f.id,
                        name: f.name,
                        url: f.url,
                        tipo: f.tipo,
                        activo: f.activo,
                        desactivado_en: f.desactivado_en,
                        anterior_hasta: f.anterior_hasta,
                        creado_por: f.creado_por,
                        creado_en: f.creado_en,
                        pendientes: f.pendientes,
                        fallidas: f.fallidas,
                        sincronizacion: Sincronizacion {
                            estado: f.sync_estado,
                            total: i64::from(f.sync_total),
                            enviados: i64::from(f.sync_enviados),
                            desde: f.sync_desde,
                        },
                    }
                })
                .collect())
        }

        async fn rotar_secreto(&self, id: &str, secreto: &str, anterior_hasta: DateTime<Utc>, cambio: &Cambio) -> DbResult<Hecho> {
            let hecho = self
                .cambiar_con_bitacora(
                    sqlx::query(
                        "UPDATE webhook_destinos SET secreto_anterior = secreto, secreto = $2, anterior_hasta = $3 WHERE id = $1",
                    )
                    .bind(id.to_owned())
                    .bind(secreto.to_owned())
                    .bind(anterior_hasta),
                    cambio,
                )
                .await?;
            Ok(Hecho::de(hecho))
        }

        async fn activar_destino(&self, id: &str, activo: bool, cambio: &Cambio) -> DbResult<Hecho> {
            let mut tx = self.escribir().await?;
            if !self.destino_en(&mut tx, id).await? {
                return Ok(Hecho::NoExiste);
            }
            sqlx::query("UPDATE webhook_destinos SET activo = $2, desactivado_en = NULL WHERE id = $1")
                .bind(id)
                .bind(activo)
                .execute(&mut *tx)
                .await?;
            if activo {
                sqlx::query("UPDATE webhook_entregas SET siguiente_intento = $2 WHERE destino_id = $1 AND estado = 'pendiente'")
                    .bind(id)
                    .bind(self.reloj.ahora())
                    .execute(&mut *tx)
                    .await?;
            }
            self.anotar(&mut tx, cambio).await?;
            Motor::confirmar(tx).await?;
            Ok(Hecho::Si)
        }

        async fn eliminar_destino(&self, id: &str, cambio: &Cambio) -> DbResult<Hecho> {
            let hecho = self
                .cambiar_con_bitacora(
                    sqlx::query("DELETE FROM webhook_destinos WHERE id = $1").bind(id.to_owned()),
                    cambio,
                )
                .await?;
            Ok(Hecho::de(hecho))
        }

        async fn entregas(&self, destino_id: &str, limite: u32) -> DbResult<Vec<EntregaAdmin>> {
            Ok(sqlx::query_as::<_, EntregaAdmin>(
                "SELECT id, evento, estado, intentos, ultimo_codigo, ultimo_error, ultimo_en, \
                        CASE WHEN estado = 'pendiente' THEN siguiente_intento END AS siguiente_intento, creado_en \
                 FROM webhook_entregas WHERE destino_id = $1 ORDER BY secuencia DESC LIMIT $2",
            )
            .bind(destino_id)
            .bind(i64::from(limite))
            .fetch_all(&self.pool)
            .await?)
        }

        async fn encolar_prueba(&self, destino_id: &str, cuerpo: &Value) -> DbResult<Option<String>> {
            let mut tx = self.escribir().await?;
            if !self.destino_en(&mut tx, destino_id).await? {
                return Ok(None);
            }
            let id = Motor::encolar_entrega(
                &mut tx,
                destino_id,
                anfitrion_core::integracion::EVENTO_PRUEBA,
                &cuerpo.to_string(),
                self.reloj.ahora(),
            )
            .await?;
            Motor::confirmar(tx).await?;
            Ok(Some(id))
        }

        async fn reenviar(&self, destino_id: &str, entrega_id: &str) -> DbResult<Hecho> {
            let mut tx = self.escribir().await?;
            let hecho = sqlx::query(
                "UPDATE webhook_entregas SET estado = 'pendiente', intentos = 0, primer_fallo = NULL, siguiente_intento = $3, enviando_hasta = NULL \
                 WHERE id = $1 AND destino_id = $2",
            )
            .bind(entrega_id)
            .bind(destino_id)
            .bind(self.reloj.ahora())
            .execute(&mut *tx)
            .await?;
            Motor::confirmar(tx).await?;
            Ok(Hecho::de(hecho.rows_affected() == 1))
        }

        async fn iniciar_sincronizacion(&self, id: &str, cambio: &Cambio) -> DbResult<Hecho> {
            let mut tx = self.escribir().await?;
            let tipo: Option<String> = sqlx::query_scalar("SELECT tipo FROM webhook_destinos WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
            match tipo.as_deref() {
                None => return Ok(Hecho::NoExiste),
                Some("crm") => {}
                Some(_) => return Err(ErrorAlmacen::Regla(anfitrion_core::ReglaError::SoloCrm)),
            }
            let total: i64 = sqlx::query_scalar(
                "SELECT COUNT(DISTINCT cs.cliente_id) FROM clientes_sucursal cs \
                 WHERE cs.sucursal_id IN (SELECT ds.sucursal_id FROM webhook_destino_sucursales ds WHERE ds.destino_id = $1)",
            )
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
            sqlx::query(
                "UPDATE webhook_destinos SET sync_estado = 'en_curso', sync_cursor = NULL, sync_total = $2, sync_enviados = 0, sync_desde = $3 \
                 WHERE id = $1",
            )
            .bind(id)
            .bind(i32::try_from(total).unwrap_or(i32::MAX))
            .bind(self.reloj.ahora())
            .execute(&mut *tx)
            .await?;
            self.anotar(&mut tx, cambio).await?;
            Motor::confirmar(tx).await?;
            Ok(Hecho::Si)
        }

        async fn avanzar_sincronizaciones(&self, pagina: u32, en_cola: i64) -> DbResult<usize> {
            let en_curso: Vec<(String, Option<String>)> = sqlx::query_as(
                "SELECT d.id, d.sync_cursor FROM webhook_destinos d WHERE d.activo AND d.sync_estado = 'en_curso' \
                 AND (SELECT COUNT(*) FROM webhook_entregas e WHERE e.destino_id = d.id AND e.estado = 'pendiente') < $1",
            )
            .bind(en_cola)
            .fetch_all(&self.pool)
            .await?;
            let mut paginas = 0;
            for (id, cursor) in en_curso {
                let mut tx = self.escribir().await?;
                let clientes: Vec<ClienteSincronizado> = sqlx::query_as(
                    "SELECT c.id, c.name, c.email, c.phone, CAST(COALESCE(SUM(cs.visitas), 0) AS BIGINT) AS visitas, \
                            CAST(COALESCE(SUM(cs.no_shows), 0) AS BIGINT) AS no_shows, MAX(cs.ultima_visita) AS ultima_visita, \
                            (SELECT a.code FROM reservaciones r JOIN afiliados a ON a.id = r.afiliado_id \
                             WHERE r.cliente_id = c.id ORDER BY r.created_at DESC LIMIT 1) AS afiliado \
                     FROM clientes c JOIN clientes_sucursal cs ON cs.cliente_id = c.id \
                     WHERE cs.sucursal_id IN (SELECT ds.sucursal_id FROM webhook_destino_sucursales ds WHERE ds.destino_id = $1) \
                       AND c.id > $2 \
                     GROUP BY c.id, c.name, c.email, c.phone ORDER BY c.id LIMIT $3",
                )
                .bind(&id)
                .bind(cursor.as_deref().unwrap_or(""))
                .bind(i64::from(pagina))
                .fetch_all(&mut *tx)
                .await?;
                let Some(ultimo) = clientes.last().map(|c| c.id.clone()) else {
                    sqlx::query("UPDATE webhook_destinos SET sync_estado = 'terminada' WHERE id = $1 AND sync_estado = 'en_curso'")
                        .bind(&id)
                        .execute(&mut *tx)
                        .await?;
                    Motor::confirmar(tx).await?;
                    continue;
                };
                // The progress moves only from the cursor this pass read: two instances at once
                // queue a page once.
                let hecho = sqlx::query(
                    "UPDATE webhook_destinos SET sync_cursor = $2, sync_enviados = sync_enviados + $3 \
                     WHERE id = $1 AND sync_estado = 'en_curso' AND COALESCE(sync_cursor, '') = $4",
                )
                .bind(&id)
                .bind(&ultimo)
                .bind(i32::try_from(clientes.len()).unwrap_or(i32::MAX))
                .bind(cursor.as_deref().unwrap_or(""))
                .execute(&mut *tx)
                .await?;
                if hecho.rows_affected() != 1 {
                    continue;
                }
                let ahora = self.reloj.ahora();
                let cuerpo = json!({
                    "type": anfitrion_core::integracion::EVENTO_SINCRONIZADO,
                    "timestamp": ahora.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
                    "data": { "clientes": clientes },
                })
                .to_string();
                Motor::encolar_entrega(&mut tx, &id, anfitrion_core::integracion::EVENTO_SINCRONIZADO, &cuerpo, ahora).await?;
                Motor::confirmar(tx).await?;
                paginas += 1;
            }
            Ok(paginas)
        }

        async fn tomar_entregas(&self, ahora: DateTime<Utc>, hasta: DateTime<Utc>, limite: u32) -> DbResult<Vec<EntregaPorEnviar>> {
            let cabezas: Vec<i64> = sqlx::query_scalar(
                "SELECT e.secuencia FROM webhook_entregas e JOIN webhook_destinos d ON d.id = e.destino_id \
                 WHERE d.activo AND e.estado = 'pendiente' \
                   AND e.secuencia = (SELECT MIN(e2.secuencia) FROM webhook_entregas e2 WHERE e2.destino_id = e.destino_id AND e2.estado = 'pendiente') \
                   AND e.siguiente_intento <= $1 AND (e.enviando_hasta IS NULL OR e.enviando_hasta < $1) \
                 ORDER BY e.secuencia LIMIT $2",
            )
            .bind(ahora)
            .bind(i64::from(limite))
            .fetch_all(&self.pool)
            .await?;
            let mut tomadas = Vec::new();
            for secuencia in cabezas {
                let hecho = sqlx::query(
                    "UPDATE webhook_entregas SET enviando_hasta = $2 \
                     WHERE secuencia = $1 AND estado = 'pendiente' AND (enviando_hasta IS NULL OR enviando_hasta < $3)",
                )
                .bind(secuencia)
                .bind(hasta)
                .bind(ahora)
                .execute(&self.pool)
                .await?;
                if hecho.rows_affected() != 1 {
                    continue;
                }
                if let Some(e) = sqlx::query_as::<_, EntregaPorEnviar>(
                    "SELECT e.secuencia, e.id, e.destino_id, d.url, d.secreto, d.secreto_anterior, d.anterior_hasta, e.cuerpo, e.intentos \
                     FROM webhook_entregas e JOIN webhook_destinos d ON d.id = e.destino_id WHERE e.secuencia = $1",
                )
                .bind(secuencia)
                .fetch_optional(&self.pool)
                .await?
                {
                    tomadas.push(e);
                }
            }
            Ok(tomadas)
        }

        async fn registrar_entrega(&self, e: &EntregaPorEnviar, i: &Intento) -> DbResult<()> {
            let mut tx = self.escribir().await?;
            let ahora = self.reloj.ahora();
            let estado = if i.entregado {
                "entregado"
            } else if i.siguiente.is_some() {
                "pendiente"
            } else {
                "fallido"
            };
            sqlx::query(
                "UPDATE webhook_entregas SET estado = $2, intentos = intentos + 1, ultimo_codigo = $3, ultimo_error = $4, ultimo_en = $5, \
                        siguiente_intento = COALESCE($6, siguiente_intento), enviando_hasta = NULL, \
                        primer_fallo = CASE WHEN $7 THEN primer_fallo ELSE COALESCE(primer_fallo, $5) END \
                 WHERE secuencia = $1",
            )
            .bind(e.secuencia)
            .bind(estado)
            .bind(i.codigo.map(i32::from))
            .bind(i.error.as_deref())
            .bind(ahora)
            .bind(i.siguiente)
            .bind(i.entregado)
            .execute(&mut *tx)
            .await?;
            if i.desactivar {
                sqlx::query("UPDATE webhook_destinos SET activo = FALSE, desactivado_en = $2 WHERE id = $1 AND activo")
                    .bind(&e.destino_id)
                    .bind(ahora)
                    .execute(&mut *tx)
                    .await?;
            }
            Motor::confirmar(tx).await
        }
    }
}
