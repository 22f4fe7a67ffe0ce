//! The branch's waitlist (migration 0018's `lista_espera`): a party waits from the moment the
//! hostess writes it down until it is seated (its walk-in's save closes it, inside that save's
//! transaction) or leaves (with the reason). Calling a party ("Su mesa está lista") records when
//! and queues its message in the phone outbox (`mensajes_salida`) in the same transaction.
//!
//! Every write is one transaction whose change is conditional on the party still waiting
//! (`WHERE estado = 'esperando'`): of two hosts closing one party, one does; a retry of a write
//! that committed finds nothing left to do and says so.

use anfitrion_core::espera::EnEspera;
use anfitrion_core::integracion::Evento;
use anfitrion_core::telefono;
use anfitrion_core::ReglaError;
use async_trait::async_trait;
use chrono::{DateTime, SubsecRound, Utc};

use super::alcance::{Alcance, EnAlcance};
use super::avisos::Lista;
use super::bitacora::Cambio;
use super::comun::nuevo_id;
use super::error::{DbResult, ErrorAlmacen};
use super::motores::para_cada_motor;
use super::recordatorios::{NoEncolado, NuevoMensaje};
use super::reservaciones::{Aviso, NuevaNotificacion};

/// A party waiting.
pub const ESPERANDO: &str = "esperando";
/// A party seated: its walk-in closed it.
pub const SENTADO: &str = "sentado";
/// A party that left without a table.
pub const SE_FUE: &str = "se_fue";
/// The phone message's kind when a party is called.
pub const TIPO_MESA_LISTA: &str = "mesa_lista";
/// The phone message's kind of an answer to a guest's message (automatic or the host's).
pub const TIPO_RESPUESTA: &str = "respuesta";

/// A waiting party as stored, with the state of its last "Su mesa está lista" message.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct GrupoLeido {
    pub id: String,
    pub name: String,
    /// Digits with the country code (`525512345678`).
    pub phone: Option<String>,
    pub personas: i32,
    pub notas: String,
    pub cotizada_min: Option<i32>,
    pub creado_en: DateTime<Utc>,
    pub avisado_en: Option<DateTime<Utc>>,
    /// `pendiente`, `enviado` or `fallido`; none before the party is called.
    pub mensaje: Option<String>,
    /// The guest wrote it down from their phone.
    pub en_linea: bool,
    /// When the guest answered "1" (on their way); none otherwise.
    pub viene_en: Option<DateTime<Utc>>,
    /// The guest's last message by SMS that was not an answer the system took ("1", "9").
    pub ultimo_mensaje: Option<String>,
}

/// A party to write down.
#[derive(Debug, Clone)]
pub struct NuevoGrupo<'a> {
    pub id: &'a str,
    pub sucursal_id: &'a str,
    /// The branch's tag: its consoles hear of the change.
    pub tag: &'a str,
    pub grupo: &'a EnEspera,
    /// The user who wrote it down ([`AUTOR_HUESPED`] for a guest online).
    pub autor: &'a str,
    pub ahora: DateTime<Utc>,
    /// A guest joined from their phone: their page's secret, the notice that rings at the
    /// host stand, and the message with the page's link.
    pub en_linea: Option<EnLinea>,
}

/// Who wrote down a party that a guest added from their phone.
pub const AUTOR_HUESPED: &str = "huesped";
/// The phone message's kind that carries a guest's page link after joining online.
pub const TIPO_LUGAR_ESPERA: &str = "lugar_espera";

/// What a party joined online also stores, in the same transaction.
#[derive(Debug, Clone)]
pub struct EnLinea {
    /// The SHA-256 of the guest page's secret.
    pub token_hash: String,
    /// The notice the branch's consoles ring for.
    pub aviso: NuevaNotificacion,
    /// The message with the page's link (E.164 number, text); `None` without a phone provider.
    /// It is queued only while the number has room in the rolling hour's cap.
    pub mensaje: Option<(String, String)>,
}

/// A party as its guest's page reads it: its branch, its secret and how it stands.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TurnoLeido {
    pub id: String,
    pub sucursal_id: String,
    pub tag: String,
    pub name: String,
    pub personas: i32,
    pub token_hash: Option<String>,
    /// `esperando`, `sentado` or `se_fue`.
    pub estado: String,
    pub motivo: Option<String>,
    pub cotizada_min: Option<i32>,
    pub creado_en: DateTime<Utc>,
    pub avisado_en: Option<DateTime<Utc>>,
    pub cerrado_en: Option<DateTime<Utc>>,
}

/// The wait to quote a party: given the sizes of every waiting party in the list's order, the
/// new one last, its minutes (`None`: no table or join of the branch seats it).
pub type Cotizador<'a> = &'a (dyn Fn(&[u32]) -> Cotizacion + Send + Sync);

/// A party's quote: the one told, and the one the floor's own stay would have given (kept to
/// measure the learned stay against it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cotizacion {
    pub dicha: Option<u32>,
    pub fija: Option<u32>,
}

/// What writing a party down answers: the party as stored, and the sizes of the parties ahead
/// of it (as the transaction saw them), in order.
#[derive(Debug, Clone)]
pub struct GrupoAnotado {
    pub grupo: GrupoLeido,
    pub delante: Vec<u32>,
    /// The notice of a party joined online, to publish after the commit.
    pub aviso: Option<Aviso>,
    /// The message with the guest page's link was queued.
    pub mensaje_en_cola: bool,
}

/// A party after it was called or left.
#[derive(Debug, Clone)]
pub struct GrupoCambiado {
    pub id: String,
    pub name: String,
    /// The branch's tag, for the live notice after the commit.
    pub tag: String,
    /// `esperando`, `sentado` or `se_fue`.
    pub estado: String,
    pub motivo: Option<String>,
    pub avisado_en: Option<DateTime<Utc>>,
    pub cerrado_en: Option<DateTime<Utc>>,
    /// The state of its last "Su mesa está lista" message.
    pub mensaje: Option<String>,
}

/// What calling a party did.
#[derive(Debug, Clone)]
pub enum Llamado {
    /// Called: its message is queued.
    Avisado(GrupoCambiado),
    /// Nothing was written: the party left no phone (the hostess calls it by its name), no
    /// provider is set up (she calls the number), or the party or its number had all the
    /// messages a rolling hour allows (the refusal says when it may be called again).
    NoEncolado(NoEncolado),
}

/// The text of the "Su mesa está lista" message, given the branch's name.
pub type TextoMesaLista = fn(&str) -> String;

/// The party a walk-in's save seats, inside that save's transaction.
#[derive(Debug, Clone)]
pub struct Sentada<'a> {
    pub espera_id: &'a str,
    pub sucursal_id: &'a str,
    pub tag: &'a str,
    pub walkin_id: &'a str,
    pub ahora: DateTime<Utc>,
}

/// An instant as both engines keep it (PostgreSQL to the microsecond): what a write answers is
/// what a later read gives back.
pub fn al_microsegundo(t: DateTime<Utc>) -> DateTime<Utc> {
    t.trunc_subsecs(6)
}

#[derive(sqlx::FromRow)]
struct FilaEnAlcance {
    sucursal_id: String,
    tag: String,
    sucursal: String,
    zona: String,
    name: String,
    phone: Option<String>,
    estado: String,
    avisado_en: Option<DateTime<Utc>>,
    dentro: bool,
}

/// The columns of a waiting party, its last message's state among them.
const COLUMNAS_GRUPO: &str =
    "e.id, e.name, e.phone, e.personas, e.notas, e.cotizada_min, e.creado_en, e.avisado_en, e.en_linea, e.viene_en, \
     (SELECT x.texto FROM mensajes_entrantes x WHERE x.espera_id = e.id AND x.decision = 'mensaje' \
      ORDER BY x.creado_en DESC LIMIT 1) AS ultimo_mensaje, \
     (SELECT m.estado FROM mensajes_salida m WHERE m.espera_id = e.id AND m.tipo = 'mesa_lista' \
      ORDER BY m.creado_en DESC, m.id DESC LIMIT 1) AS mensaje";

/// A party of the waitlist as the queue's figures read it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PasoLeido {
    pub creado_en: DateTime<Utc>,
    pub cerrado_en: Option<DateTime<Utc>>,
    /// `esperando`, `sentado` or `se_fue`.
    pub estado: String,
    pub cotizada_min: Option<i32>,
    pub cotizada_fija_min: Option<i32>,
    pub en_linea: bool,
}

#[async_trait]
pub trait Espera {
    /// Every party written down on the branch's list from `desde` until before `hasta`, however
    /// it ended, in order of arrival.
    async fn paso_por_la_lista(
        &self,
        sucursal_id: &str,
        desde: DateTime<Utc>,
        hasta: DateTime<Utc>,
    ) -> DbResult<Vec<PasoLeido>>;

    /// The branch's waiting parties, in order of arrival.
    async fn espera_de(&self, sucursal_id: &str) -> DbResult<Vec<GrupoLeido>>;

    /// The party `id` (waiting or not) with its branch and its guest page's secret's hash.
    async fn turno_de(&self, id: &str) -> DbResult<Option<TurnoLeido>>;

    /// Writes a party down, last in the list, with the wait `cotizar` quotes it from the parties
    /// already waiting as this transaction sees them.
    async fn anotar_espera(
        &self,
        nuevo: &NuevoGrupo<'_>,
        cotizar: Cotizador<'_>,
    ) -> DbResult<GrupoAnotado>;

    /// Calls the waiting party `id`: records when, and queues its "Su mesa está lista" message
    /// (`texto`, given the branch's name) to its phone in E.164, in one transaction. A party no
    /// longer waiting is [`ReglaError::EsperaTerminada`]; one without a phone writes nothing.
    async fn avisar_espera(
        &self,
        alcance: &Alcance,
        id: &str,
        texto: TextoMesaLista,
        con_proveedor: bool,
    ) -> DbResult<EnAlcance<Llamado>>;

    /// Answers the waiting party `id`'s message: `texto` to its phone through the outbox, with
    /// the log entry `cambio`, in one transaction, while its number has room in the rolling
    /// hour's cap (else nothing is written). A party no longer waiting is
    /// [`ReglaError::EsperaTerminada`]; one without a phone, or without a provider, writes nothing.
    async fn responder_espera(
        &self,
        alcance: &Alcance,
        id: &str,
        texto: &str,
        con_proveedor: bool,
        cambio: &Cambio,
    ) -> DbResult<EnAlcance<Llamado>>;

    /// Takes the waiting party `id` off the list with the reason it left (checked by core). A
    /// party no longer waiting is [`ReglaError::EsperaTerminada`].
    async fn salir_espera(
        &self,
        alcance: &Alcance,
        id: &str,
        motivo: &str,
    ) -> DbResult<EnAlcance<GrupoCambiado>>;
}

para_cada_motor! {
    impl Motor {
        /// Closes the waiting party of `s` as seated by its walk-in, in the walk-in's save: a party
        /// not waiting in that branch (seated, gone, another branch's, none) refuses the save.
        /// Call after the walk-in's row is written (the party names it).
        pub(in crate::db) async fn sentar_espera(&self, con: &mut Conexion, s: &Sentada<'_>) -> DbResult<()> {
            let hecho = sqlx::query(
                "UPDATE lista_espera SET estado = $4, walkin_id = $3, cerrado_en = $5 \
                 WHERE id = $1 AND sucursal_id = $2 AND estado = $6",
            )
            .bind(s.espera_id)
            .bind(s.sucursal_id)
            .bind(s.walkin_id)
            .bind(SENTADO)
            .bind(s.ahora)
            .bind(ESPERANDO)
            .execute(&mut *con)
            .await?;
            if hecho.rows_affected() == 0 {
                return Err(ErrorAlmacen::Regla(ReglaError::EsperaTerminada));
            }
            let datos = serde_json::json!({ "_id": s.espera_id, "walkin_id": s.walkin_id, "estado": SENTADO });
            self.avisar_webhooks(con, Evento::EsperaSentada, Some(s.sucursal_id), &datos).await?;
            Motor::avisar_lista(con, Lista::Espera, s.tag).await
        }

        /// The party `id` with its branch, if it is in `alcance`; one no longer waiting refuses.
        async fn grupo_esperando(con: &mut Conexion, alcance: &Alcance, id: &str) -> DbResult<EnAlcance<FilaEnAlcance>> {
            let fila: Option<FilaEnAlcance> = sqlx::query_as(&format!(
                "SELECT e.sucursal_id, s.tag, s.name AS sucursal, s.zona, e.name, e.phone, e.estado, e.avisado_en, ({}) AS dentro \
                 FROM lista_espera e JOIN sucursales s ON s.id = e.sucursal_id WHERE e.id = $2",
                Motor::en_lista_json("s.tag", 1)
            ))
            .bind(alcance.json())
            .bind(id)
            .fetch_optional(&mut *con)
            .await?;
            match fila {
                None => Ok(EnAlcance::NoExiste),
                Some(f) if !f.dentro => Ok(EnAlcance::Ajeno),
                Some(f) if f.estado != ESPERANDO => Err(ErrorAlmacen::Regla(ReglaError::EsperaTerminada)),
                Some(f) => Ok(EnAlcance::Si(f)),
            }
        }
    }

    #[async_trait]
    impl Espera for Motor {
        async fn paso_por_la_lista(&self, sucursal_id: &str, desde: DateTime<Utc>, hasta: DateTime<Utc>) -> DbResult<Vec<PasoLeido>> {
            Ok(sqlx::query_as::<_, PasoLeido>(
                "SELECT e.creado_en, e.cerrado_en, e.estado, e.cotizada_min, e.cotizada_fija_min, e.en_linea FROM lista_espera e \
                 WHERE e.sucursal_id = $1 AND e.creado_en >= $2 AND e.creado_en < $3 ORDER BY e.creado_en, e.id",
            )
            .bind(sucursal_id)
            .bind(desde)
            .bind(hasta)
            .fetch_all(&self.pool)
            .await?)
        }

        async fn espera_de(&self, sucursal_id: &str) -> DbResult<Vec<GrupoLeido>> {
            Ok(sqlx::query_as::<_, GrupoLeido>(&format!(
                "SELECT {COLUMNAS_GRUPO} FROM lista_espera e WHERE e.sucursal_id = $1 AND e.estado = $2 \
                 ORDER BY e.creado_en, e.id"
            ))
            .bind(sucursal_id)
            .bind(ESPERANDO)
            .fetch_all(&self.pool)
            .await?)
        }

        async fn turno_de(&self, id: &str) -> DbResult<Option<TurnoLeido>> {
            Ok(sqlx::query_as::<_, TurnoLeido>(
                "SELECT e.id, e.sucursal_id, s.tag, e.name, e.personas, e.token_hash, e.estado, e.motivo, e.cotizada_min, \
                 e.creado_en, e.avisado_en, e.cerrado_en FROM lista_espera e JOIN sucursales s ON s.id = e.sucursal_id WHERE e.id = $1",
            )
            .bind(id)
            .fetch_optional(&self.pool)
            .await?)
        }

        async fn anotar_espera(&self, n: &NuevoGrupo<'_>, cotizar: Cotizador<'_>) -> DbResult<GrupoAnotado> {
            let mut tx = self.escribir().await?;
            let delante: Vec<i32> = sqlx::query_scalar(
                "SELECT personas FROM lista_espera WHERE sucursal_id = $1 AND estado = $2 ORDER BY creado_en, id",
            )
            .bind(n.sucursal_id)
            .bind(ESPERANDO)
            .fetch_all(&mut *tx)
            .await?;
            let delante: Vec<u32> = delante.into_iter().map(|p| u32::try_from(p).unwrap_or(1)).collect();
            let mut fila = delante.clone();
            fila.push(n.grupo.personas);
            let cotizacion = cotizar(&fila);
            let cotizada = cotizacion.dicha.and_then(|m| i32::try_from(m).ok());
            let cotizada_fija = cotizacion.fija.and_then(|m| i32::try_from(m).ok());
            sqlx::query(
                "INSERT INTO lista_espera (id, sucursal_id, name, phone, personas, notas, cotizada_min, estado, creado_en, autor, en_linea, token_hash, cotizada_fija_min) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
            )
            .bind(n.id)
            .bind(n.sucursal_id)
            .bind(&n.grupo.name)
            .bind(&n.grupo.phone)
            .bind(i64::from(n.grupo.personas))
            .bind(&n.grupo.notas)
            .bind(cotizada.map(i64::from))
            .bind(ESPERANDO)
            .bind(n.ahora)
            .bind(n.autor)
            .bind(n.en_linea.is_some())
            .bind(n.en_linea.as_ref().map(|l| l.token_hash.as_str()))
            .bind(cotizada_fija.map(i64::from))
            .execute(&mut *tx)
            .await?;
            let mut aviso = None;
            let mut mensaje_en_cola = false;
            if let Some(l) = &n.en_linea {
                aviso = Some(Motor::insertar_notificacion(&mut tx, &l.aviso).await?);
                if let Some((destinatario, texto)) = &l.mensaje {
                    // The link goes only while the number has room: a join never lifts the cap
                    // that keeps a stranger's number from being flooded.
                    let al_numero = Motor::mensajes_al_numero(&mut tx, destinatario, n.ahora).await?;
                    if telefono::cabe_en_numero(&al_numero, n.ahora) {
                        let mensaje = NuevoMensaje {
                            id: nuevo_id(),
                            sucursal_id: n.sucursal_id.to_owned(),
                            reservacion_id: None,
                            espera_id: Some(n.id.to_owned()),
                            tipo: TIPO_LUGAR_ESPERA.to_owned(),
                            destinatario: destinatario.clone(),
                            texto: texto.clone(),
                        };
                        Motor::insertar_mensaje(&mut tx, &mensaje, n.ahora).await?;
                        mensaje_en_cola = true;
                    }
                }
            }
            let datos = serde_json::json!({
                "_id": n.id, "name": n.grupo.name, "phone": n.grupo.phone, "personas": n.grupo.personas,
                "notas": n.grupo.notas, "cotizada_min": cotizada, "creado_en": n.ahora,
            });
            self.avisar_webhooks(&mut tx, Evento::EsperaAgregada, Some(n.sucursal_id), &datos).await?;
            Motor::avisar_lista(&mut tx, Lista::Espera, n.tag).await?;
            Motor::confirmar(tx).await?;
            Ok(GrupoAnotado {
                grupo: GrupoLeido {
                    id: n.id.to_owned(),
                    name: n.grupo.name.clone(),
                    phone: n.grupo.phone.clone(),
                    personas: i32::try_from(n.grupo.personas).unwrap_or(i32::MAX),
                    notas: n.grupo.notas.clone(),
                    cotizada_min: cotizada,
                    creado_en: n.ahora,
                    avisado_en: None,
                    mensaje: None,
                    en_linea: n.en_linea.is_some(),
                    viene_en: None,
                    ultimo_mensaje: None,
                },
                delante,
                aviso,
                mensaje_en_cola,
            })
        }

        async fn avisar_espera(&self, alcance: &Alcance, id: &str, texto: TextoMesaLista, con_proveedor: bool) -> DbResult<EnAlcance<Llamado>> {
            let mut tx = self.escribir().await?;
            let f = match Motor::grupo_esperando(&mut tx, alcance, id).await? {
                EnAlcance::Si(f) => f,
                EnAlcance::Ajeno => return Ok(EnAlcance::Ajeno),
                EnAlcance::NoExiste => return Ok(EnAlcance::NoExiste),
            };
            let ahora = al_microsegundo(self.reloj.ahora());
            // The party's row first, then its number (locked while the message is queued): two
            // calls to one party or one number count one after the other.
            let hecho = sqlx::query("UPDATE lista_espera SET avisado_en = $2 WHERE id = $1 AND estado = $3")
                .bind(id)
                .bind(ahora)
                .bind(ESPERANDO)
                .execute(&mut *tx)
                .await?;
            if hecho.rows_affected() == 0 {
                return Err(ErrorAlmacen::Regla(ReglaError::EsperaTerminada));
            }
            let al_grupo: Vec<DateTime<Utc>> = sqlx::query_scalar(
                "SELECT creado_en FROM mensajes_salida WHERE espera_id = $1 AND tipo = $2 AND creado_en > $3",
            )
            .bind(id)
            .bind(TIPO_MESA_LISTA)
            .bind(ahora - telefono::ventana_mensajes())
            .fetch_all(&mut *tx)
            .await?;
            let mensaje = NuevoMensaje {
                id: nuevo_id(),
                sucursal_id: f.sucursal_id.clone(),
                reservacion_id: None,
                espera_id: Some(id.to_owned()),
                tipo: TIPO_MESA_LISTA.to_owned(),
                destinatario: String::new(),
                texto: texto(&f.sucursal),
            };
            if let Err(no) =
                Motor::encolar_al_telefono(&mut tx, mensaje, f.phone.as_deref(), &f.zona, con_proveedor, &al_grupo, ahora).await?
            {
                // Without a phone, a provider or room, nothing is written: the transaction is
                // dropped, rolled back.
                return Ok(EnAlcance::Si(Llamado::NoEncolado(no)));
            }
            Motor::avisar_lista(&mut tx, Lista::Espera, &f.tag).await?;
            Motor::confirmar(tx).await?;
            Ok(EnAlcance::Si(Llamado::Avisado(GrupoCambiado {
                id: id.to_owned(),
                name: f.name,
                tag: f.tag,
                estado: ESPERANDO.to_owned(),
                motivo: None,
                avisado_en: Some(ahora),
                cerrado_en: None,
                mensaje: Some("pendiente".to_owned()),
            })))
        }

        async fn responder_espera(&self, alcance: &Alcance, id: &str, texto: &str, con_proveedor: bool, cambio: &Cambio) -> DbResult<EnAlcance<Llamado>> {
            let mut tx = self.escribir().await?;
            let f = match Motor::grupo_esperando(&mut tx, alcance, id).await? {
                EnAlcance::Si(f) => f,
                EnAlcance::Ajeno => return Ok(EnAlcance::Ajeno),
                EnAlcance::NoExiste => return Ok(EnAlcance::NoExiste),
            };
            let ahora = al_microsegundo(self.reloj.ahora());
            let mensaje = NuevoMensaje {
                id: nuevo_id(),
                sucursal_id: f.sucursal_id.clone(),
                reservacion_id: None,
                espera_id: Some(id.to_owned()),
                tipo: TIPO_RESPUESTA.to_owned(),
                destinatario: String::new(),
                texto: texto.to_owned(),
            };
            if let Err(no) = Motor::encolar_al_telefono(&mut tx, mensaje, f.phone.as_deref(), &f.zona, con_proveedor, &[], ahora).await? {
                // Nothing is written: the transaction is dropped, rolled back.
                return Ok(EnAlcance::Si(Llamado::NoEncolado(no)));
            }
            self.anotar(&mut tx, &cambio.clone().en(&f.sucursal_id)).await?;
            Motor::avisar_lista(&mut tx, Lista::Espera, &f.tag).await?;
            Motor::confirmar(tx).await?;
            Ok(EnAlcance::Si(Llamado::Avisado(GrupoCambiado {
                id: id.to_owned(),
                name: f.name,
                tag: f.tag,
                estado: ESPERANDO.to_owned(),
                motivo: None,
                avisado_en: f.avisado_en,
                cerrado_en: None,
                mensaje: Some("pendiente".to_owned()),
            })))
        }

        async fn salir_espera(&self, alcance: &Alcance, id: &str, motivo: &str) -> DbResult<EnAlcance<GrupoCambiado>> {
            let mut tx = self.escribir().await?;
            let f = match Motor::grupo_esperando(&mut tx, alcance, id).await? {
                EnAlcance::Si(f) => f,
                EnAlcance::Ajeno => return Ok(EnAlcance::Ajeno),
                EnAlcance::NoExiste => return Ok(EnAlcance::NoExiste),
            };
            let ahora = al_microsegundo(self.reloj.ahora());
            let hecho = sqlx::query(
                "UPDATE lista_espera SET estado = $2, motivo = $3, cerrado_en = $4 WHERE id = $1 AND estado = $5",
            )
            .bind(id)
            .bind(SE_FUE)
            .bind(motivo)
            .bind(ahora)
            .bind(ESPERANDO)
            .execute(&mut *tx)
            .await?;
            if hecho.rows_affected() == 0 {
                return Err(ErrorAlmacen::Regla(ReglaError::EsperaTerminada));
            }
            let mensaje: Option<String> = sqlx::query_scalar(
                "SELECT estado FROM mensajes_salida WHERE espera_id = $1 AND tipo = $2 ORDER BY creado_en DESC, id DESC LIMIT 1",
            )
            .bind(id)
            .bind(TIPO_MESA_LISTA)
            .fetch_optional(&mut *tx)
            .await?;
            Motor::avisar_lista(&mut tx, Lista::Espera, &f.tag).await?;
            Motor::confirmar(tx).await?;
            Ok(EnAlcance::Si(GrupoCambiado {
                id: id.to_owned(),
                name: f.name,
                tag: f.tag,
                estado: SE_FUE.to_owned(),
                motivo: Some(motivo.to_owned()),
                avisado_en: f.avisado_en,
                cerrado_en: Some(ahora),
                mensaje,
            }))
        }
    }
}
