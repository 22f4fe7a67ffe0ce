//! A branch's settings: the walk-in ones (buffet hours, grace, folio prefix, ticket, required
//! contact) and the booking ones, read with core's defaults where unset, and saved.

use anfitrion_core::organizacion::ConfSucursal;
use anfitrion_core::sucursal::Tag;
use anfitrion_core::telefono::PaisesTelefono;
use anfitrion_core::tiempo::{formato_hora, parse_hora, ReglasHorario};
use anfitrion_core::walkin::ConfWalkin;
use async_trait::async_trait;

use crate::db::alcance::{Alcance, EnAlcance};
use crate::db::bitacora::Cambio;
use crate::db::error::DbResult;
use crate::db::motores::para_cada_motor;

#[derive(sqlx::FromRow)]
struct FilaConf {
    inicio_regular: String,
    inicio_promo: String,
    corte_tarde: String,
    fin_dia: String,
    cobro_por_llegada: bool,
    gracia_min: i32,
    llegada_antes_min: Option<i32>,
    prefijo_folio: String,
    pie_ticket: String,
    correo_requerido: bool,
    telefono_requerido: bool,
    zona: String,
    paso_min: Option<i32>,
    estancia_min: Option<i32>,
    anticipacion_min: Option<i32>,
    horizonte_dias: Option<i32>,
    cubiertos_por_turno: Option<i32>,
    estancia_mesa_min: Option<i32>,
    vencer_impresion_min: Option<i32>,
    recordatorios_horas: Option<String>,
    paises_telefono: Option<String>,
    espera_en_linea: bool,
    pronostico_automatico: bool,
    umbral_no_show: Option<i32>,
}

/// The reminder hours as stored ("24,3"); what no longer parses sends none.
pub fn horas_guardadas(texto: Option<&str>) -> Vec<u32> {
    let horas: Option<Vec<u32>> = texto
        .unwrap_or("")
        .split(',')
        .filter(|h| !h.trim().is_empty())
        .map(|h| h.trim().parse().ok())
        .collect();
    horas
        .and_then(|h| anfitrion_core::recordatorio::exigir_horas(&h).ok())
        .unwrap_or_default()
}

impl FilaConf {
    /// All the branch's settings; an unset booking value is core's default.
    fn conf_sucursal(self) -> ConfSucursal {
        let d = ConfSucursal::default();
        let v = |x: Option<i32>, def: u32| x.and_then(|n| u32::try_from(n).ok()).unwrap_or(def);
        ConfSucursal {
            paso_min: v(self.paso_min, d.paso_min),
            estancia_min: v(self.estancia_min, d.estancia_min),
            anticipacion_min: v(self.anticipacion_min, d.anticipacion_min),
            horizonte_dias: v(self.horizonte_dias, d.horizonte_dias),
            cubiertos_por_turno: v(self.cubiertos_por_turno, d.cubiertos_por_turno),
            estancia_mesa_min: v(self.estancia_mesa_min, d.estancia_mesa_min),
            vencer_impresion_min: v(self.vencer_impresion_min, d.vencer_impresion_min),
            recordatorios_horas: horas_guardadas(self.recordatorios_horas.as_deref()),
            paises_telefono: PaisesTelefono::de_guardado(self.paises_telefono.as_deref()),
            espera_en_linea: self.espera_en_linea,
            pronostico_automatico: self.pronostico_automatico,
            umbral_no_show: v(self.umbral_no_show, d.umbral_no_show),
            walkin: self.conf(),
        }
    }

    /// Stored settings as core reads them; a value that no longer parses falls back to core's default.
    fn conf(self) -> ConfWalkin {
        let d = ConfWalkin::default();
        let hora = |s: &str, def| parse_hora(s).unwrap_or(def);
        ConfWalkin {
            horario: ReglasHorario {
                zona: self.zona.parse().unwrap_or(d.horario.zona),
                inicio_regular: hora(&self.inicio_regular, d.horario.inicio_regular),
                inicio_promo: hora(&self.inicio_promo, d.horario.inicio_promo),
                corte_tarde: hora(&self.corte_tarde, d.horario.corte_tarde),
                fin_dia: hora(&self.fin_dia, d.horario.fin_dia),
                cobro_por_llegada: self.cobro_por_llegada,
            },
            gracia_min: u32::try_from(self.gracia_min).unwrap_or(d.gracia_min),
            llegada_antes_min: self
                .llegada_antes_min
                .and_then(|n| u32::try_from(n).ok())
                .unwrap_or(d.llegada_antes_min),
            prefijo_folio: self.prefijo_folio,
            pie_ticket: self.pie_ticket,
            correo_requerido: self.correo_requerido,
            telefono_requerido: self.telefono_requerido,
        }
    }
}

/// The columns of a branch's settings (`s` the branch, `c` its `conf_walkin` row), selected.
macro_rules! select_columnas_conf {
    () => {
        "SELECT c.inicio_regular, c.inicio_promo, c.corte_tarde, c.fin_dia, c.cobro_por_llegada, c.gracia_min, c.llegada_antes_min, c.prefijo_folio, c.pie_ticket, \
     c.correo_requerido, c.telefono_requerido, s.zona, c.paso_min, c.estancia_min, c.anticipacion_min, c.horizonte_dias, \
     c.cubiertos_por_turno, c.estancia_mesa_min, c.vencer_impresion_min, c.recordatorios_horas, c.paises_telefono, c.espera_en_linea, c.pronostico_automatico, c.umbral_no_show"
    };
}

/// What [`FilaConf`] reads, and more columns after it.
const COLUMNAS_CONF: &str = select_columnas_conf!();

/// A branch's settings; the condition on `s` follows.
const SELECT_CONF: &str = concat!(
    select_columnas_conf!(),
    " FROM sucursales s JOIN conf_walkin c ON c.sucursal_id = s.id"
);

#[async_trait]
pub trait ConfSucursales {
    /// Every branch's id and walk-in settings (the no-show job's input).
    async fn confs_de_sucursales(&self) -> DbResult<Vec<(String, ConfWalkin)>>;

    /// The branch's settings (walk-in and booking) by tag, with its id, if it is in `alcance`.
    async fn conf_sucursal_en(
        &self,
        alcance: &Alcance,
        tag: &Tag,
    ) -> DbResult<EnAlcance<(String, ConfSucursal)>>;
    async fn guardar_conf(
        &self,
        sucursal_id: &str,
        conf: &ConfSucursal,
        cambio: &Cambio,
    ) -> DbResult<()>;
}

para_cada_motor! {
    impl Motor {
        /// Every setting of a branch, booking ones included (core's defaults where unset).
        pub(in crate::db) async fn conf_sucursal_de(&self, sucursal_id: &str) -> DbResult<ConfSucursal> {
            let conf = sqlx::query_as::<_, FilaConf>(&format!("{SELECT_CONF} WHERE s.id = $1"))
                .bind(sucursal_id)
                .fetch_optional(&self.pool)
                .await?;
            Ok(conf.map(FilaConf::conf_sucursal).unwrap_or_default())
        }

        async fn conf_de(&self, sucursal_id: &str) -> DbResult<ConfWalkin> {
            let conf = sqlx::query_as::<_, FilaConf>(&format!("{SELECT_CONF} WHERE s.id = $1"))
            .bind(sucursal_id)
            .fetch_optional(&self.pool)
            .await?;
            Ok(conf.map(FilaConf::conf).unwrap_or_default())
        }
    }

    #[async_trait]
    impl ConfSucursales for Motor {
        async fn confs_de_sucursales(&self) -> DbResult<Vec<(String, ConfWalkin)>> {
            let ids: Vec<String> = sqlx::query_scalar("SELECT id FROM sucursales ORDER BY id").fetch_all(&self.pool).await?;
            let mut confs = Vec::with_capacity(ids.len());
            for id in ids {
                let conf = self.conf_de(&id).await?;
                confs.push((id, conf));
            }
            Ok(confs)
        }

        async fn conf_sucursal_en(&self, alcance: &Alcance, tag: &Tag) -> DbResult<EnAlcance<(String, ConfSucursal)>> {
            // One statement: the branch, whether it is in scope, and its settings (a branch
            // without its row yet reads core's defaults).
            use sqlx::{FromRow as _, Row as _};
            let fila = sqlx::query(&format!(
                "{} , s.id AS sucursal, ({}) AS en_alcance, c.sucursal_id IS NOT NULL AS con_conf \
                 FROM sucursales s LEFT JOIN conf_walkin c ON c.sucursal_id = s.id WHERE s.tag = $2",
                COLUMNAS_CONF,
                Motor::en_lista_json("s.tag", 1)
            ))
            .bind(alcance.json())
            .bind(tag.as_str())
            .fetch_optional(&self.pool)
            .await?;
            let Some(fila) = fila else { return Ok(EnAlcance::NoExiste) };
            if !fila.try_get::<bool, _>("en_alcance")? {
                return Ok(EnAlcance::Ajeno);
            }
            let conf = if fila.try_get::<bool, _>("con_conf")? { FilaConf::from_row(&fila)?.conf_sucursal() } else { ConfSucursal::default() };
            Ok(EnAlcance::Si((fila.try_get("sucursal")?, conf)))
        }

        async fn guardar_conf(&self, sucursal_id: &str, c: &ConfSucursal, cambio: &Cambio) -> DbResult<()> {
            let w = &c.walkin;
            let n = |v: u32| i64::from(v);
            let mut tx = self.escribir().await?;
            sqlx::query(
                "UPDATE conf_walkin SET inicio_regular = $2, inicio_promo = $3, corte_tarde = $4, gracia_min = $5, prefijo_folio = $6, \
                 pie_ticket = $7, correo_requerido = $8, telefono_requerido = $9, paso_min = $10, estancia_min = $11, \
                 anticipacion_min = $12, horizonte_dias = $13, cubiertos_por_turno = $14, updated_at = $15, llegada_antes_min = $16, \
                 estancia_mesa_min = $17, vencer_impresion_min = $18, recordatorios_horas = $19, paises_telefono = $20, fin_dia = $21, \
                 cobro_por_llegada = $22, espera_en_linea = $23, pronostico_automatico = $24, umbral_no_show = $25 WHERE sucursal_id = $1",
            )
            .bind(sucursal_id)
            .bind(formato_hora(w.horario.inicio_regular))
            .bind(formato_hora(w.horario.inicio_promo))
            .bind(formato_hora(w.horario.corte_tarde))
            .bind(n(w.gracia_min))
            .bind(&w.prefijo_folio)
            .bind(&w.pie_ticket)
            .bind(w.correo_requerido)
            .bind(w.telefono_requerido)
            .bind(n(c.paso_min))
            .bind(n(c.estancia_min))
            .bind(n(c.anticipacion_min))
            .bind(n(c.horizonte_dias))
            .bind(n(c.cubiertos_por_turno))
            .bind(self.reloj.ahora())
            .bind(n(w.llegada_antes_min))
            .bind(n(c.estancia_mesa_min))
            .bind(n(c.vencer_impresion_min))
            .bind(c.recordatorios_horas.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
            .bind(c.paises_telefono.guardado())
            .bind(formato_hora(w.horario.fin_dia))
            .bind(w.horario.cobro_por_llegada)
            .bind(c.espera_en_linea)
            .bind(c.pronostico_automatico)
            .bind(n(c.umbral_no_show))
            .execute(&mut *tx)
            .await?;
            self.anotar(&mut tx, cambio).await?;
            tx.commit().await?;
            Ok(())
        }
    }
}
