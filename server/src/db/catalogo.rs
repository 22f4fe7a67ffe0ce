//! The branch's catalogue for orders: its waiters (meseros) and promotions. A waiter is never
//! removed, only deactivated, and a promotion is deleted softly: past comandas and abres hold
//! their names in their own JSON, and the records stay for the history.

use anfitrion_core::comanda::Mesero;
use anfitrion_core::promos::{PromocionValida, VentanaPromo};
use anfitrion_core::walkin::{CatalogoSucursal, PromoOfrecida};
use async_trait::async_trait;
use chrono::NaiveDate;
use serde::Serialize;
use utoipa::ToSchema;

use super::alcance::{Alcance, EnAlcance};
use super::bitacora::Cambio;
use super::comun::clave_de_nombre;
use super::error::DbResult;
use super::motores::para_cada_motor;

/// A waiter as the order forms and the waiters screen list them: `_id` and `name`.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct MeseroRef {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub activo: bool,
}

/// A promotion the order forms offer today.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PromoActiva {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub descripcion: String,
    /// Whether the order asks the celebrants' names.
    pub pide_nombres: bool,
}

/// A promotion as the promotions screen lists it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Promocion {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub descripcion: String,
    pub activa: bool,
    /// `YYYY-MM-DD`, or null: no start.
    #[schema(example = "2026-12-01")]
    pub desde: Option<String>,
    /// `YYYY-MM-DD`, or null: no end.
    #[schema(example = "2026-12-31")]
    pub hasta: Option<String>,
    /// Weekdays 1 (Monday) to 7 (Sunday); empty is every day.
    pub dias: Vec<u32>,
    pub pide_nombres: bool,
    /// Whether an order may use it today, in the branch's time (core's rule).
    pub vigente: bool,
}

#[derive(sqlx::FromRow)]
struct FilaPromocion {
    id: String,
    name: String,
    descripcion: String,
    activa: bool,
    desde: Option<NaiveDate>,
    hasta: Option<NaiveDate>,
    dias: Option<String>,
    pide_nombres: bool,
}

impl FilaPromocion {
    fn ventana(&self) -> VentanaPromo {
        let mut dias: Vec<u32> = self
            .dias
            .as_deref()
            .and_then(|d| serde_json::from_str(d).ok())
            .unwrap_or_default();
        dias.sort_unstable();
        VentanaPromo {
            activa: self.activa,
            desde: self.desde,
            hasta: self.hasta,
            dias,
        }
    }

    fn promocion(self, hoy: NaiveDate) -> Promocion {
        let v = self.ventana();
        Promocion {
            vigente: v.vigente(hoy),
            desde: self.desde.map(|d| d.format("%Y-%m-%d").to_string()),
            hasta: self.hasta.map(|d| d.format("%Y-%m-%d").to_string()),
            dias: v.dias,
            id: self.id,
            name: self.name,
            descripcion: self.descripcion,
            activa: self.activa,
            pide_nombres: self.pide_nombres,
        }
    }
}

const SELECT_PROMO: &str =
    "SELECT id, name, descripcion, activa, desde, hasta, dias, pide_nombres FROM promociones";

/// The weekdays as stored: a JSON list, or NULL for every day.
fn dias_json(v: &VentanaPromo) -> Option<String> {
    (!v.dias.is_empty())
        .then(|| serde_json::to_string(&v.dias).expect("una lista de números es JSON"))
}

#[derive(Debug, Clone)]
pub struct NuevoMesero {
    pub id: String,
    pub sucursal_id: String,
    pub name: String,
}

#[derive(Debug, Clone)]
pub struct NuevaPromo {
    pub id: String,
    pub sucursal_id: String,
    pub promo: PromocionValida,
}

/// A waiter's change: only what is given.
#[derive(Debug, Clone, Default)]
pub struct CambiosMesero {
    pub name: Option<String>,
    pub activo: Option<bool>,
}

#[async_trait]
pub trait Catalogo {
    /// [`super::Clave::NombreMesero`] when the branch has an active waiter by that name.
    async fn crear_mesero(&self, mesero: &NuevoMesero, cambio: Option<&Cambio>) -> DbResult<()>;
    /// [`super::Clave::NombrePromocion`] when the branch already has one by that name.
    async fn crear_promo(&self, promo: &NuevaPromo, cambio: Option<&Cambio>) -> DbResult<()>;

    /// The branch's waiters, by name: the active ones, or all.
    async fn meseros_de(&self, sucursal_id: &str, todos: bool) -> DbResult<Vec<MeseroRef>>;

    /// One waiter with its branch's id, if the branch is in `alcance`.
    async fn mesero_en(
        &self,
        alcance: &Alcance,
        id: &str,
    ) -> DbResult<EnAlcance<(MeseroRef, String)>>;

    /// Renames, deactivates or reactivates a waiter, with its audit entry; false if gone.
    async fn cambiar_mesero(
        &self,
        id: &str,
        cambios: &CambiosMesero,
        cambio: &Cambio,
    ) -> DbResult<bool>;

    /// The branch's promotions (not deleted), by name, with whether each is usable on `hoy`.
    async fn promos_de(&self, sucursal_id: &str, hoy: NaiveDate) -> DbResult<Vec<Promocion>>;

    /// The branch's promotions usable on `hoy` (its local date), by name.
    async fn promos_activas_de(
        &self,
        sucursal_id: &str,
        hoy: NaiveDate,
    ) -> DbResult<Vec<PromoActiva>>;

    /// One promotion (not deleted) with its branch's id, if the branch is in `alcance`.
    async fn promo_en(
        &self,
        alcance: &Alcance,
        id: &str,
        hoy: NaiveDate,
    ) -> DbResult<EnAlcance<(Promocion, String)>>;

    /// Replaces a promotion's fields, with its audit entry; false if gone or deleted.
    async fn editar_promo(
        &self,
        id: &str,
        promo: &PromocionValida,
        cambio: &Cambio,
    ) -> DbResult<bool>;

    /// Deletes a promotion softly, with its audit entry; false if gone or already deleted.
    async fn eliminar_promo(&self, id: &str, cambio: &Cambio) -> DbResult<bool>;

    /// The branch's local date now (its time zone; Mexico City's when unknown).
    async fn hoy_de(&self, sucursal_id: &str) -> DbResult<NaiveDate>;

    /// What an order may use at the branch now: tables, active waiters, the promotions usable
    /// today in the branch's time zone.
    async fn catalogo_de(&self, sucursal_id: &str) -> DbResult<CatalogoSucursal>;
}

para_cada_motor! {
    impl Motor {
        /// What an order may use at the branch on `hoy` (its local date), read on `con`: inside a
        /// save's transaction, the order is checked against the catalogue the save sees.
        pub(in crate::db) async fn catalogo_en(con: &mut Conexion, sucursal_id: &str, hoy: NaiveDate) -> DbResult<CatalogoSucursal> {
            let mesas: Vec<i32> = sqlx::query_scalar("SELECT numero FROM mesas WHERE sucursal_id = $1 ORDER BY numero")
                .bind(sucursal_id)
                .fetch_all(&mut *con)
                .await?;
            let meseros: Vec<(String, String)> = sqlx::query_as("SELECT id, name FROM meseros WHERE sucursal_id = $1 AND activo ORDER BY name, id")
                .bind(sucursal_id)
                .fetch_all(&mut *con)
                .await?;
            let promos = sqlx::query_as::<_, FilaPromocion>(&format!("{SELECT_PROMO} WHERE sucursal_id = $1 AND NOT eliminada ORDER BY name, id"))
                .bind(sucursal_id)
                .fetch_all(&mut *con)
                .await?;
            Ok(CatalogoSucursal {
                mesas: mesas.into_iter().filter_map(|n| u32::try_from(n).ok()).collect(),
                meseros: meseros.into_iter().map(|(id, name)| Mesero { id, name }).collect(),
                promos: promos
                    .into_iter()
                    .map(|f| f.promocion(hoy))
                    .filter(|p| p.vigente)
                    .map(|p| PromoOfrecida { id: p.id, name: p.name, pide_nombres: p.pide_nombres })
                    .collect(),
            })
        }
    }

    #[async_trait]
    impl Catalogo for Motor {
        async fn crear_mesero(&self, m: &NuevoMesero, cambio: Option<&Cambio>) -> DbResult<()> {
            let mut tx = self.escribir().await?;
            sqlx::query("INSERT INTO meseros (id, sucursal_id, name, activo, created_at, nombre_clave) VALUES ($1, $2, $3, $4, $5, $6)")
                .bind(&m.id)
                .bind(&m.sucursal_id)
                .bind(&m.name)
                .bind(true)
                .bind(self.reloj.ahora())
                .bind(clave_de_nombre(&m.name))
                .execute(&mut *tx)
                .await?;
            if let Some(c) = cambio {
                self.anotar(&mut tx, c).await?;
            }
            tx.commit().await?;
            Ok(())
        }

        async fn meseros_de(&self, sucursal_id: &str, todos: bool) -> DbResult<Vec<MeseroRef>> {
            Ok(sqlx::query_as::<_, MeseroRef>("SELECT id, name, activo FROM meseros WHERE sucursal_id = $1 AND (activo OR $2) ORDER BY name, id")
                .bind(sucursal_id)
                .bind(todos)
                .fetch_all(&self.pool)
                .await?)
        }

        async fn mesero_en(&self, alcance: &Alcance, id: &str) -> DbResult<EnAlcance<(MeseroRef, String)>> {
            let fila: Option<(String, String, bool, String, bool)> = sqlx::query_as(&format!(
                "SELECT m.id, m.name, m.activo, m.sucursal_id, ({}) FROM meseros m JOIN sucursales s ON s.id = m.sucursal_id WHERE m.id = $2",
                Motor::en_lista_json("s.tag", 1)
            ))
            .bind(alcance.json())
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
            Ok(EnAlcance::de(fila.map(|(id, name, activo, suc, dentro)| ((MeseroRef { id, name, activo }, suc), dentro))))
        }

        async fn cambiar_mesero(&self, id: &str, c: &CambiosMesero, cambio: &Cambio) -> DbResult<bool> {
            let consulta = sqlx::query("UPDATE meseros SET name = COALESCE($2, name), activo = COALESCE($3, activo), nombre_clave = COALESCE($4, nombre_clave) WHERE id = $1")
                .bind(id)
                .bind(&c.name)
                .bind(c.activo)
                .bind(c.name.as_deref().map(clave_de_nombre));
            self.cambiar_con_bitacora(consulta, cambio).await
        }

        async fn promos_de(&self, sucursal_id: &str, hoy: NaiveDate) -> DbResult<Vec<Promocion>> {
            let filas = sqlx::query_as::<_, FilaPromocion>(&format!("{SELECT_PROMO} WHERE sucursal_id = $1 AND NOT eliminada ORDER BY name, id"))
                .bind(sucursal_id)
                .fetch_all(&self.pool)
                .await?;
            Ok(filas.into_iter().map(|f| f.promocion(hoy)).collect())
        }

        async fn promos_activas_de(&self, sucursal_id: &str, hoy: NaiveDate) -> DbResult<Vec<PromoActiva>> {
            Ok(self
                .promos_de(sucursal_id, hoy)
                .await?
                .into_iter()
                .filter(|p| p.vigente)
                .map(|p| PromoActiva { id: p.id, name: p.name, descripcion: p.descripcion, pide_nombres: p.pide_nombres })
                .collect())
        }

        async fn promo_en(&self, alcance: &Alcance, id: &str, hoy: NaiveDate) -> DbResult<EnAlcance<(Promocion, String)>> {
            #[derive(sqlx::FromRow)]
            struct Fila {
                #[sqlx(flatten)]
                promo: FilaPromocion,
                sucursal_id: String,
                en_alcance: bool,
            }
            let fila = sqlx::query_as::<_, Fila>(&format!(
                "SELECT p.id, p.name, p.descripcion, p.activa, p.desde, p.hasta, p.dias, p.pide_nombres, p.sucursal_id, ({}) AS en_alcance \
                 FROM promociones p JOIN sucursales s ON s.id = p.sucursal_id WHERE p.id = $2 AND NOT p.eliminada",
                Motor::en_lista_json("s.tag", 1)
            ))
            .bind(alcance.json())
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
            Ok(EnAlcance::de(fila.map(|f| ((f.promo.promocion(hoy), f.sucursal_id), f.en_alcance))))
        }

        async fn crear_promo(&self, p: &NuevaPromo, cambio: Option<&Cambio>) -> DbResult<()> {
            let v = &p.promo.ventana;
            let mut tx = self.escribir().await?;
            sqlx::query(
                "INSERT INTO promociones (id, sucursal_id, name, descripcion, activa, desde, hasta, dias, pide_nombres, eliminada, created_at, nombre_clave) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
            )
            .bind(&p.id)
            .bind(&p.sucursal_id)
            .bind(&p.promo.name)
            .bind(&p.promo.descripcion)
            .bind(v.activa)
            .bind(v.desde)
            .bind(v.hasta)
            .bind(dias_json(v))
            .bind(p.promo.pide_nombres)
            .bind(false)
            .bind(self.reloj.ahora())
            .bind(clave_de_nombre(&p.promo.name))
            .execute(&mut *tx)
            .await?;
            if let Some(c) = cambio {
                self.anotar(&mut tx, c).await?;
            }
            tx.commit().await?;
            Ok(())
        }

        async fn editar_promo(&self, id: &str, p: &PromocionValida, cambio: &Cambio) -> DbResult<bool> {
            let v = &p.ventana;
            let consulta = sqlx::query(
                "UPDATE promociones SET name = $2, descripcion = $3, activa = $4, desde = $5, hasta = $6, dias = $7, pide_nombres = $8, \
                 nombre_clave = $9 WHERE id = $1 AND NOT eliminada",
            )
            .bind(id)
            .bind(&p.name)
            .bind(&p.descripcion)
            .bind(v.activa)
            .bind(v.desde)
            .bind(v.hasta)
            .bind(dias_json(v))
            .bind(p.pide_nombres)
            .bind(clave_de_nombre(&p.name));
            self.cambiar_con_bitacora(consulta, cambio).await
        }

        async fn eliminar_promo(&self, id: &str, cambio: &Cambio) -> DbResult<bool> {
            let consulta = sqlx::query("UPDATE promociones SET eliminada = TRUE, activa = FALSE WHERE id = $1 AND NOT eliminada").bind(id);
            self.cambiar_con_bitacora(consulta, cambio).await
        }

        async fn hoy_de(&self, sucursal_id: &str) -> DbResult<NaiveDate> {
            // The branch's business day: its zone and the hour its day ends.
            let fila: Option<(String, Option<String>)> =
                sqlx::query_as("SELECT s.zona, c.fin_dia FROM sucursales s LEFT JOIN conf_walkin c ON c.sucursal_id = s.id WHERE s.id = $1")
                    .bind(sucursal_id)
                    .fetch_optional(&self.pool)
                    .await?;
            let (zona, fin_dia) = fila.unwrap_or_default();
            let reglas = anfitrion_core::tiempo::ReglasHorario::parse(&anfitrion_core::tiempo::ConfigHorario {
                zona: Some(zona),
                fin_dia,
                ..Default::default()
            })
            .unwrap_or_default();
            Ok(reglas.hoy(self.reloj.ahora()))
        }

        async fn catalogo_de(&self, sucursal_id: &str) -> DbResult<CatalogoSucursal> {
            let hoy = self.hoy_de(sucursal_id).await?;
            let mut con = self.pool.acquire().await?;
            Motor::catalogo_en(&mut con, sucursal_id, hoy).await
        }
    }
}
