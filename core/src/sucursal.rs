//! A branch as staff create it: its tag (the key of its public booking URL), name and zone.

use serde::{Deserialize, Serialize};

use crate::error::ReglaError;
use crate::personal::normalizar_nombre;
use crate::tiempo::ZONA_POR_DEFECTO;

/// Shortest and longest tag: short enough for a URL, long enough to say which branch.
pub const TAG_MIN: usize = 2;
pub const TAG_MAX: usize = 40;

/// A branch tag: lowercase letters, digits and hyphens, never at either end (`polanco`,
/// `santa-fe-2`). Only [`Tag::parse`] makes one.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Tag(String);

impl Tag {
    pub fn parse(raw: &str) -> Result<Tag, ReglaError> {
        let tag = raw.trim();
        let valido = (TAG_MIN..=TAG_MAX).contains(&tag.len())
            && tag
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            && !tag.starts_with('-')
            && !tag.ends_with('-');
        if valido {
            Ok(Tag(tag.to_owned()))
        } else {
            Err(ReglaError::TagInvalido {
                min: TAG_MIN,
                max: TAG_MAX,
            })
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A new branch as the form sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DatosSucursal {
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(required = true, pattern = r"^[a-z0-9-]{2,40}$")
    )]
    pub tag: String,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required = true, min_length = 1))]
    pub name: String,
    /// `_id` of its brand (or the brand as the branch's answer shows it, `{_id, name}`).
    #[serde(default, deserialize_with = "crate::referencia::id")]
    pub marca: String,
    #[serde(default)]
    pub zona: Option<String>,
    #[serde(default)]
    pub direccion: Option<String>,
    #[serde(default)]
    pub telefono: Option<String>,
}

/// A branch that passed every rule, ready to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SucursalNueva {
    pub tag: Tag,
    pub name: String,
    pub marca: String,
    pub zona: chrono_tz::Tz,
    pub direccion: Option<String>,
    pub telefono: Option<String>,
}

fn opcional(v: &Option<String>) -> Option<String> {
    v.as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

impl SucursalNueva {
    pub fn parse(d: &DatosSucursal) -> Result<SucursalNueva, ReglaError> {
        let tag = Tag::parse(&d.tag)?;
        let name = normalizar_nombre(&d.name)?;
        let zona_texto = opcional(&d.zona).unwrap_or_else(|| ZONA_POR_DEFECTO.to_owned());
        let zona = zona_texto
            .parse::<chrono_tz::Tz>()
            .map_err(|_| ReglaError::ZonaInvalida(zona_texto.clone()))?;
        Ok(SucursalNueva {
            tag,
            name,
            marca: d.marca.trim().to_owned(),
            zona,
            direccion: opcional(&d.direccion),
            telefono: telefono_sucursal(&d.telefono)?,
        })
    }
}

/// A branch's phone follows the rules of guests' phones: digits with the country code
/// (12 to 15), stored as digits; spaces, dashes, dots, brackets and a leading + may separate
/// them as typed. Empty is no phone.
fn telefono_sucursal(v: &Option<String>) -> Result<Option<String>, ReglaError> {
    let Some(t) = opcional(v) else {
        return Ok(None);
    };
    let legible = t
        .chars()
        .all(|c| c.is_ascii_digit() || " +-().".contains(c));
    match crate::personal::normalizar_telefono(&t) {
        Ok(Some(digitos)) if legible => Ok(Some(digitos)),
        _ => Err(ReglaError::TelefonoSucursalInvalido),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_branch_phone_follows_the_phone_rules() {
        let con = |t: &str| telefono_sucursal(&Some(t.to_owned()));
        assert_eq!(
            con("+52 (55) 5512-3456"),
            Ok(Some("525555123456".to_owned()))
        );
        assert_eq!(con("  "), Ok(None));
        for malo in [
            "abc-12",
            "55 1234 5678x",
            "5512",
            "5555123456",
            "1234567890123456",
        ] {
            assert_eq!(
                con(malo),
                Err(ReglaError::TelefonoSucursalInvalido),
                "{malo}"
            );
        }
    }

    #[test]
    fn a_tag_with_capitals_spaces_or_edge_hyphens_is_refused() {
        for malo in [
            "Polanco",
            "santa fe",
            "-centro",
            "centro-",
            "a",
            "sucursal_1",
            "",
        ] {
            assert!(Tag::parse(malo).is_err(), "{malo}");
        }
        assert_eq!(Tag::parse(" santa-fe-2 ").unwrap().as_str(), "santa-fe-2");
    }

    #[test]
    fn a_branch_without_a_zone_is_in_mexico_city() {
        let s = SucursalNueva::parse(&DatosSucursal {
            tag: "centro".into(),
            name: "Centro".into(),
            ..Default::default()
        })
        .unwrap();
        assert_eq!(s.zona, chrono_tz::America::Mexico_City);
        let mala = DatosSucursal {
            tag: "centro".into(),
            name: "Centro".into(),
            zona: Some("Marte/Base".into()),
            ..Default::default()
        };
        assert_eq!(
            SucursalNueva::parse(&mala),
            Err(ReglaError::ZonaInvalida("Marte/Base".into()))
        );
    }

    /// The zones chrono-tz embeds are Mexico's alone (`.cargo/config.toml`), in the server and
    /// in the browser's WASM alike: a zone elsewhere is refused by both, never accepted by one.
    #[test]
    fn a_branch_zone_is_one_of_mexicos() {
        let con = |zona: &str| DatosSucursal {
            tag: "centro".into(),
            name: "Centro".into(),
            zona: Some(zona.into()),
            ..Default::default()
        };
        let mexico = [
            "America/Mexico_City",
            "America/Monterrey",
            "America/Cancun",
            "America/Tijuana",
            "America/Hermosillo",
            "America/Mazatlan",
            "America/Chihuahua",
            "America/Merida",
            "America/Matamoros",
            "America/Ojinaga",
            "America/Ciudad_Juarez",
            "America/Bahia_Banderas",
        ];
        for zona in mexico {
            assert_eq!(SucursalNueva::parse(&con(zona)).unwrap().zona.name(), zona);
        }
        for zona in [
            "Europe/Madrid",
            "America/New_York",
            "America/Bogota",
            "Asia/Tokyo",
        ] {
            assert_eq!(
                SucursalNueva::parse(&con(zona)),
                Err(ReglaError::ZonaInvalida(zona.into())),
                "{zona}"
            );
        }
    }
}
