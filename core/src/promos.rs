//! Promotions applied to a table on the abre step.

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::error::ReglaError;
use crate::personal::normalizar_nombre;

/// The birthday promotion: it always asks the celebrants' names, whatever its
/// catalogue entry says, and its ticket prints them with the birthday image.
pub const PROMO_CUMPLEANOS: &str = "Cumpleaños";
/// Quantity a promotion starts with when picked.
pub const CANTIDAD_PROMO_POR_DEFECTO: u32 = 1;

/// A promotion added to the abre, with how many guests it covers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
pub struct PromoAplicada {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub qty: Option<u32>,
    /// Celebrants' names; only a promotion that asks them keeps them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// Whether its catalogue entry asks the celebrants' names (`pide_nombres`): the console passes
    /// the flag `activas` answered; the server replaces it with its own catalogue's. A saved abre
    /// does not keep it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pide_nombres: Option<bool>,
}

impl PromoAplicada {
    /// Whether the celebrants' names are required and kept: its catalogue entry says so, or it is
    /// the birthday promotion (which asks them even from a row without the flag).
    pub fn pide_festejados(&self) -> bool {
        pide_nombres(self.pide_nombres, &self.name)
    }
}

/// Whether a promotion asks for the celebrants' names: its switch says so, or it is Cumpleaños,
/// which always asks whatever its switch says.
fn pide_nombres(interruptor: Option<bool>, name: &str) -> bool {
    interruptor == Some(true) || es_cumpleanos(name)
}

/// Whether a promotion's name is Cumpleaños, as names are told apart: without regard to case,
/// accents or the spaces around it ("cumpleaños", "CUMPLEANOS").
pub fn es_cumpleanos(name: &str) -> bool {
    crate::texto::mismo_nombre(name, PROMO_CUMPLEANOS)
}

fn total(lista: &[PromoAplicada]) -> u64 {
    lista.iter().map(|p| u64::from(p.qty.unwrap_or(0))).sum()
}

/// The table-opening record: the table and the promotions applied to it. Only
/// [`Abre::nuevo`] makes one, after the promotions pass [`validar_promos`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Abre {
    mesa: String,
    promo: Vec<PromoAplicada>,
}

impl Abre {
    pub fn nuevo(
        mesa: &str,
        promos: &[PromoAplicada],
        no_personas: Option<u32>,
    ) -> Result<Abre, ReglaError> {
        validar_promos(promos, no_personas)?;
        let promo = promos
            .iter()
            .map(|p| PromoAplicada {
                field: festejados(p).unwrap_or(None),
                pide_nombres: None,
                ..p.clone()
            })
            .collect();
        Ok(Abre {
            mesa: mesa.trim().to_owned(),
            promo,
        })
    }

    pub fn mesa(&self) -> &str {
        &self.mesa
    }

    /// The same abre at another table (a party moved, "Cambiar de mesa").
    pub fn en_mesa(&self, mesa: &crate::piso::MesaElegida) -> Abre {
        Abre {
            mesa: mesa.etiqueta(),
            ..self.clone()
        }
    }

    pub fn promos(&self) -> &[PromoAplicada] {
        &self.promo
    }
}

/// Inline check of a quantity as it is typed.
pub fn validar_cantidad_promo(
    qty: Option<u32>,
    no_personas: Option<u32>,
) -> Result<(), ReglaError> {
    match qty.unwrap_or(0) {
        0 => Err(ReglaError::CantidadCero),
        q if q > no_personas.unwrap_or(0) => Err(ReglaError::MayorQuePersonas),
        _ => Ok(()),
    }
}

fn festejados(p: &PromoAplicada) -> Result<Option<String>, ReglaError> {
    let nombres = p.field.as_deref().map(str::trim).filter(|s| !s.is_empty());
    if let Some(n) = nombres {
        crate::texto::exigir_visible(n, "field", false)?;
    }
    if p.pide_festejados() {
        nombres
            .map(|s| Some(s.to_owned()))
            .ok_or(ReglaError::FestejadosRequeridos)
    } else {
        Ok(None)
    }
}

/// Adds a promotion to the list, returning the new list; the old one is untouched on refusal.
pub fn agregar_promo(
    lista: &[PromoAplicada],
    nueva: Option<&PromoAplicada>,
    no_personas: Option<u32>,
) -> Result<Vec<PromoAplicada>, ReglaError> {
    let nueva = nueva
        .filter(|p| !p.id.trim().is_empty() && !p.name.trim().is_empty())
        .ok_or(ReglaError::PromoNoSeleccionada)?;
    if lista.iter().any(|p| p.name == nueva.name) {
        return Err(ReglaError::PromoDuplicada);
    }
    let qty = nueva.qty.unwrap_or(0);
    if qty == 0 {
        return Err(ReglaError::CantidadCero);
    }
    let personas = u64::from(no_personas.unwrap_or(0));
    if u64::from(qty) > personas || total(lista) + u64::from(qty) > personas {
        return Err(ReglaError::PromosExcedenPersonas);
    }
    let field = festejados(nueva)?;
    let mut salida = lista.to_vec();
    salida.push(PromoAplicada {
        field,
        ..nueva.clone()
    });
    Ok(salida)
}

/// Removes the promotion with this id. An empty or unknown id removes nothing and is reported.
pub fn eliminar_promo(lista: &[PromoAplicada], id: &str) -> Result<Vec<PromoAplicada>, ReglaError> {
    if id.trim().is_empty() || !lista.iter().any(|p| p.id == id) {
        return Err(ReglaError::EliminarPromoSinId);
    }
    Ok(lista.iter().filter(|p| p.id != id).cloned().collect())
}

/// The whole list as it is saved: what the server checks whatever the browser did.
pub fn validar_promos(lista: &[PromoAplicada], no_personas: Option<u32>) -> Result<(), ReglaError> {
    let personas = u64::from(no_personas.unwrap_or(0));
    for (i, p) in lista.iter().enumerate() {
        if p.id.trim().is_empty() || p.name.trim().is_empty() {
            return Err(ReglaError::PromoNoSeleccionada);
        }
        if lista[..i].iter().any(|q| q.name == p.name) {
            return Err(ReglaError::PromoDuplicada);
        }
        match p.qty.unwrap_or(0) {
            0 => return Err(ReglaError::CantidadCero),
            q if u64::from(q) > personas => return Err(ReglaError::PromosExcedenPersonas),
            _ => {}
        }
        festejados(p)?;
    }
    if total(lista) > personas {
        return Err(ReglaError::PromosExcedenPersonas);
    }
    Ok(())
}

/// Longest description of a promotion.
pub const DESCRIPCION_MAX: usize = 500;

/// A promotion as the promotions form sends it, and as the list answers it: the window's dates
/// are `YYYY-MM-DD`, its weekdays 1 (Monday) to 7 (Sunday); an empty or missing part of the
/// window does not limit it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DatosPromocion {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub descripcion: Option<String>,
    /// Switched on unless sent false.
    #[serde(default)]
    pub activa: Option<bool>,
    #[serde(default)]
    pub desde: Option<String>,
    #[serde(default)]
    pub hasta: Option<String>,
    #[serde(default)]
    pub dias: Option<Vec<u32>>,
    /// Whether the order asks the celebrants' names (on for Cumpleaños).
    #[serde(default)]
    pub pide_nombres: Option<bool>,
}

/// When a promotion may be used: switched on, between its dates, on its weekdays.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct VentanaPromo {
    pub activa: bool,
    pub desde: Option<NaiveDate>,
    pub hasta: Option<NaiveDate>,
    /// Sorted, each once; empty is every day.
    pub dias: Vec<u32>,
}

impl VentanaPromo {
    /// Whether an order on `hoy` (the branch's local date) may use it.
    pub fn vigente(&self, hoy: NaiveDate) -> bool {
        self.activa
            && self.desde.is_none_or(|d| d <= hoy)
            && self.hasta.is_none_or(|h| hoy <= h)
            && (self.dias.is_empty() || self.dias.contains(&hoy.weekday().number_from_monday()))
    }
}

/// A promotion that passed the form's rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromocionValida {
    pub name: String,
    pub descripcion: String,
    pub ventana: VentanaPromo,
    pub pide_nombres: bool,
}

fn ventana(d: &DatosPromocion) -> Result<VentanaPromo, ReglaError> {
    let (desde, hasta) = crate::tiempo::periodo(d.desde.as_deref(), d.hasta.as_deref())?;
    let mut dias: Vec<u32> = Vec::new();
    for &dia in d.dias.as_deref().unwrap_or(&[]) {
        if !(1..=7).contains(&dia) || dias.contains(&dia) {
            return Err(ReglaError::DiaInvalido);
        }
        dias.push(dia);
    }
    dias.sort_unstable();
    Ok(VentanaPromo {
        activa: d.activa.unwrap_or(true),
        desde,
        hasta,
        dias,
    })
}

impl PromocionValida {
    pub fn parse(d: &DatosPromocion) -> Result<PromocionValida, ReglaError> {
        let name = normalizar_nombre(&d.name)?;
        let descripcion = d.descripcion.as_deref().unwrap_or("").trim().to_owned();
        crate::texto::exigir_visible(&descripcion, "descripcion", true)?;
        if descripcion.chars().count() > DESCRIPCION_MAX {
            return Err(ReglaError::DescripcionLarga {
                max: DESCRIPCION_MAX,
            });
        }
        let pide_nombres = pide_nombres(d.pide_nombres, &name);
        Ok(PromocionValida {
            name,
            descripcion,
            ventana: ventana(d)?,
            pide_nombres,
        })
    }
}

/// Whether a promotion, as the list answers it, may be used on `hoy` (`YYYY-MM-DD`, the branch's
/// date): the same rule the server applies to `activas` and to every saved order.
pub fn promo_vigente(d: &DatosPromocion, hoy: &str) -> Result<bool, ReglaError> {
    let hoy = crate::tiempo::dia(hoy)?;
    Ok(ventana(d)?.vigente(hoy))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn promo(id: &str, name: &str, qty: u32) -> PromoAplicada {
        PromoAplicada {
            id: id.into(),
            name: name.into(),
            qty: Some(qty),
            field: None,
            pide_nombres: None,
        }
    }

    #[test]
    fn the_birthday_promotion_asks_names_even_with_its_switch_off() {
        let datos = |name: &str| DatosPromocion {
            name: name.into(),
            pide_nombres: Some(false),
            ..Default::default()
        };
        assert!(
            PromocionValida::parse(&datos("  Cumpleaños "))
                .unwrap()
                .pide_nombres
        );
        assert!(
            !PromocionValida::parse(&datos("Aniversario"))
                .unwrap()
                .pide_nombres
        );
    }

    #[test]
    fn a_refused_addition_leaves_the_list_as_it_was() {
        let lista = vec![promo("a", "2x1", 2)];
        assert!(agregar_promo(&lista, Some(&promo("b", "Niños gratis", 2)), Some(3)).is_err());
        assert_eq!(lista.len(), 1);
    }

    #[test]
    fn cumpleanos_is_recognised_whatever_its_case_or_accents() {
        for nombre in ["Cumpleaños", "cumpleaños", " CUMPLEANOS ", "Cumpleanos"] {
            assert!(es_cumpleanos(nombre), "{nombre}");
            assert!(pide_nombres(Some(false), nombre));
        }
        assert!(!es_cumpleanos("Cumpleaños doble"));
    }

    #[test]
    fn birthday_names_are_trimmed_when_added() {
        let mut cumple = promo("c", PROMO_CUMPLEANOS, 1);
        cumple.field = Some("  Ana y Luis ".into());
        let lista = agregar_promo(&[], Some(&cumple), Some(2)).unwrap();
        assert_eq!(lista[0].field.as_deref(), Some("Ana y Luis"));
    }

    #[test]
    fn an_abre_keeps_only_the_birthday_names() {
        let mut cumple = promo("c", PROMO_CUMPLEANOS, 1);
        cumple.field = Some(" Ana ".into());
        let mut otra = promo("d", "2x1", 1);
        otra.field = Some("sobra".into());
        let abre = Abre::nuevo(" 4 ", &[cumple, otra], Some(2)).unwrap();
        assert_eq!(abre.mesa(), "4");
        assert_eq!(abre.promos()[0].field.as_deref(), Some("Ana"));
        assert_eq!(abre.promos()[1].field, None);
        assert_eq!(
            Abre::nuevo("4", &[promo("c", PROMO_CUMPLEANOS, 1)], Some(2)),
            Err(ReglaError::FestejadosRequeridos)
        );
    }

    #[test]
    fn deleting_removes_only_that_promotion() {
        let lista = vec![promo("a", "2x1", 1), promo("b", "Postre", 1)];
        assert_eq!(
            eliminar_promo(&lista, "a").unwrap(),
            vec![promo("b", "Postre", 1)]
        );
    }
}
