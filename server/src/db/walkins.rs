//! Walk-in guests: each saved with its comanda (folio from the branch's sequence, taken in the
//! same transaction) and abre.

use anfitrion_core::comanda::Comanda;
use anfitrion_core::personal::Evento;
use anfitrion_core::promos::Abre;
use anfitrion_core::walkin::{
    decidir_walkin, formato_folio, LecturaWalkin, OrdenSolicitada, OrdenValida, WalkinDecidido,
    ORIGEN_WALKIN, STATUS_WALKIN,
};
use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use serde::Serialize;
use sqlx::types::Json;
use utoipa::ToSchema;

use super::alcance::{Alcance, EnAlcance};
use super::bitacora::Cambio;
use super::comun::patron_like;
use super::error::{DbResult, ErrorAlmacen};
use super::espera::Sentada;
use super::impresion::Encargo;
use super::motores::para_cada_motor;
use super::piso::{Apertura, Sala, Sentado};
use super::reservaciones::{Contacto, VeContacto};

/// A walk-in record as the API answers it. `email` and `phone` only for callers with
/// `reservacion.client`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Walkin {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    #[schema(inline)]
    pub contacto: Option<Contacto>,
    /// `YYYY-MM-DD HH:mm`, branch-local.
    #[schema(example = "2026-11-22 14:10")]
    pub fecha_hora: String,
    #[schema(example = "2026-11-22")]
    pub fecha: String,
    #[schema(example = "14:10")]
    pub hora: String,
    pub no_personas: u32,
    pub evento: Evento,
    pub tag_sucursal: String,
    pub status: String,
    pub origin: String,
    pub comanda: Comanda,
    pub abre: Abre,
    /// The comanda's folio as it prints, with the branch's prefix.
    #[schema(example = "POL-0042")]
    pub folio: String,
    /// `HH:mm`, branch-local: when the party arrived (it joined the waitlist), kept when the
    /// branch charged its buffet by the time of arrival; its tickets print it. `null` otherwise.
    #[schema(example = "18:35")]
    pub llegada: Option<String>,
}

/// A page of walk-ins.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PaginaWalkins {
    pub items: Vec<Walkin>,
    pub total: i64,
    pub page: u32,
    pub limit: u32,
}

/// What a list asks for: the branch (by id, checked), the day or every day, a search, the page.
#[derive(Debug, Clone)]
pub struct ConsultaWalkins<'a> {
    pub sucursal_id: &'a str,
    /// The business day's local moments (from, until): the day's list; none for every day.
    pub dia: Option<(NaiveDateTime, NaiveDateTime)>,
    pub q: Option<&'a str>,
    pub page: u32,
    pub limit: u32,
}

#[derive(sqlx::FromRow)]
struct FilaWalkin {
    id: String,
    name: String,
    email: Option<String>,
    phone: Option<String>,
    fecha_hora: NaiveDateTime,
    no_personas: i32,
    evento: String,
    tag: String,
    comanda: Json<Comanda>,
    abre: Json<Abre>,
    prefijo: Option<String>,
    llegada: Option<String>,
    en_alcance: bool,
}

impl FilaWalkin {
    fn walkin(self, ve: VeContacto) -> Walkin {
        let comanda = self.comanda.0;
        Walkin {
            contacto: ve.permite().then_some(Contacto {
                email: self.email,
                phone: self.phone,
            }),
            fecha_hora: anfitrion_core::tiempo::formato_fecha_hora(self.fecha_hora),
            fecha: self.fecha_hora.format("%Y-%m-%d").to_string(),
            hora: self.fecha_hora.format("%H:%M").to_string(),
            no_personas: u32::try_from(self.no_personas).unwrap_or(0),
            evento: Evento::de_nombre(&self.evento),
            status: STATUS_WALKIN.to_owned(),
            origin: ORIGEN_WALKIN.to_owned(),
            folio: formato_folio(self.prefijo.as_deref().unwrap_or(""), comanda.folio()),
            comanda,
            abre: self.abre.0,
            llegada: self.llegada,
            id: self.id,
            name: self.name,
            tag_sucursal: self.tag,
        }
    }
}

fn select_walkin(en_alcance: &str) -> String {
    format!(
        "SELECT w.id, w.name, w.email, w.phone, w.fecha_hora, w.no_personas, w.evento, s.tag, w.comanda, w.abre, \
         c.prefijo_folio AS prefijo, w.llegada, ({en_alcance}) AS en_alcance \
         FROM walkins w JOIN sucursales s ON s.id = w.sucursal_id LEFT JOIN conf_walkin c ON c.sucursal_id = w.sucursal_id"
    )
}

#[derive(Debug, Clone)]
pub struct NuevoWalkin {
    pub id: String,
    pub sucursal_id: String,
    pub cliente_id: Option<String>,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    /// Branch-local wall time.
    pub fecha_hora: NaiveDateTime,
    /// The business day it belongs to (at 00:30, the day before): its promotions apply.
    pub dia: NaiveDate,
    pub evento: Evento,
    pub orden: OrdenWalkin,
    pub created_by: Option<String>,
    pub creado: DateTime<Utc>,
    /// The floor whose table the save opens; none for a past visit (the demo's history).
    pub sala: Option<Sala>,
    /// `HH:MM`: the arrival the branch charged the buffet by, which the tickets print.
    pub llegada: Option<String>,
}

/// The order a walk-in is saved with.
#[derive(Debug, Clone)]
pub enum OrdenWalkin {
    /// As a request asked for it: checked against the branch's catalogue (tables, active
    /// waiters, the promotions usable on the walk-in's date) inside the save's transaction.
    PorComprobar(OrdenSolicitada),
    /// Already checked (the demo's history, which the catalogue of today need not allow).
    Comprobada(OrdenValida),
}

#[async_trait]
pub trait Walkins {
    /// Saves the walk-in with the next folio of its branch and its audit entry, all or nothing, in
    /// one transaction that first checks its order against the branch's catalogue (a refusal is
    /// [`ErrorAlmacen::Entrada`]); answers the walk-in as saved, as [`Walkins::walkin_en`] would
    /// read it. The entry's `despues` is completed with the record (name, folio, party, table,
    /// waiter) whatever the caller gave.
    async fn crear_walkin(
        &self,
        walkin: &NuevoWalkin,
        cambio: &Cambio,
        ve: VeContacto,
    ) -> DbResult<Walkin>;

    /// [`Walkins::crear_walkin`] for a party called from the branch's waitlist: the same save,
    /// which also closes the waiting party `espera_id` as seated by this walk-in. A party not
    /// waiting in the walk-in's branch (seated, gone, unknown) refuses the whole save with
    /// [`ReglaError::EsperaTerminada`](anfitrion_core::ReglaError::EsperaTerminada): nothing
    /// is saved.
    async fn crear_walkin_de_espera(
        &self,
        walkin: &NuevoWalkin,
        cambio: &Cambio,
        ve: VeContacto,
        espera_id: &str,
    ) -> DbResult<Walkin>;

    /// A branch's walk-ins, newest first: one day's, or all in pages; with the total.
    async fn walkins_de(
        &self,
        consulta: &ConsultaWalkins<'_>,
        ve: VeContacto,
    ) -> DbResult<(Vec<Walkin>, i64)>;

    /// One walk-in, if it is in `alcance`.
    async fn walkin_en(
        &self,
        alcance: &Alcance,
        id: &str,
        ve: VeContacto,
    ) -> DbResult<EnAlcance<Walkin>>;
}

para_cada_motor! {
    #[async_trait]
    impl Walkins for Motor {
        async fn crear_walkin(&self, w: &NuevoWalkin, cambio: &Cambio, ve: VeContacto) -> DbResult<Walkin> {
            self.guardar_walkin(w, cambio, ve, None).await
        }

        async fn crear_walkin_de_espera(&self, w: &NuevoWalkin, cambio: &Cambio, ve: VeContacto, espera_id: &str) -> DbResult<Walkin> {
            self.guardar_walkin(w, cambio, ve, Some(espera_id)).await
        }

        async fn walkins_de(&self, c: &ConsultaWalkins<'_>, ve: VeContacto) -> DbResult<(Vec<Walkin>, i64)> {
            let q = c.q.map(str::trim).filter(|q| !q.is_empty());
            let condiciones = |qb: &mut sqlx::QueryBuilder<'_, Db>| {
                qb.push(" WHERE w.sucursal_id = ").push_bind(c.sucursal_id.to_owned());
                if let Some((desde, hasta)) = c.dia {
                    qb.push(" AND w.fecha_hora >= ").push_bind(desde);
                    qb.push(" AND w.fecha_hora < ").push_bind(hasta);
                }
                if let Some(q) = q {
                    // Folded on both sides: accents and case aside, on either engine. Whoever may
                    // list may search by contact; the answer hides it as always.
                    let p = patron_like(&anfitrion_core::texto::plegar(q));
                    qb.push(format!(" AND ({} LIKE ", Motor::plegado("w.name"))).push_bind(p.clone()).push(" ESCAPE '\\'");
                    qb.push(" OR lower(coalesce(w.email, '')) LIKE ").push_bind(p.clone()).push(" ESCAPE '\\'");
                    qb.push(" OR coalesce(w.phone, '') LIKE ").push_bind(p).push(" ESCAPE '\\'");
                    if let Some(digitos) = anfitrion_core::texto::digitos_de_telefono(q) {
                        qb.push(" OR coalesce(w.phone, '') LIKE ").push_bind(format!("%{digitos}%"));
                    }
                    qb.push(")");
                }
            };
            let mut qb = sqlx::QueryBuilder::<Db>::new(select_walkin("TRUE"));
            condiciones(&mut qb);
            qb.push(" ORDER BY w.fecha_hora DESC, w.id DESC LIMIT ")
                .push_bind(i64::from(c.limit))
                .push(" OFFSET ")
                .push_bind(i64::from(c.page.saturating_sub(1)) * i64::from(c.limit));
            let filas = qb.build_query_as::<FilaWalkin>().fetch_all(&self.pool).await?;
            let mut qb = sqlx::QueryBuilder::<Db>::new("SELECT COUNT(*) FROM walkins w");
            condiciones(&mut qb);
            let total: i64 = qb.build_query_scalar().fetch_one(&self.pool).await?;
            Ok((filas.into_iter().map(|f| f.walkin(ve)).collect(), total))
        }

        async fn walkin_en(&self, alcance: &Alcance, id: &str, ve: VeContacto) -> DbResult<EnAlcance<Walkin>> {
            let fila = sqlx::query_as::<_, FilaWalkin>(&format!("{} WHERE w.id = $2", select_walkin(&Motor::en_lista_json("s.tag", 1))))
                .bind(alcance.json())
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
            Ok(EnAlcance::de(fila.map(|f| {
                let dentro = f.en_alcance;
                (f.walkin(ve), dentro)
            })))
        }
    }

    impl Motor {
        /// The walk-in's save, seating the waiting party `espera` when it names one: storage reads
        /// what core needs inside the transaction, core decides everything the save writes
        /// ([`decidir_walkin`]), and storage writes it as it is.
        async fn guardar_walkin(&self, w: &NuevoWalkin, cambio: &Cambio, ve: VeContacto, espera: Option<&str>) -> DbResult<Walkin> {
            let mut tx = self.escribir().await?;
            let folio = Motor::siguiente_folio(&mut tx, &w.sucursal_id).await?.ok_or(ErrorAlmacen::SinReferencia)?;
            // The branch as the answer names it: its tag, and the prefix its folio prints with.
            let (tag, prefijo): (String, Option<String>) = sqlx::query_as(
                "SELECT s.tag, c.prefijo_folio FROM sucursales s LEFT JOIN conf_walkin c ON c.sucursal_id = s.id WHERE s.id = $1",
            )
            .bind(&w.sucursal_id)
            .fetch_one(&mut *tx)
            .await?;
            let prefijo_folio = prefijo.as_deref().unwrap_or("");
            let decidido = match &w.orden {
                OrdenWalkin::PorComprobar(solicitada) => {
                    let lectura = LecturaWalkin {
                        catalogo: Motor::catalogo_en(&mut tx, &w.sucursal_id, w.dia).await?,
                        folio,
                        prefijo: prefijo_folio.to_owned(),
                    };
                    decidir_walkin(&w.name, w.evento, solicitada, w.fecha_hora, &lectura).map_err(ErrorAlmacen::Entrada)?
                }
                OrdenWalkin::Comprobada(valida) => WalkinDecidido::de_orden(&w.name, w.evento, valida.clone(), w.fecha_hora, folio, prefijo_folio),
            }
            .con_llegada(w.llegada.as_deref());
            let comanda = &decidido.comanda;
            let b = decidido.buffets;
            let cliente_id = self.vincular_cliente(&mut tx, &w.name, w.email.as_deref(), w.phone.as_deref()).await?.or_else(|| w.cliente_id.clone());
            sqlx::query(
                "INSERT INTO walkins (id, sucursal_id, cliente_id, name, email, phone, fecha_hora, no_personas, evento, \
                 buffet_adulto, buffet_boy, buffet_promo_adulto, buffet_promo_girl, buffet_promo_boy, folio, comanda, \
                 abre, created_by, created_at, llegada) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)",
            )
            .bind(&w.id)
            .bind(&w.sucursal_id)
            .bind(&cliente_id)
            .bind(&w.name)
            .bind(&w.email)
            .bind(&w.phone)
            .bind(w.fecha_hora)
            .bind(i64::from(comanda.no_personas().get()))
            .bind(w.evento.nombre())
            .bind(i64::from(b.buffet_adulto))
            .bind(i64::from(b.buffet_boy))
            .bind(i64::from(b.buffet_promo_adulto))
            .bind(i64::from(b.buffet_promo_girl))
            .bind(i64::from(b.buffet_promo_boy))
            .bind(i64::try_from(folio).unwrap_or(i64::MAX))
            .bind(Json(comanda))
            .bind(Json(&decidido.abre))
            .bind(&w.created_by)
            .bind(w.creado)
            .bind(&w.llegada)
            .execute(&mut *tx)
            .await?;
            if let Some(sala) = &w.sala {
                let apertura = Apertura {
                    sucursal_id: &w.sucursal_id,
                    tag: &sala.tag,
                    numeros: &decidido.mesas,
                    mesa: comanda.mesa(),
                    personas: comanda.no_personas().get(),
                    sentado: Sentado::Walkin(w.id.clone()),
                    autor: w.created_by.as_deref(),
                    ahora: w.creado,
                    zona: sala.zona,
                };
                Motor::abrir_mesas(&mut tx, &apertura).await?;
            }
            if let Some(espera_id) = espera {
                // After the walk-in's row: the party names it.
                let sentada = Sentada { espera_id, sucursal_id: &w.sucursal_id, tag: &tag, walkin_id: &w.id, ahora: w.creado };
                self.sentar_espera(&mut tx, &sentada).await?;
            }
            if w.sala.is_some() {
                // Its comanda and abre go to the branch's printers with the save, or not at all.
                let sentado = Sentado::Walkin(w.id.clone());
                Motor::encolar(&mut tx, &Encargo { sucursal_id: &w.sucursal_id, sentado: &sentado, tickets: &decidido.tickets, ahora: w.creado }).await?;
            }
            self.anotar(&mut tx, &cambio.con_registro(&decidido.registro)).await?;
            Motor::confirmar(tx).await?;
            let guardado = FilaWalkin {
                id: w.id.clone(),
                name: w.name.clone(),
                email: w.email.clone(),
                phone: w.phone.clone(),
                fecha_hora: w.fecha_hora,
                no_personas: i32::try_from(comanda.no_personas().get()).unwrap_or(i32::MAX),
                evento: w.evento.nombre().to_owned(),
                tag,
                comanda: Json(decidido.comanda),
                abre: Json(decidido.abre),
                prefijo,
                llegada: w.llegada.clone(),
                en_alcance: true,
            };
            Ok(guardado.walkin(ve))
        }
    }
}
