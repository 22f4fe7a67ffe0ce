//! The branch record: its own data, what it is created with (schedule, tables, days, walk-in
//! settings and folio counter, in one transaction), its reads in full or for the selector, and
//! the edit of its own data.

use anfitrion_core::sucursal::{SucursalNueva, Tag};
use anfitrion_core::tiempo::{formato_hora, ConfigHorario};
use anfitrion_core::walkin::ConfWalkin;
use async_trait::async_trait;
use serde::Serialize;
use utoipa::ToSchema;

use super::horario::{DiaEspecial, DiaHorario};
use super::mesas::Mesa;
use crate::db::alcance::{Alcance, EnAlcance};
use crate::db::bitacora::Cambio;
use crate::db::comun::Dialecto;
use crate::db::error::DbResult;
use crate::db::motores::para_cada_motor;

/// Brand reference as branches carry it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MarcaRef {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
}

/// A branch with its schedule, tables and special days: what /marcas/{id} edits and the booking
/// availability reads.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Sucursal {
    #[serde(rename = "_id")]
    pub id: String,
    pub tag: String,
    pub name: String,
    pub marca: MarcaRef,
    /// IANA time zone of the branch.
    #[schema(example = "America/Mexico_City")]
    pub zona: String,
    pub direccion: Option<String>,
    pub telefono: Option<String>,
    pub activa: bool,
    pub horario: Vec<DiaHorario>,
    pub mesas: Vec<Mesa>,
    pub days: Vec<DiaEspecial>,
}

/// A branch as the selector lists it, with the time settings the order forms need (core reads
/// them in the browser to suggest the buffet mode).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SucursalResumen {
    #[serde(rename = "_id")]
    pub id: String,
    pub tag: String,
    pub name: String,
    pub marca: MarcaRef,
    pub horario: ConfigHorario,
    /// The closing line of the branch's tickets (its walk-in settings); empty for the default.
    pub pie_ticket: String,
}

/// A branch to create: core's checked data, its first schedule, tables and days, and its walk-in
/// settings (core's defaults unless the caller has others).
#[derive(Debug, Clone)]
pub struct NuevaSucursal {
    pub id: String,
    pub datos: SucursalNueva,
    pub horario: Vec<DiaHorario>,
    pub mesas: Vec<Mesa>,
    pub days: Vec<DiaEspecial>,
    pub conf: ConfWalkin,
}

#[derive(sqlx::FromRow)]
pub(super) struct FilaSucursal {
    id: String,
    tag: String,
    name: String,
    zona: String,
    direccion: Option<String>,
    telefono: Option<String>,
    activa: bool,
    pub(super) marca_id: String,
    marca_name: String,
    inicio_regular: Option<String>,
    inicio_promo: Option<String>,
    corte_tarde: Option<String>,
    fin_dia: Option<String>,
    cobro_por_llegada: Option<bool>,
    pie_ticket: Option<String>,
    /// Whether the branch is among the caller's.
    en_alcance: bool,
}

/// A branch as its creation entry holds it.
#[derive(Serialize)]
struct RegistroSucursal<'a> {
    tag: &'a str,
    name: &'a str,
    marca: &'a str,
    zona: &'a str,
    direccion: Option<&'a str>,
    telefono: Option<&'a str>,
    prefijo_folio: &'a str,
}

/// A branch's own data as its form edits it, checked by core.
#[derive(Debug, Clone)]
pub struct EdicionSucursal {
    pub datos: SucursalNueva,
    pub activa: bool,
}

/// Columns of a branch joined with its brand, and whether it is in the scope bound as `$1`.
pub(super) fn select_sucursal<D: Dialecto>() -> String {
    format!(
        "SELECT s.id, s.tag, s.name, s.zona, s.direccion, s.telefono, s.activa, m.id AS marca_id, m.name AS marca_name, \
         c.inicio_regular, c.inicio_promo, c.corte_tarde, c.fin_dia, c.cobro_por_llegada, c.pie_ticket, ({}) AS en_alcance \
         FROM sucursales s JOIN marcas m ON m.id = s.marca_id LEFT JOIN conf_walkin c ON c.sucursal_id = s.id",
        D::en_lista_json("s.tag", 1)
    )
}

impl FilaSucursal {
    fn horario(&self) -> ConfigHorario {
        ConfigHorario {
            zona: Some(self.zona.clone()),
            inicio_regular: self.inicio_regular.clone(),
            inicio_promo: self.inicio_promo.clone(),
            corte_tarde: self.corte_tarde.clone(),
            fin_dia: self.fin_dia.clone(),
            cobro_por_llegada: self.cobro_por_llegada,
        }
    }

    pub(super) fn clone_resumen(&self) -> SucursalResumen {
        SucursalResumen {
            id: self.id.clone(),
            tag: self.tag.clone(),
            name: self.name.clone(),
            marca: MarcaRef {
                id: self.marca_id.clone(),
                name: self.marca_name.clone(),
            },
            horario: self.horario(),
            pie_ticket: self.pie_ticket.clone().unwrap_or_default(),
        }
    }

    fn resumen(self) -> SucursalResumen {
        self.clone_resumen()
    }

    fn completa(
        self,
        horario: Vec<DiaHorario>,
        mesas: Vec<Mesa>,
        days: Vec<DiaEspecial>,
    ) -> Sucursal {
        Sucursal {
            id: self.id,
            tag: self.tag,
            name: self.name,
            marca: MarcaRef {
                id: self.marca_id,
                name: self.marca_name,
            },
            zona: self.zona,
            direccion: self.direccion,
            telefono: self.telefono,
            activa: self.activa,
            horario,
            mesas,
            days,
        }
    }
}

#[async_trait]
pub trait Sucursales {
    /// The branch with everything it starts with, and its audit entry, in one transaction.
    /// [`crate::db::error::Clave::TagSucursal`] when the tag is taken,
    /// [`crate::db::error::ErrorAlmacen::SinReferencia`] when the brand does not exist.
    async fn crear_sucursal(&self, sucursal: &NuevaSucursal, cambio: &Cambio) -> DbResult<()>;

    /// The branches in `alcance`, in full; `tag` narrows to one.
    async fn sucursales_en(&self, alcance: &Alcance, tag: Option<&Tag>) -> DbResult<Vec<Sucursal>>;

    /// The branches in `alcance`, for the selector.
    async fn resumen_sucursales_en(&self, alcance: &Alcance) -> DbResult<Vec<SucursalResumen>>;

    /// One branch in full, if it is in `alcance`.
    async fn sucursal_en(&self, alcance: &Alcance, id: &str) -> DbResult<EnAlcance<Sucursal>>;

    /// The id of the branch with this tag, if it is in `alcance`.
    async fn sucursal_id_en(&self, alcance: &Alcance, tag: &Tag) -> DbResult<EnAlcance<String>>;

    /// A branch's own data (tag, name, zone, contact, active), with its audit entry.
    async fn editar_sucursal(
        &self,
        id: &str,
        edicion: &EdicionSucursal,
        cambio: &Cambio,
    ) -> DbResult<bool>;
}

para_cada_motor! {
    impl Motor {
        /// Schedules, tables and days of the branches whose ids are the JSON array `ids`.
        pub(in crate::db) async fn detalles(&self, ids: &[String]) -> DbResult<(Vec<DiaHorario>, Vec<Mesa>, Vec<DiaEspecial>)> {
            let ids = serde_json::to_string(ids).expect("ids en JSON");
            let filtro = Motor::en_lista_json("sucursal_id", 1);
            let horario = sqlx::query_as::<_, DiaHorario>(&format!(
                "SELECT sucursal_id, dia, abre, cierra, cerrado FROM sucursal_horario WHERE {filtro} ORDER BY dia"
            ))
            .bind(&ids)
            .fetch_all(&self.pool)
            .await?;
            let mesas = sqlx::query_as::<_, Mesa>(&format!(
                "SELECT id, sucursal_id, numero, asientos, combinable, area, forma, x, y FROM mesas WHERE {filtro} ORDER BY numero"
            ))
            .bind(&ids)
            .fetch_all(&self.pool)
            .await?;
            let days = sqlx::query_as::<_, DiaEspecial>(&format!(
                "SELECT id, sucursal_id, fecha, tipo, abre, cierra, motivo FROM sucursal_dias WHERE {filtro} ORDER BY fecha"
            ))
            .bind(&ids)
            .fetch_all(&self.pool)
            .await?;
            Ok((horario, mesas, days))
        }

        async fn completar(&self, filas: Vec<FilaSucursal>) -> DbResult<Vec<Sucursal>> {
            let ids: Vec<String> = filas.iter().map(|f| f.id.clone()).collect();
            let (horario, mesas, days) = self.detalles(&ids).await?;
            Ok(filas
                .into_iter()
                .map(|f| {
                    let de = |id: &str| id == f.id;
                    let h = horario.iter().filter(|x| de(&x.sucursal_id)).cloned().collect();
                    let m = mesas.iter().filter(|x| de(&x.sucursal_id)).cloned().collect();
                    let d = days.iter().filter(|x| de(&x.sucursal_id)).cloned().collect();
                    f.completa(h, m, d)
                })
                .collect())
        }
    }

    #[async_trait]
    impl Sucursales for Motor {
        async fn crear_sucursal(&self, s: &NuevaSucursal, cambio: &Cambio) -> DbResult<()> {
            let ahora = self.reloj.ahora();
            let d = &s.datos;
            let mut tx = self.escribir().await?;
            sqlx::query(
                "INSERT INTO sucursales (id, tag, name, marca_id, zona, direccion, telefono, activa, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            )
            .bind(&s.id)
            .bind(d.tag.as_str())
            .bind(&d.name)
            .bind(&d.marca)
            .bind(d.zona.name())
            .bind(&d.direccion)
            .bind(&d.telefono)
            .bind(true)
            .bind(ahora)
            .execute(&mut *tx)
            .await?;
            for h in &s.horario {
                sqlx::query("INSERT INTO sucursal_horario (sucursal_id, dia, abre, cierra, cerrado) VALUES ($1, $2, $3, $4, $5)")
                    .bind(&s.id)
                    .bind(h.dia)
                    .bind(&h.abre)
                    .bind(&h.cierra)
                    .bind(h.cerrado)
                    .execute(&mut *tx)
                    .await?;
            }
            for m in &s.mesas {
                sqlx::query("INSERT INTO mesas (id, sucursal_id, numero, asientos, combinable, area, forma, x, y) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)")
                    .bind(&m.id)
                    .bind(&s.id)
                    .bind(m.numero)
                    .bind(m.asientos)
                    .bind(m.combinable)
                    .bind(&m.area)
                    .bind(&m.forma)
                    .bind(m.x)
                    .bind(m.y)
                    .execute(&mut *tx)
                    .await?;
            }
            for dia in &s.days {
                sqlx::query(
                    "INSERT INTO sucursal_dias (id, sucursal_id, fecha, tipo, abre, cierra, motivo) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(&dia.id)
                .bind(&s.id)
                .bind(dia.fecha)
                .bind(&dia.tipo)
                .bind(&dia.abre)
                .bind(&dia.cierra)
                .bind(&dia.motivo)
                .execute(&mut *tx)
                .await?;
            }
            let c = &s.conf;
            sqlx::query(
                "INSERT INTO conf_walkin (sucursal_id, inicio_regular, inicio_promo, corte_tarde, gracia_min, prefijo_folio, \
                 pie_ticket, correo_requerido, telefono_requerido, updated_at, fin_dia) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
            )
            .bind(&s.id)
            .bind(formato_hora(c.horario.inicio_regular))
            .bind(formato_hora(c.horario.inicio_promo))
            .bind(formato_hora(c.horario.corte_tarde))
            .bind(i32::try_from(c.gracia_min).unwrap_or(i32::MAX))
            .bind(&c.prefijo_folio)
            .bind(&c.pie_ticket)
            .bind(c.correo_requerido)
            .bind(c.telefono_requerido)
            .bind(ahora)
            .bind(formato_hora(c.horario.fin_dia))
            .execute(&mut *tx)
            .await?;
            sqlx::query("INSERT INTO folios (sucursal_id, ultimo) VALUES ($1, 0)").bind(&s.id).execute(&mut *tx).await?;
            // The entry holds the branch created, whatever the caller wrote.
            let registro = RegistroSucursal {
                tag: d.tag.as_str(), name: &d.name, marca: &d.marca, zona: d.zona.name(),
                direccion: d.direccion.as_deref(), telefono: d.telefono.as_deref(), prefijo_folio: &c.prefijo_folio,
            };
            self.anotar(&mut tx, &cambio.con_registro(&registro)).await?;
            tx.commit().await?;
            Ok(())
        }

        async fn sucursales_en(&self, alcance: &Alcance, tag: Option<&Tag>) -> DbResult<Vec<Sucursal>> {
            let filas = sqlx::query_as::<_, FilaSucursal>(&format!(
                "{} WHERE {} AND ($2 IS NULL OR s.tag = $2) ORDER BY s.name",
                select_sucursal::<Motor>(),
                Motor::en_lista_json("s.tag", 1)
            ))
            .bind(alcance.json())
            .bind(tag.map(Tag::as_str))
            .fetch_all(&self.pool)
            .await?;
            self.completar(filas).await
        }

        async fn resumen_sucursales_en(&self, alcance: &Alcance) -> DbResult<Vec<SucursalResumen>> {
            let filas = sqlx::query_as::<_, FilaSucursal>(&format!(
                "{} WHERE {} ORDER BY s.name",
                select_sucursal::<Motor>(),
                Motor::en_lista_json("s.tag", 1)
            ))
            .bind(alcance.json())
            .fetch_all(&self.pool)
            .await?;
            Ok(filas.into_iter().map(FilaSucursal::resumen).collect())
        }

        async fn sucursal_en(&self, alcance: &Alcance, id: &str) -> DbResult<EnAlcance<Sucursal>> {
            let fila = sqlx::query_as::<_, FilaSucursal>(&format!("{} WHERE s.id = $2", select_sucursal::<Motor>()))
                .bind(alcance.json())
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
            Ok(match EnAlcance::de(fila.map(|f| { let dentro = f.en_alcance; (f, dentro) })) {
                EnAlcance::Si(f) => EnAlcance::Si(self.completar(vec![f]).await?.remove(0)),
                EnAlcance::Ajeno => EnAlcance::Ajeno,
                EnAlcance::NoExiste => EnAlcance::NoExiste,
            })
        }

        async fn editar_sucursal(&self, id: &str, e: &EdicionSucursal, cambio: &Cambio) -> DbResult<bool> {
            let d = &e.datos;
            let consulta = sqlx::query(
                "UPDATE sucursales SET tag = $2, name = $3, marca_id = $4, zona = $5, direccion = $6, telefono = $7, activa = $8 WHERE id = $1",
            )
            .bind(id)
            .bind(d.tag.as_str())
            .bind(&d.name)
            .bind(&d.marca)
            .bind(d.zona.name())
            .bind(&d.direccion)
            .bind(&d.telefono)
            .bind(e.activa);
            self.cambiar_con_bitacora(consulta, cambio).await
        }

        async fn sucursal_id_en(&self, alcance: &Alcance, tag: &Tag) -> DbResult<EnAlcance<String>> {
            let fila = sqlx::query_as::<_, (String, bool)>(&format!("SELECT s.id, {} FROM sucursales s WHERE s.tag = $2", Motor::en_lista_json("s.tag", 1)))
                .bind(alcance.json())
                .bind(tag.as_str())
                .fetch_optional(&self.pool)
                .await?;
            Ok(EnAlcance::de(fila))
        }
    }
}
