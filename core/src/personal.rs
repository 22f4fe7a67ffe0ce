//! The walk-in wizard's personal step: who the guest is and how to reach them.

use serde::{Deserialize, Serialize};

use crate::error::ReglaError;

/// The occasion a guest is celebrating, as staff pick it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Evento {
    #[default]
    Ninguno,
    #[serde(rename = "Cumpleaños")]
    Cumpleanos,
    Aniversario,
    #[serde(rename = "Ocasión Especial")]
    OcasionEspecial,
    #[serde(rename = "Comida de negocios")]
    ComidaDeNegocios,
}

impl Evento {
    pub const TODOS: [Evento; 5] = [
        Evento::Ninguno,
        Evento::Cumpleanos,
        Evento::Aniversario,
        Evento::OcasionEspecial,
        Evento::ComidaDeNegocios,
    ];

    /// The stored and transmitted name.
    pub fn nombre(self) -> &'static str {
        match self {
            Evento::Ninguno => "Ninguno",
            Evento::Cumpleanos => "Cumpleaños",
            Evento::Aniversario => "Aniversario",
            Evento::OcasionEspecial => "Ocasión Especial",
            Evento::ComidaDeNegocios => "Comida de negocios",
        }
    }

    /// The event of a stored name; an unknown one reads as no event.
    pub fn de_nombre(s: &str) -> Evento {
        Evento::TODOS
            .into_iter()
            .find(|e| e.nombre() == s)
            .unwrap_or_default()
    }
}

/// Longest name a ticket can print without wrapping into nonsense.
pub const NOMBRE_MAX: usize = 100;
/// A phone number never has more digits than this (E.164).
pub const TELEFONO_MAX_DIGITOS: usize = 15;
/// Fewer digits than this is only the country code: the phone counts as not given.
pub const TELEFONO_MIN_DIGITOS: usize = 5;
/// Country code plus a ten-digit Mexican number; anything shorter is incomplete.
pub const TELEFONO_COMPLETO_DIGITOS: usize = 12;

/// The personal step as typed. Empty strings and missing fields mean "not given".
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
pub struct DatosPersonales {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub phone: Option<String>,
    #[serde(default)]
    pub evento: Option<Evento>,
}

/// Keeps only digits and at most [`TELEFONO_MAX_DIGITOS`] of them, as the phone input does while typing.
pub fn limitar_telefono(raw: &str) -> String {
    raw.chars()
        .filter(char::is_ascii_digit)
        .take(TELEFONO_MAX_DIGITOS)
        .collect()
}

/// The phone as stored (digits with country code), `None` when only a prefix was typed. More
/// than [`TELEFONO_MAX_DIGITOS`] digits is refused, never cut: a cut number is someone else's.
pub fn normalizar_telefono(raw: &str) -> Result<Option<String>, ReglaError> {
    if raw.chars().filter(char::is_ascii_digit).count() > TELEFONO_MAX_DIGITOS {
        return Err(ReglaError::TelefonoInvalido);
    }
    let digitos = limitar_telefono(raw);
    match digitos.len() {
        n if n < TELEFONO_MIN_DIGITOS => Ok(None),
        n if n < TELEFONO_COMPLETO_DIGITOS => Err(ReglaError::TelefonoInvalido),
        _ => Ok(Some(digitos)),
    }
}

/// A phone edited on a record that may already hold one: its box empty removes it; anything
/// typed after the country's code must be a whole number, never a few digits read as "none".
pub fn telefono_editado(codigo: &str, local: &str) -> Result<Option<String>, ReglaError> {
    if limitar_telefono(local).is_empty() {
        return Ok(None);
    }
    match normalizar_telefono(&format!("{codigo}{local}"))? {
        Some(telefono) => Ok(Some(telefono)),
        None => Err(ReglaError::TelefonoInvalido),
    }
}

fn es_local(c: char) -> bool {
    c.is_ascii_alphanumeric() || "._%+-".contains(c)
}

fn es_etiqueta(s: &str) -> bool {
    !s.is_empty()
        && !s.starts_with('-')
        && !s.ends_with('-')
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// The e-mail as stored (trimmed, lower-case), `None` when empty. The domain must end in 2–4 letters.
pub fn validar_correo(raw: &str) -> Result<Option<String>, ReglaError> {
    let correo = raw.trim();
    if correo.is_empty() {
        return Ok(None);
    }
    let (local, dominio) = correo.split_once('@').ok_or(ReglaError::CorreoInvalido)?;
    let (nombre, final_) = dominio.rsplit_once('.').ok_or(ReglaError::CorreoInvalido)?;
    let valido = !local.is_empty()
        && local.len() <= 64
        && local.chars().all(es_local)
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && nombre.split('.').all(es_etiqueta)
        && (2..=4).contains(&final_.len())
        && final_.chars().all(|c| c.is_ascii_alphabetic())
        && correo.len() <= 254;
    if valido {
        Ok(Some(correo.to_ascii_lowercase()))
    } else {
        Err(ReglaError::CorreoInvalido)
    }
}

/// A person's name as stored, guest or staff: inner runs of spaces folded, required, bounded.
pub fn normalizar_nombre(raw: &str) -> Result<String, ReglaError> {
    crate::texto::exigir_visible(raw, "name", false)?;
    let name = raw.split_whitespace().collect::<Vec<_>>().join(" ");
    if name.is_empty() {
        return Err(ReglaError::NombreRequerido);
    }
    if name.chars().count() > NOMBRE_MAX {
        return Err(ReglaError::NombreLargo { max: NOMBRE_MAX });
    }
    Ok(name)
}

/// Checks the step and returns it as it is saved: trimmed name, normalised contact, an event.
pub fn validar_datos_personales(d: &DatosPersonales) -> Result<DatosPersonales, ReglaError> {
    let name = normalizar_nombre(&d.name)?;
    let email = validar_correo(d.email.as_deref().unwrap_or(""))?;
    let phone = normalizar_telefono(d.phone.as_deref().unwrap_or(""))?;
    Ok(DatosPersonales {
        name,
        email,
        phone,
        evento: Some(d.evento.unwrap_or_default()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ten_digit_mexican_number_with_country_code_is_kept() {
        assert_eq!(
            normalizar_telefono("+52 55 1234 5678"),
            Ok(Some("525512345678".into()))
        );
    }

    #[test]
    fn an_edited_phone_is_removed_only_by_emptying_its_box() {
        assert_eq!(telefono_editado("52", ""), Ok(None));
        assert_eq!(
            telefono_editado("52", "5"),
            Err(ReglaError::TelefonoInvalido)
        );
        assert_eq!(
            telefono_editado("52", "55 1234 5678"),
            Ok(Some("525512345678".into()))
        );
    }

    #[test]
    fn typing_past_fifteen_digits_is_cut() {
        assert_eq!(limitar_telefono("1234567890123456789"), "123456789012345");
    }

    #[test]
    fn every_event_name_is_its_serialized_name() {
        for e in Evento::TODOS {
            assert_eq!(serde_json::to_value(e).unwrap(), e.nombre());
            assert_eq!(Evento::de_nombre(e.nombre()), e);
        }
    }

    #[test]
    fn emails_are_stored_lower_case() {
        assert_eq!(
            validar_correo(" Ana@Ejemplo.MX "),
            Ok(Some("ana@ejemplo.mx".into()))
        );
    }

    #[test]
    fn a_domain_ending_of_five_letters_is_refused() {
        assert_eq!(
            validar_correo("ana@ejemplo.museo"),
            Err(ReglaError::CorreoInvalido)
        );
    }
}
