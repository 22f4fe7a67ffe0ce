//! Reminders before a reservation, the guest's single-purpose links (confirm, cancel), the
//! guest's own changes, and the outbox of messages to phones (migration 0018).
//!
//! A reminder is one row of `recordatorios` per reservation and hour, inserted with its links
//! and its message in one transaction (`ON CONFLICT DO NOTHING`): of several instances, or of a
//! pass repeated after a restart, one writes it and the rest find it written.

use anfitrion_core::disponibilidad::ReservaTomada;
use anfitrion_core::estado::EstadoReservacion;
use anfitrion_core::telefono;
use anfitrion_core::ReglaError;
use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};

use super::avisos::Lista;
use super::bitacora::Cambio;
use super::error::{DbResult, ErrorAlmacen};
use super::motores::para_cada_motor;
use super::publico::NuevoCorreo;

/// A branch that sends reminders, with what its messages name.
#[derive(Debug, Clone)]
pub struct SucursalConRecordatorios {
    pub id: String,
    pub tag: String,
    pub name: String,
    pub marca: String,
    pub zona: chrono_tz::Tz,
    /// Earliest first.
    pub horas: Vec<u32>,
}

/// A Pendiente reservation a reminder may be due for.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PorRecordar {
    pub id: String,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub fecha_hora: NaiveDateTime,
    pub no_personas: i32,
    pub created_at: DateTime<Utc>,
}

/// A message to a guest's phone, queued.
#[derive(Debug, Clone)]
pub struct NuevoMensaje {
    pub id: String,
    pub sucursal_id: String,
    pub reservacion_id: Option<String>,
    pub espera_id: Option<String>,
    /// `recordatorio`, `mesa_lista`.
    pub tipo: String,
    /// E.164 (`+525512345678`).
    pub destinatario: String,
    pub texto: String,
}

/// Why a message to a guest's phone was not queued.
#[derive(Debug, Clone)]
pub enum NoEncolado {
    /// The guest left no phone.
    SinTelefono,
    /// No phone provider is set up: the host calls the number (E.164).
    SinProveedor { telefono: String },
    /// The number had all the messages a rolling hour allows.
    Excedido(telefono::CupoExcedido),
}

/// A reminder to record, with the SHA-256 of its two links' tokens and its message.
pub struct NuevoRecordatorio<'a> {
    pub reservacion_id: &'a str,
    pub horas: u32,
    /// `correo`, `telefono` or `ninguno` (no way to reach the guest: recorded, so it is not
    /// looked at again).
    pub canal: &'a str,
    /// The SHA-256 of the "Confirmo" and "Cancelar" tokens; none for a reminder nothing carries.
    pub enlaces: Option<(&'a str, &'a str)>,
    /// When the links stop working: the reservation's time.
    pub vence: DateTime<Utc>,
    pub correo: Option<&'a NuevoCorreo>,
    pub mensaje: Option<&'a NuevoMensaje>,
    pub ahora: DateTime<Utc>,
}

/// A queued phone message, as the sending job reads it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MensajeSalida {
    pub id: String,
    pub destinatario: String,
    pub texto: String,
    pub intentos: i32,
    pub siguiente_intento: DateTime<Utc>,
    pub espera_id: Option<String>,
    /// The branch's tag (the waitlist shows the message's state).
    pub tag: String,
}

/// What a guest does to their reservation, and with which key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccionCliente {
    Confirmar,
    Cancelar,
}

impl AccionCliente {
    fn proposito(self) -> &'static str {
        match self {
            AccionCliente::Confirmar => "confirmar",
            AccionCliente::Cancelar => "cancelar",
        }
    }
}

/// The guest's change of party or time: the new values, and the window of reservations
/// availability is checked against (the new date's).
pub struct CambioCliente<'a> {
    pub fecha_hora: NaiveDateTime,
    pub no_personas: u32,
    pub desde: NaiveDateTime,
    pub hasta: NaiveDateTime,
    pub revisar: &'a (dyn for<'t> Fn(&'t [ReservaTomada]) -> Result<(), ReglaError> + Send + Sync),
    /// The guest's new confirmation, queued with the change (or not at all).
    pub correo: Option<&'a NuevoCorreo>,
}

#[async_trait]
pub trait Recordatorios {
    /// The active branches whose reminders are on.
    async fn sucursales_con_recordatorios(&self) -> DbResult<Vec<SucursalConRecordatorios>>;

    /// The branch's Pendiente reservations with a time in `(desde, hasta]` that have no reminder
    /// of `horas` or fewer yet, soonest first, at most `limite`.
    async fn por_recordar(
        &self,
        sucursal_id: &str,
        desde: NaiveDateTime,
        hasta: NaiveDateTime,
        horas: u32,
        limite: i64,
    ) -> DbResult<Vec<PorRecordar>>;

    /// Records a reminder with its links and message; false when it was recorded already
    /// (another instance, an earlier pass).
    async fn registrar_recordatorio(&self, r: &NuevoRecordatorio<'_>) -> DbResult<bool>;

    /// The guest confirms or cancels: with a link's token hash (`enlace`, which must be this
    /// reservation's, for this action, unused and unexpired, and is used up), or with none when
    /// the caller checked the guest's own page token. The reservation must be Pendiente. Answers
    /// the branch's tag. Refusals: `Entrada(EnlaceInvalido)`, `Regla(EnlaceUsado | EnlaceVencido
    /// | NoPendiente)`, nothing written.
    async fn accion_cliente(
        &self,
        reservacion_id: &str,
        accion: AccionCliente,
        enlace: Option<&str>,
        ahora: DateTime<Utc>,
        cambio: &Cambio,
    ) -> DbResult<String>;

    /// The guest's change of party or time from their own page, under the branch's lock (as a
    /// booking): availability is run again without this reservation. Answers the branch's tag.
    async fn cambiar_cliente(
        &self,
        reservacion_id: &str,
        c: &CambioCliente<'_>,
        cambio: &Cambio,
    ) -> DbResult<String>;

    /// A reminder link of the reservation by its token's hash: its purpose, when it stops
    /// working, and whether it was used.
    async fn enlace(
        &self,
        reservacion_id: &str,
        hash: &str,
    ) -> DbResult<Option<(String, DateTime<Utc>, bool)>>;

    /// Queues a phone message in a transaction of its own.
    async fn encolar_mensaje(&self, m: &NuevoMensaje, ahora: DateTime<Utc>) -> DbResult<()>;

    /// Pending phone messages due at `ahora`, oldest first.
    async fn mensajes_vencidos(
        &self,
        ahora: DateTime<Utc>,
        limite: i64,
    ) -> DbResult<Vec<MensajeSalida>>;

    /// Takes a due message with a lease until `hasta`; false when another instance took it.
    async fn tomar_mensaje(
        &self,
        id: &str,
        antes: DateTime<Utc>,
        hasta: DateTime<Utc>,
    ) -> DbResult<bool>;

    async fn mensaje_enviado(
        &self,
        id: &str,
        proveedor_id: &str,
        ahora: DateTime<Utc>,
    ) -> DbResult<()>;

    /// A failed try: counted, its error kept, tried again at `siguiente`, or given up.
    async fn mensaje_fallo(
        &self,
        id: &str,
        error: &str,
        siguiente: DateTime<Utc>,
        fallido: bool,
    ) -> DbResult<()>;

    /// Announces a change of a branch's list outside a transaction (NOTIFY on PostgreSQL).
    async fn anunciar_lista(&self, lista: Lista, tag: &str) -> DbResult<()>;
}

#[derive(sqlx::FromRow)]
struct FilaSucursal {
    id: String,
    tag: String,
    name: String,
    marca: String,
    zona: String,
    recordatorios_horas: Option<String>,
}

#[derive(sqlx::FromRow)]
struct FilaEnlace {
    vence: DateTime<Utc>,
    usado_en: Option<DateTime<Utc>>,
}

para_cada_motor! {
    impl Motor {
        /// The reservation's tag and state inside the transaction; `None` when it does not exist.
        async fn tag_y_estado(con: &mut Conexion, id: &str) -> DbResult<Option<(String, String)>> {
            Ok(sqlx::query_as("SELECT s.tag, r.status FROM reservaciones r JOIN sucursales s ON s.id = r.sucursal_id WHERE r.id = $1")
                .bind(id)
                .fetch_optional(&mut *con)
                .await?)
        }

        /// Uses up a link: this reservation's, for `proposito`, unused and unexpired.
        async fn usar_enlace(con: &mut Conexion, id: &str, hash: &str, proposito: &str, ahora: DateTime<Utc>) -> DbResult<()> {
            let hecho = sqlx::query(
                "UPDATE enlaces_reservacion SET usado_en = $4 WHERE hash = $1 AND reservacion_id = $2 AND proposito = $3 \
                 AND usado_en IS NULL AND vence > $4",
            )
            .bind(hash)
            .bind(id)
            .bind(proposito)
            .bind(ahora)
            .execute(&mut *con)
            .await?;
            if hecho.rows_affected() == 1 {
                return Ok(());
            }
            let fila = sqlx::query_as::<_, FilaEnlace>(
                "SELECT vence, usado_en FROM enlaces_reservacion WHERE hash = $1 AND reservacion_id = $2 AND proposito = $3",
            )
            .bind(hash)
            .bind(id)
            .bind(proposito)
            .fetch_optional(&mut *con)
            .await?;
            Err(match fila {
                None => ErrorAlmacen::Entrada(ReglaError::EnlaceInvalido),
                Some(f) if f.usado_en.is_some() => ErrorAlmacen::Regla(ReglaError::EnlaceUsado),
                Some(f) if f.vence <= ahora => ErrorAlmacen::Regla(ReglaError::EnlaceVencido),
                Some(_) => ErrorAlmacen::Entrada(ReglaError::EnlaceInvalido),
            })
        }

        fn no_pendiente(estado: &str) -> ErrorAlmacen {
            ErrorAlmacen::Regla(ReglaError::NoPendiente {
                estado: EstadoReservacion::parse(estado).unwrap_or(EstadoReservacion::Cancelada),
            })
        }
    }

    #[async_trait]
    impl Recordatorios for Motor {
        async fn sucursales_con_recordatorios(&self) -> DbResult<Vec<SucursalConRecordatorios>> {
            let filas = sqlx::query_as::<_, FilaSucursal>(
                "SELECT s.id, s.tag, s.name, m.name AS marca, s.zona, c.recordatorios_horas FROM sucursales s \
                 JOIN marcas m ON m.id = s.marca_id JOIN conf_walkin c ON c.sucursal_id = s.id \
                 WHERE s.activa AND c.recordatorios_horas IS NOT NULL AND c.recordatorios_horas <> '' ORDER BY s.id",
            )
            .fetch_all(&self.pool)
            .await?;
            Ok(filas
                .into_iter()
                .filter_map(|f| {
                    let horas = crate::db::sucursales::horas_guardadas(f.recordatorios_horas.as_deref());
                    (!horas.is_empty()).then(|| SucursalConRecordatorios {
                        zona: f.zona.parse().unwrap_or(chrono_tz::America::Mexico_City),
                        id: f.id,
                        tag: f.tag,
                        name: f.name,
                        marca: f.marca,
                        horas,
                    })
                })
                .collect())
        }

        async fn por_recordar(&self, sucursal_id: &str, desde: NaiveDateTime, hasta: NaiveDateTime, horas: u32, limite: i64) -> DbResult<Vec<PorRecordar>> {
            Ok(sqlx::query_as::<_, PorRecordar>(
                "SELECT r.id, r.name, r.email, r.phone, r.fecha_hora, r.no_personas, r.created_at FROM reservaciones r \
                 WHERE r.sucursal_id = $1 AND r.status = $2 AND r.fecha_hora > $3 AND r.fecha_hora <= $4 \
                 AND NOT EXISTS (SELECT 1 FROM recordatorios x WHERE x.reservacion_id = r.id AND x.horas <= $5) \
                 ORDER BY r.fecha_hora, r.id LIMIT $6",
            )
            .bind(sucursal_id)
            .bind(EstadoReservacion::Pendiente.nombre())
            .bind(desde)
            .bind(hasta)
            .bind(i64::from(horas))
            .bind(limite)
            .fetch_all(&self.pool)
            .await?)
        }

        async fn registrar_recordatorio(&self, r: &NuevoRecordatorio<'_>) -> DbResult<bool> {
            let mut tx = self.escribir().await?;
            // A number past its cap of messages in the rolling hour gets no reminder by phone:
            // one reached by nothing else is recorded as reminded through no channel.
            let mut mensaje = r.mensaje;
            if let Some(m) = mensaje {
                let enviados = Motor::mensajes_al_numero(&mut tx, &m.destinatario, r.ahora).await?;
                if !telefono::cabe_en_numero(&enviados, r.ahora) {
                    tracing::warn!(reservacion = %r.reservacion_id, "recordatorio sin mensaje: el teléfono llegó a su tope de mensajes por hora");
                    mensaje = None;
                }
            }
            let canal = if r.canal == "telefono" && mensaje.is_none() { "ninguno" } else { r.canal };
            let nuevo = sqlx::query(
                "INSERT INTO recordatorios (reservacion_id, horas, canal, creado_en) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (reservacion_id, horas) DO NOTHING",
            )
            .bind(r.reservacion_id)
            .bind(i64::from(r.horas))
            .bind(canal)
            .bind(r.ahora)
            .execute(&mut *tx)
            .await?;
            if nuevo.rows_affected() != 1 {
                return Ok(false);
            }
            let enlaces = r.enlaces.filter(|_| canal != "ninguno").map(|(c, x)| [(c, "confirmar"), (x, "cancelar")]).unwrap_or_default();
            for (hash, proposito) in enlaces.into_iter().filter(|(h, _)| !h.is_empty()) {
                sqlx::query(
                    "INSERT INTO enlaces_reservacion (hash, reservacion_id, proposito, vence, creado_en) VALUES ($1, $2, $3, $4, $5)",
                )
                .bind(hash)
                .bind(r.reservacion_id)
                .bind(proposito)
                .bind(r.vence)
                .bind(r.ahora)
                .execute(&mut *tx)
                .await?;
            }
            if let Some(c) = r.correo {
                sqlx::query(
                    "INSERT INTO correos_salida (id, reservacion_id, tipo, destinatario, asunto, texto, html, estado, intentos, \
                     siguiente_intento, creado_en) VALUES ($1, $2, $3, $4, $5, $6, $7, 'pendiente', 0, $8, $8)",
                )
                .bind(&c.id)
                .bind(r.reservacion_id)
                .bind(&c.tipo)
                .bind(&c.destinatario)
                .bind(&c.asunto)
                .bind(&c.texto)
                .bind(&c.html)
                .bind(r.ahora)
                .execute(&mut *tx)
                .await?;
            }
            if let Some(m) = mensaje {
                Motor::insertar_mensaje(&mut tx, m, r.ahora).await?;
            }
            Motor::confirmar(tx).await?;
            Ok(true)
        }

        async fn accion_cliente(&self, id: &str, accion: AccionCliente, enlace: Option<&str>, ahora: DateTime<Utc>, cambio: &Cambio) -> DbResult<String> {
            let mut tx = self.escribir().await?;
            let Some((tag, estado)) = Motor::tag_y_estado(&mut tx, id).await? else {
                return Err(ErrorAlmacen::Entrada(ReglaError::EnlaceInvalido));
            };
            if let Some(hash) = enlace {
                Motor::usar_enlace(&mut tx, id, hash, accion.proposito(), ahora).await?;
            }
            let consulta = match accion {
                AccionCliente::Confirmar => "UPDATE reservaciones SET confirmada = COALESCE(confirmada, $3), updated_at = $3 WHERE id = $1 AND status = $2",
                AccionCliente::Cancelar => "UPDATE reservaciones SET status = $4, updated_at = $3 WHERE id = $1 AND status = $2",
            };
            let hecho = sqlx::query(consulta)
                .bind(id)
                .bind(EstadoReservacion::Pendiente.nombre())
                .bind(ahora)
                .bind(EstadoReservacion::Cancelada.nombre())
                .execute(&mut *tx)
                .await?;
            if hecho.rows_affected() != 1 {
                return Err(Motor::no_pendiente(&estado));
            }
            self.anotar(&mut tx, cambio).await?;
            Motor::avisar_lista(&mut tx, Lista::Reservaciones, &tag).await?;
            Motor::confirmar(tx).await?;
            Ok(tag)
        }

        async fn cambiar_cliente(&self, id: &str, c: &CambioCliente<'_>, cambio: &Cambio) -> DbResult<String> {
            let mut tx = self.escribir().await?;
            let Some((tag, estado)) = Motor::tag_y_estado(&mut tx, id).await? else {
                return Err(ErrorAlmacen::Entrada(ReglaError::EnlaceInvalido));
            };
            let sucursal_id: String = sqlx::query_scalar("SELECT sucursal_id FROM reservaciones WHERE id = $1")
                .bind(id)
                .fetch_one(&mut *tx)
                .await?;
            sqlx::query(Motor::BLOQUEAR_SUCURSAL).bind(&sucursal_id).fetch_optional(&mut *tx).await?;
            let filas: Vec<(NaiveDateTime, i32, String)> = sqlx::query_as(
                "SELECT fecha_hora, no_personas, status FROM reservaciones WHERE sucursal_id = $1 AND fecha_hora >= $2 \
                 AND fecha_hora < $3 AND id <> $4",
            )
            .bind(&sucursal_id)
            .bind(c.desde)
            .bind(c.hasta)
            .bind(id)
            .fetch_all(&mut *tx)
            .await?;
            let tomadas: Vec<ReservaTomada> = filas
                .into_iter()
                .filter_map(|(fecha_hora, n, status)| {
                    Some(ReservaTomada {
                        fecha_hora,
                        no_personas: u32::try_from(n).ok()?,
                        status: EstadoReservacion::parse(&status).ok()?,
                    })
                })
                .collect();
            (c.revisar)(&tomadas).map_err(ErrorAlmacen::Regla)?;
            let hecho = sqlx::query(
                "UPDATE reservaciones SET fecha_hora = $3, no_personas = $4, updated_at = $5 WHERE id = $1 AND status = $2",
            )
            .bind(id)
            .bind(EstadoReservacion::Pendiente.nombre())
            .bind(c.fecha_hora)
            .bind(i64::from(c.no_personas))
            .bind(self.reloj.ahora())
            .execute(&mut *tx)
            .await?;
            if hecho.rows_affected() != 1 {
                return Err(Motor::no_pendiente(&estado));
            }
            if let Some(m) = c.correo {
                sqlx::query(
                    "INSERT INTO correos_salida (id, reservacion_id, tipo, destinatario, asunto, texto, html, estado, intentos, \
                     siguiente_intento, creado_en) VALUES ($1, $2, $3, $4, $5, $6, $7, 'pendiente', 0, $8, $8)",
                )
                .bind(&m.id)
                .bind(id)
                .bind(&m.tipo)
                .bind(&m.destinatario)
                .bind(&m.asunto)
                .bind(&m.texto)
                .bind(&m.html)
                .bind(self.reloj.ahora())
                .execute(&mut *tx)
                .await?;
            }
            self.anotar(&mut tx, cambio).await?;
            Motor::avisar_lista(&mut tx, Lista::Reservaciones, &tag).await?;
            Motor::confirmar(tx).await?;
            Ok(tag)
        }

        async fn enlace(&self, id: &str, hash: &str) -> DbResult<Option<(String, DateTime<Utc>, bool)>> {
            let fila: Option<(String, DateTime<Utc>, Option<DateTime<Utc>>)> = sqlx::query_as(
                "SELECT proposito, vence, usado_en FROM enlaces_reservacion WHERE hash = $1 AND reservacion_id = $2",
            )
            .bind(hash)
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
            Ok(fila.map(|(p, v, u)| (p, v, u.is_some())))
        }

        async fn encolar_mensaje(&self, m: &NuevoMensaje, ahora: DateTime<Utc>) -> DbResult<()> {
            let mut tx = self.escribir().await?;
            Motor::insertar_mensaje(&mut tx, m, ahora).await?;
            Motor::confirmar(tx).await
        }

        async fn mensajes_vencidos(&self, ahora: DateTime<Utc>, limite: i64) -> DbResult<Vec<MensajeSalida>> {
            Ok(sqlx::query_as::<_, MensajeSalida>(
                "SELECT m.id, m.destinatario, m.texto, m.intentos, m.siguiente_intento, m.espera_id, s.tag FROM mensajes_salida m \
                 JOIN sucursales s ON s.id = m.sucursal_id WHERE m.estado = 'pendiente' AND m.siguiente_intento <= $1 \
                 ORDER BY m.siguiente_intento LIMIT $2",
            )
            .bind(ahora)
            .bind(limite)
            .fetch_all(&self.pool)
            .await?)
        }

        async fn tomar_mensaje(&self, id: &str, antes: DateTime<Utc>, hasta: DateTime<Utc>) -> DbResult<bool> {
            let r = sqlx::query(
                "UPDATE mensajes_salida SET siguiente_intento = $3 WHERE id = $1 AND estado = 'pendiente' AND siguiente_intento = $2",
            )
            .bind(id)
            .bind(antes)
            .bind(hasta)
            .execute(&self.pool)
            .await?;
            Ok(r.rows_affected() == 1)
        }

        async fn mensaje_enviado(&self, id: &str, proveedor_id: &str, ahora: DateTime<Utc>) -> DbResult<()> {
            sqlx::query(
                "UPDATE mensajes_salida SET estado = 'enviado', intentos = intentos + 1, enviado_en = $2, proveedor_id = $3, \
                 ultimo_error = NULL WHERE id = $1",
            )
            .bind(id)
            .bind(ahora)
            .bind(proveedor_id)
            .execute(&self.pool)
            .await?;
            Ok(())
        }

        async fn mensaje_fallo(&self, id: &str, error: &str, siguiente: DateTime<Utc>, fallido: bool) -> DbResult<()> {
            sqlx::query(
                "UPDATE mensajes_salida SET intentos = intentos + 1, ultimo_error = $2, siguiente_intento = $3, estado = $4 WHERE id = $1",
            )
            .bind(id)
            .bind(error)
            .bind(siguiente)
            .bind(if fallido { "fallido" } else { "pendiente" })
            .execute(&self.pool)
            .await?;
            Ok(())
        }

        async fn anunciar_lista(&self, lista: Lista, tag: &str) -> DbResult<()> {
            let mut con = self.pool.acquire().await?;
            Motor::avisar_lista(&mut con, lista, tag).await
        }
    }

    impl Motor {
        /// Locks the number `destinatario` (E.164) for the rest of the transaction and answers
        /// when messages were queued to it within the caps' rolling window before `ahora`: the
        /// outbox's rows, whatever instance wrote them.
        pub(in crate::db) async fn mensajes_al_numero(con: &mut Conexion, destinatario: &str, ahora: DateTime<Utc>) -> DbResult<Vec<DateTime<Utc>>> {
            sqlx::query(Motor::BLOQUEAR_NUMERO).bind(destinatario).execute(&mut *con).await?;
            Ok(sqlx::query_scalar("SELECT creado_en FROM mensajes_salida WHERE destinatario = $1 AND creado_en > $2")
                .bind(destinatario)
                .bind(ahora - telefono::ventana_mensajes())
                .fetch_all(&mut *con)
                .await?)
        }

        /// Queues `m` (its `destinatario` made here from `phone`, digits as stored) to a guest's
        /// phone while the number has room in the rolling hour's cap, and the party its own
        /// (`al_grupo`: its earlier calls, for "Avisar"; empty for any other message); says why
        /// not otherwise: no phone, no provider (nothing is queued, whom to call), or the cap.
        #[allow(clippy::too_many_arguments)]
        pub(in crate::db) async fn encolar_al_telefono(
            con: &mut Conexion,
            mut m: NuevoMensaje,
            phone: Option<&str>,
            zona: &str,
            con_proveedor: bool,
            al_grupo: &[DateTime<Utc>],
            ahora: DateTime<Utc>,
        ) -> DbResult<Result<(), NoEncolado>> {
            let Some(phone) = phone.map(str::trim).filter(|p| !p.is_empty()) else {
                return Ok(Err(NoEncolado::SinTelefono));
            };
            // Stored phones are digits with the country code: E.164 is them after a `+`.
            m.destinatario = format!("+{}", phone.trim_start_matches('+'));
            if !con_proveedor {
                return Ok(Err(NoEncolado::SinProveedor { telefono: m.destinatario }));
            }
            let al_numero = Motor::mensajes_al_numero(&mut *con, &m.destinatario, ahora).await?;
            let zona = zona.parse().unwrap_or(chrono_tz::America::Mexico_City);
            if let Err(excedido) = telefono::exigir_cupo_aviso(al_grupo, &al_numero, ahora, zona) {
                return Ok(Err(NoEncolado::Excedido(excedido)));
            }
            Motor::insertar_mensaje(&mut *con, &m, ahora).await?;
            Ok(Ok(()))
        }

        pub(in crate::db) async fn insertar_mensaje(con: &mut Conexion, m: &NuevoMensaje, ahora: DateTime<Utc>) -> DbResult<()> {
            sqlx::query(
                "INSERT INTO mensajes_salida (id, sucursal_id, reservacion_id, espera_id, tipo, destinatario, texto, estado, intentos, \
                 siguiente_intento, creado_en) VALUES ($1, $2, $3, $4, $5, $6, $7, 'pendiente', 0, $8, $8)",
            )
            .bind(&m.id)
            .bind(&m.sucursal_id)
            .bind(&m.reservacion_id)
            .bind(&m.espera_id)
            .bind(&m.tipo)
            .bind(&m.destinatario)
            .bind(&m.texto)
            .bind(ahora)
            .execute(&mut *con)
            .await?;
            Ok(())
        }
    }
}
