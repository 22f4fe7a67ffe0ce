//! The guest book: one record per guest, found or made when a reservation or a walk-in is saved
//! (matched by e-mail or phone as core compares them), each branch's list of its guests, a
//! guest's visits, merging a duplicate; and the partners (affiliates) whose codes reservations
//! may carry.

use anfitrion_core::clientes::{AfiliadoValido, CambiosCliente, ClaveCliente, TipoAfiliado};
use anfitrion_core::estado::EstadoReservacion;
use anfitrion_core::tablero::{NoShows, NoShowsPorConfirmacion};
use async_trait::async_trait;
use chrono::NaiveDateTime;
use serde::Serialize;
use utoipa::ToSchema;

use super::alcance::Alcance;
use super::bitacora::Cambio;
use super::comun::nuevo_id;
use super::error::DbResult;
use super::motores::para_cada_motor;
use super::reservaciones::VeContacto;

/// How a visit's time reads in the guest book: branch-local `YYYY-MM-DD HH:MM`.
fn formato(f: NaiveDateTime) -> String {
    anfitrion_core::tiempo::formato_fecha_hora(f)
}

/// A guest in a branch's list. `email` and `phone` are null for callers without
/// `reservacion.client`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ClienteResumen {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    /// The times the guest came to this branch: reservations they attended (Asistio) and walk-ins.
    pub visitas: i64,
    /// The latest of those visits, branch-local `YYYY-MM-DD HH:MM`; null while the guest has only
    /// bookings (a coming one is not a visit).
    #[schema(example = "2026-11-22 14:10")]
    pub ultima_visita: Option<String>,
    /// Reservations of the guest in this branch that ended as no-shows (Vencido).
    pub no_shows: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PaginaClientes {
    pub items: Vec<ClienteResumen>,
    pub total: i64,
    pub page: u32,
    pub limit: u32,
}

/// Whether a visit was a reservation or a walk-in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TipoVisita {
    Reservacion,
    Walkin,
}

/// One visit on a guest's page.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Visita {
    pub tipo: TipoVisita,
    #[serde(rename = "_id")]
    pub id: String,
    #[schema(example = "2026-11-22 14:10")]
    pub fecha_hora: String,
    /// The reservation's status (`Pendiente`, `Asistio`, `Vencido`, `Cancelada`), or `Walk-in`.
    pub status: String,
    pub no_personas: i64,
    pub evento: String,
    /// The branch's name.
    pub sucursal: String,
}

/// A guest's page: their record and their visits to the caller's branches, newest first.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ClienteDetalle {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub notas: String,
    /// No-shows among the visits listed.
    pub no_shows: i64,
    pub visitas: Vec<Visita>,
}

/// A partner as the affiliates screen lists it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Afiliado {
    #[serde(rename = "_id")]
    pub id: String,
    pub code: String,
    pub name: String,
    pub tipo: TipoAfiliado,
    pub contacto: String,
    pub activo: bool,
}

/// A reservation made with an affiliate's code.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReservacionAfiliado {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    #[schema(example = "2026-11-22 19:15")]
    pub fecha_hora: String,
    pub status: String,
    pub no_personas: i64,
    /// The branch's name.
    pub sucursal: String,
}

/// A partner's page: its reservations in the caller's branches over a period, and how many of
/// them came.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AfiliadoDetalle {
    #[serde(flatten)]
    pub afiliado: Afiliado,
    /// Newest first; at most [`RESERVACIONES_AFILIADO_MAX`] (the counts cover them all).
    pub reservaciones: Vec<ReservacionAfiliado>,
    pub total: i64,
    /// Those whose status is Asistio.
    pub asistidas: i64,
    /// Those whose status is Vencido (the guest did not come).
    pub vencidas: i64,
    /// `asistidas / (asistidas + vencidas)`: of the bookings already decided, how many came; a
    /// pending or cancelled one is neither. 0 when none is decided.
    pub tasa_asistencia: f64,
    /// The no-shows of the reservations their guests confirmed against the rest (what the
    /// reminders buy).
    pub no_shows: NoShowsPorConfirmacion,
}

/// How many reservations an affiliate's page lists.
pub const RESERVACIONES_AFILIADO_MAX: i64 = 500;

/// What an affiliate's page covers: the branches (by tag, already within the caller's), and a
/// period of branch-local time, `[desde, hasta)`.
#[derive(Debug, Clone)]
pub struct PeriodoAfiliado {
    pub alcance: Alcance,
    pub desde: Option<NaiveDateTime>,
    pub hasta: Option<NaiveDateTime>,
}

#[derive(Debug, Clone)]
pub struct NuevoCliente {
    pub id: String,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
}

#[derive(Debug, Clone)]
pub struct NuevoAfiliado {
    pub id: String,
    pub afiliado: AfiliadoValido,
}

#[derive(sqlx::FromRow)]
struct FilaResumen {
    id: String,
    name: String,
    email: Option<String>,
    phone: Option<String>,
    visitas: i64,
    ultima_visita: Option<NaiveDateTime>,
    no_shows: i64,
}

impl FilaResumen {
    fn resumen(self, ve: VeContacto) -> ClienteResumen {
        ClienteResumen {
            email: self.email.filter(|_| ve.permite()),
            phone: self.phone.filter(|_| ve.permite()),
            id: self.id,
            name: self.name,
            visitas: self.visitas,
            ultima_visita: self.ultima_visita.map(formato),
            no_shows: self.no_shows,
        }
    }
}

#[derive(sqlx::FromRow)]
struct FilaVisita {
    tipo: String,
    id: String,
    fecha_hora: NaiveDateTime,
    status: String,
    no_personas: i64,
    evento: String,
    sucursal: String,
}

#[derive(sqlx::FromRow)]
struct FilaAfiliado {
    id: String,
    code: String,
    name: String,
    tipo: String,
    contacto: String,
    activo: bool,
}

impl From<FilaAfiliado> for Afiliado {
    fn from(f: FilaAfiliado) -> Self {
        Afiliado {
            tipo: TipoAfiliado::de_nombre(&f.tipo),
            id: f.id,
            code: f.code,
            name: f.name,
            contacto: f.contacto,
            activo: f.activo,
        }
    }
}

const SELECT_AFILIADO: &str = "SELECT id, code, name, tipo, contacto, activo FROM afiliados";

#[async_trait]
pub trait Clientes {
    /// A guest record as given (e-mail and phone compared as core does); for tools and the
    /// benchmark. [`super::Clave::CorreoCliente`] or [`super::Clave::TelefonoCliente`] when
    /// another guest has them.
    async fn crear_cliente(&self, cliente: &NuevoCliente) -> DbResult<()>;

    /// A page of a branch's guests (those with a reservation or walk-in there), latest visit
    /// first; `q` matches the name, and the e-mail and phone only for callers who may see them.
    async fn clientes_de(
        &self,
        sucursal_id: &str,
        q: Option<&str>,
        page: u32,
        limit: u32,
        ve: VeContacto,
    ) -> DbResult<(Vec<ClienteResumen>, i64)>;

    /// A guest with their visits to branches in `alcance`; `None` when there is no such guest or
    /// none of their visits is in `alcance`.
    async fn cliente_en(
        &self,
        alcance: &Alcance,
        id: &str,
        ve: VeContacto,
    ) -> DbResult<Option<ClienteDetalle>>;

    /// Changes a guest's name and notes, with its audit entry; false if gone.
    async fn editar_cliente(
        &self,
        id: &str,
        cambios: &CambiosCliente,
        cambio: &Cambio,
    ) -> DbResult<bool>;

    /// Moves every reservation and walk-in of `duplicado` to `id`, appends its notes, keeps its
    /// contact where `id` has none, and deletes it, with the audit entry, all at once; false
    /// (nothing changed) when either is gone.
    async fn fusionar_clientes(&self, id: &str, duplicado: &str, cambio: &Cambio)
        -> DbResult<bool>;

    /// Every affiliate, by name.
    async fn afiliados(&self) -> DbResult<Vec<Afiliado>>;

    async fn afiliado(&self, id: &str) -> DbResult<Option<Afiliado>>;

    /// An affiliate with its reservations in the period and branches asked for.
    async fn afiliado_con_reservaciones(
        &self,
        id: &str,
        periodo: &PeriodoAfiliado,
    ) -> DbResult<Option<AfiliadoDetalle>>;

    /// The id of the active affiliate with this (upper-case) code.
    async fn afiliado_activo(&self, code: &str) -> DbResult<Option<String>>;

    /// [`super::Clave::CodigoAfiliado`] when the code is taken.
    async fn crear_afiliado(
        &self,
        afiliado: &NuevoAfiliado,
        cambio: Option<&Cambio>,
    ) -> DbResult<()>;

    /// Replaces an affiliate's fields, with its audit entry; false if gone.
    async fn editar_afiliado(
        &self,
        id: &str,
        afiliado: &AfiliadoValido,
        cambio: &Cambio,
    ) -> DbResult<bool>;

    /// Deactivates an affiliate (its reservations keep it), with its audit entry; false if gone.
    async fn desactivar_afiliado(&self, id: &str, cambio: &Cambio) -> DbResult<bool>;
}

para_cada_motor! {
    impl Motor {
        /// The guest a visit belongs to, found by e-mail, then by phone, or made: the one call a
        /// reservation or walk-in insert makes, on its own transaction, so the visit and its guest
        /// land together. A found guest missing the other contact gains it (unless another guest
        /// has it). `None` for a visit with neither contact.
        pub(in crate::db) async fn vincular_cliente(&self, con: &mut Conexion, name: &str, email: Option<&str>, phone: Option<&str>) -> DbResult<Option<String>> {
            let clave = ClaveCliente::de(email, phone);
            if clave.vacia() {
                return Ok(None);
            }
            // The insert comes first: on SQLite a transaction that starts by reading cannot later
            // take the write lock if another writer committed meanwhile (it fails at once instead of
            // waiting). A guest already known by either key makes the insert do nothing; then the
            // guest is read (on PostgreSQL the insert waits for a concurrent save of the same
            // guest, and the read sees it).
            let id = nuevo_id();
            let hecho = sqlx::query(
                "INSERT INTO clientes (id, name, email, phone, notas, created_at, updated_at) VALUES ($1, $2, $3, $4, '', $5, $5) ON CONFLICT DO NOTHING",
            )
            .bind(&id)
            .bind(name)
            .bind(&clave.email)
            .bind(&clave.phone)
            .bind(self.reloj.ahora())
            .execute(&mut *con)
            .await?;
            if hecho.rows_affected() == 1 {
                let datos = serde_json::json!({ "_id": id, "name": name, "email": clave.email, "phone": clave.phone });
                self.avisar_webhooks(con, anfitrion_core::integracion::Evento::ClienteCreado, None, &datos).await?;
                return Ok(Some(id));
            }
            Motor::cliente_por_clave(con, &clave).await
        }

        async fn cliente_por_clave(con: &mut Conexion, clave: &ClaveCliente) -> DbResult<Option<String>> {
            if let Some(email) = &clave.email {
                let id: Option<String> = sqlx::query_scalar("SELECT id FROM clientes WHERE email = $1").bind(email).fetch_optional(&mut *con).await?;
                if let Some(id) = id {
                    if let Some(phone) = &clave.phone {
                        sqlx::query("UPDATE clientes SET phone = $2 WHERE id = $1 AND phone IS NULL AND NOT EXISTS (SELECT 1 FROM clientes o WHERE o.phone = $2)")
                            .bind(&id)
                            .bind(phone)
                            .execute(&mut *con)
                            .await?;
                    }
                    return Ok(Some(id));
                }
            }
            if let Some(phone) = &clave.phone {
                let id: Option<String> = sqlx::query_scalar("SELECT id FROM clientes WHERE phone = $1").bind(phone).fetch_optional(&mut *con).await?;
                if let Some(id) = id {
                    if let Some(email) = &clave.email {
                        sqlx::query("UPDATE clientes SET email = $2 WHERE id = $1 AND email IS NULL AND NOT EXISTS (SELECT 1 FROM clientes o WHERE o.email = $2)")
                            .bind(&id)
                            .bind(email)
                            .execute(&mut *con)
                            .await?;
                    }
                    return Ok(Some(id));
                }
            }
            Ok(None)
        }
    }

    #[async_trait]
    impl Clientes for Motor {
        async fn crear_cliente(&self, c: &NuevoCliente) -> DbResult<()> {
            let clave = ClaveCliente::de(c.email.as_deref(), c.phone.as_deref());
            sqlx::query("INSERT INTO clientes (id, name, email, phone, notas, created_at, updated_at) VALUES ($1, $2, $3, $4, '', $5, $5)")
                .bind(&c.id)
                .bind(&c.name)
                .bind(&clave.email)
                .bind(&clave.phone)
                .bind(self.reloj.ahora())
                .execute(&self.pool)
                .await?;
            Ok(())
        }

        async fn clientes_de(&self, sucursal_id: &str, q: Option<&str>, page: u32, limit: u32, ve: VeContacto) -> DbResult<(Vec<ClienteResumen>, i64)> {
            let q = q.map(str::trim).filter(|q| !q.is_empty());
            let condiciones = |qb: &mut sqlx::QueryBuilder<'_, Db>| {
                qb.push(" WHERE cs.sucursal_id = ").push_bind(sucursal_id.to_owned());
                if let Some(q) = q {
                    qb.push(" AND ");
                    for parte in Motor::busqueda_cliente(q) {
                        match parte {
                            crate::db::comun::Parte::Sql(sql) => qb.push(sql),
                            crate::db::comun::Parte::Valor(v) => qb.push_bind(v),
                        };
                    }
                }
            };
            let mut qb = sqlx::QueryBuilder::<Db>::new(
                "SELECT c.id, c.name, c.email, c.phone, cs.visitas, cs.ultima_visita, cs.no_shows \
                 FROM clientes_sucursal cs JOIN clientes c ON c.id = cs.cliente_id",
            );
            condiciones(&mut qb);
            qb.push(" ORDER BY cs.ultima_actividad DESC, cs.cliente_id DESC LIMIT ")
                .push_bind(i64::from(limit))
                .push(" OFFSET ")
                .push_bind(i64::from(page.saturating_sub(1)) * i64::from(limit));
            let filas = qb.build_query_as::<FilaResumen>().fetch_all(&self.pool).await?;
            let total: i64 = if q.is_some() {
                let mut qb = sqlx::QueryBuilder::<Db>::new("SELECT COUNT(*) FROM clientes_sucursal cs JOIN clientes c ON c.id = cs.cliente_id");
                condiciones(&mut qb);
                qb.build_query_scalar().fetch_one(&self.pool).await?
            } else {
                // The whole list: the count the triggers keep.
                sqlx::query_scalar("SELECT CAST(COALESCE(MAX(n), 0) AS BIGINT) FROM clientes_conteo WHERE sucursal_id = $1")
                    .bind(sucursal_id)
                    .fetch_one(&self.pool)
                    .await?
            };
            Ok((filas.into_iter().map(|f| f.resumen(ve)).collect(), total))
        }

        async fn cliente_en(&self, alcance: &Alcance, id: &str, ve: VeContacto) -> DbResult<Option<ClienteDetalle>> {
            let cliente: Option<(String, String, Option<String>, Option<String>, String)> =
                sqlx::query_as("SELECT id, name, email, phone, notas FROM clientes WHERE id = $1").bind(id).fetch_optional(&self.pool).await?;
            let Some((id, name, email, phone, notas)) = cliente else { return Ok(None) };
            let en = Motor::en_lista_json("s.tag", 1);
            let filas = sqlx::query_as::<_, FilaVisita>(&format!(
                "SELECT tipo, id, fecha_hora, status, no_personas, evento, sucursal FROM ( \
                 SELECT 'reservacion' AS tipo, r.id, r.fecha_hora, r.status, CAST(r.no_personas AS BIGINT) AS no_personas, r.evento, s.name AS sucursal \
                 FROM reservaciones r JOIN sucursales s ON s.id = r.sucursal_id WHERE r.cliente_id = $2 AND {en} \
                 UNION ALL \
                 SELECT 'walkin' AS tipo, w.id, w.fecha_hora, w.status, CAST(w.no_personas AS BIGINT) AS no_personas, w.evento, s.name AS sucursal \
                 FROM walkins w JOIN sucursales s ON s.id = w.sucursal_id WHERE w.cliente_id = $2 AND {en} \
                 ) v ORDER BY fecha_hora DESC, id DESC LIMIT 1000"
            ))
            .bind(alcance.json())
            .bind(&id)
            .fetch_all(&self.pool)
            .await?;
            if filas.is_empty() {
                return Ok(None);
            }
            let vencido = EstadoReservacion::Vencido.nombre();
            let visitas: Vec<Visita> = filas
                .into_iter()
                .map(|f| Visita {
                    tipo: if f.tipo == "walkin" { TipoVisita::Walkin } else { TipoVisita::Reservacion },
                    id: f.id,
                    fecha_hora: formato(f.fecha_hora),
                    status: f.status,
                    no_personas: f.no_personas,
                    evento: f.evento,
                    sucursal: f.sucursal,
                })
                .collect();
            let no_shows = visitas.iter().filter(|v| v.tipo == TipoVisita::Reservacion && v.status == vencido).count() as i64;
            Ok(Some(ClienteDetalle {
                id,
                name,
                email: email.filter(|_| ve.permite()),
                phone: phone.filter(|_| ve.permite()),
                notas,
                no_shows,
                visitas,
            }))
        }

        async fn editar_cliente(&self, id: &str, c: &CambiosCliente, cambio: &Cambio) -> DbResult<bool> {
            let consulta = sqlx::query("UPDATE clientes SET name = COALESCE($2, name), notas = COALESCE($3, notas), updated_at = $4 WHERE id = $1")
                .bind(id)
                .bind(&c.name)
                .bind(&c.notas)
                .bind(self.reloj.ahora());
            self.cambiar_con_bitacora(consulta, cambio).await
        }

        async fn fusionar_clientes(&self, id: &str, duplicado: &str, cambio: &Cambio) -> DbResult<bool> {
            let mut tx = self.escribir().await?;
            // A write first, so SQLite takes the write lock before reading (see vincular_cliente).
            let existe = sqlx::query("UPDATE clientes SET updated_at = $2 WHERE id = $1").bind(id).bind(self.reloj.ahora()).execute(&mut *tx).await?;
            let dup: Option<(Option<String>, Option<String>, String)> = sqlx::query_as("SELECT email, phone, notas FROM clientes WHERE id = $1")
                .bind(duplicado)
                .fetch_optional(&mut *tx)
                .await?;
            let (Some((email, phone, notas)), 1) = (dup, existe.rows_affected()) else { return Ok(false) };
            let (propio_email, propio_phone): (Option<String>, Option<String>) =
                sqlx::query_as("SELECT email, phone FROM clientes WHERE id = $1").bind(id).fetch_one(&mut *tx).await?;
            sqlx::query("UPDATE reservaciones SET cliente_id = $1 WHERE cliente_id = $2").bind(id).bind(duplicado).execute(&mut *tx).await?;
            sqlx::query("UPDATE walkins SET cliente_id = $1 WHERE cliente_id = $2").bind(id).bind(duplicado).execute(&mut *tx).await?;
            sqlx::query("DELETE FROM clientes WHERE id = $1").bind(duplicado).execute(&mut *tx).await?;
            // A contact the kept record cannot hold (it has its own) is kept in its notes, never lost.
            let mut notas = notas.trim().to_owned();
            let otro = |de: &Option<String>, propio: &Option<String>| de.as_ref().filter(|d| propio.is_some() && Some(*d) != propio.as_ref()).cloned();
            for linea in [otro(&email, &propio_email).map(|e| format!("Otro correo: {e}")), otro(&phone, &propio_phone).map(|p| format!("Otro teléfono: {p}"))].into_iter().flatten() {
                notas = if notas.is_empty() { linea } else { format!("{notas}\n{linea}") };
            }
            sqlx::query(
                "UPDATE clientes SET email = COALESCE(email, $2), phone = COALESCE(phone, $3), \
                 notas = CASE WHEN $4 = '' THEN notas WHEN notas = '' THEN $4 ELSE notas || $5 || $4 END, updated_at = $6 WHERE id = $1",
            )
            .bind(id)
            .bind(&email)
            .bind(&phone)
            .bind(&notas)
            .bind("\n\n")
            .bind(self.reloj.ahora())
            .execute(&mut *tx)
            .await?;
            self.anotar(&mut tx, cambio).await?;
            tx.commit().await?;
            Ok(true)
        }

        async fn afiliados(&self) -> DbResult<Vec<Afiliado>> {
            let filas = sqlx::query_as::<_, FilaAfiliado>(&format!("{SELECT_AFILIADO} ORDER BY name, id")).fetch_all(&self.pool).await?;
            Ok(filas.into_iter().map(Afiliado::from).collect())
        }

        async fn afiliado(&self, id: &str) -> DbResult<Option<Afiliado>> {
            let fila = sqlx::query_as::<_, FilaAfiliado>(&format!("{SELECT_AFILIADO} WHERE id = $1")).bind(id).fetch_optional(&self.pool).await?;
            Ok(fila.map(Afiliado::from))
        }

        async fn afiliado_con_reservaciones(&self, id: &str, p: &PeriodoAfiliado) -> DbResult<Option<AfiliadoDetalle>> {
            let Some(afiliado) = self.afiliado(id).await? else { return Ok(None) };
            let filtro = format!(
                " FROM reservaciones r JOIN sucursales s ON s.id = r.sucursal_id WHERE r.afiliado_id = $2 AND {} \
                 AND ($3 IS NULL OR r.fecha_hora >= $3) AND ($4 IS NULL OR r.fecha_hora < $4)",
                Motor::en_lista_json("s.tag", 1)
            );
            let filas: Vec<(String, String, NaiveDateTime, String, i64, String)> = sqlx::query_as(&format!(
                "SELECT r.id, r.name, r.fecha_hora, r.status, CAST(r.no_personas AS BIGINT) AS no_personas, s.name AS sucursal{filtro} \
                 ORDER BY r.fecha_hora DESC, r.id DESC LIMIT $5"
            ))
            .bind(p.alcance.json())
            .bind(id)
            .bind(p.desde)
            .bind(p.hasta)
            .bind(RESERVACIONES_AFILIADO_MAX)
            .fetch_all(&self.pool)
            .await?;
            let (total, asistidas, vencidas, asistidas_c, vencidas_c): (i64, i64, i64, i64, i64) = sqlx::query_as(&format!(
                "SELECT COUNT(*), CAST(COALESCE(SUM(CASE WHEN r.status = $5 THEN 1 ELSE 0 END), 0) AS BIGINT), \
                 CAST(COALESCE(SUM(CASE WHEN r.status = $6 THEN 1 ELSE 0 END), 0) AS BIGINT), \
                 CAST(COALESCE(SUM(CASE WHEN r.status = $5 AND r.confirmada IS NOT NULL THEN 1 ELSE 0 END), 0) AS BIGINT), \
                 CAST(COALESCE(SUM(CASE WHEN r.status = $6 AND r.confirmada IS NOT NULL THEN 1 ELSE 0 END), 0) AS BIGINT){filtro}"
            ))
            .bind(p.alcance.json())
            .bind(id)
            .bind(p.desde)
            .bind(p.hasta)
            .bind(EstadoReservacion::Asistio.nombre())
            .bind(EstadoReservacion::Vencido.nombre())
            .fetch_one(&self.pool)
            .await?;
            let decididas = asistidas + vencidas;
            Ok(Some(AfiliadoDetalle {
                afiliado,
                reservaciones: filas
                    .into_iter()
                    .map(|(id, name, f, status, no_personas, sucursal)| ReservacionAfiliado { id, name, fecha_hora: formato(f), status, no_personas, sucursal })
                    .collect(),
                total,
                asistidas,
                vencidas,
                tasa_asistencia: if decididas == 0 { 0.0 } else { asistidas as f64 / decididas as f64 },
                no_shows: {
                    let n = |v: i64| u64::try_from(v).unwrap_or(0);
                    NoShowsPorConfirmacion {
                        confirmadas: NoShows::de(n(asistidas_c), n(vencidas_c)),
                        sin_confirmar: NoShows::de(n(asistidas - asistidas_c), n(vencidas - vencidas_c)),
                    }
                },
            }))
        }

        async fn afiliado_activo(&self, code: &str) -> DbResult<Option<String>> {
            Ok(sqlx::query_scalar("SELECT id FROM afiliados WHERE code = $1 AND activo").bind(code).fetch_optional(&self.pool).await?)
        }

        async fn crear_afiliado(&self, a: &NuevoAfiliado, cambio: Option<&Cambio>) -> DbResult<()> {
            let mut tx = self.escribir().await?;
            sqlx::query("INSERT INTO afiliados (id, code, name, tipo, contacto, activo, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)")
                .bind(&a.id)
                .bind(&a.afiliado.code)
                .bind(&a.afiliado.name)
                .bind(a.afiliado.tipo.nombre())
                .bind(&a.afiliado.contacto)
                .bind(a.afiliado.activo)
                .bind(self.reloj.ahora())
                .execute(&mut *tx)
                .await?;
            if let Some(c) = cambio {
                self.anotar(&mut tx, c).await?;
            }
            tx.commit().await?;
            Ok(())
        }

        async fn editar_afiliado(&self, id: &str, a: &AfiliadoValido, cambio: &Cambio) -> DbResult<bool> {
            let consulta = sqlx::query("UPDATE afiliados SET code = $2, name = $3, tipo = $4, contacto = $5, activo = $6 WHERE id = $1")
                .bind(id)
                .bind(&a.code)
                .bind(&a.name)
                .bind(a.tipo.nombre())
                .bind(&a.contacto)
                .bind(a.activo);
            self.cambiar_con_bitacora(consulta, cambio).await
        }

        async fn desactivar_afiliado(&self, id: &str, cambio: &Cambio) -> DbResult<bool> {
            let consulta = sqlx::query("UPDATE afiliados SET activo = FALSE WHERE id = $1").bind(id);
            self.cambiar_con_bitacora(consulta, cambio).await
        }
    }
}
