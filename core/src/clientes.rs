//! The guest book and the partners: how a guest's e-mail and phone are compared (one record per
//! guest, however the contact was typed), what a client's edit may hold, and an affiliate's form.

use serde::{Deserialize, Serialize};

use crate::error::ReglaError;
use crate::personal::normalizar_nombre;

/// Longest notes a client record keeps.
pub const NOTAS_MAX: usize = 2000;
/// An affiliate's code: letters, digits and hyphens, this many characters.
pub const CODIGO_MIN: usize = 2;
pub const CODIGO_MAX: usize = 30;
/// Longest contact line of an affiliate.
pub const CONTACTO_MAX: usize = 200;

/// The e-mail as the guest book compares it: trimmed and lower-case; `None` when empty.
pub fn clave_correo(raw: &str) -> Option<String> {
    let s = raw.trim().to_lowercase();
    (!s.is_empty()).then_some(s)
}

/// The phone as the guest book compares it: digits only, without Mexico's country code in front
/// of a ten-digit number (`+52 55 1234 5678`, `52-55-1234-5678` and `5512345678` are one phone;
/// so is the old mobile form `+52 1 55 …`). `None` when it holds no digit.
pub fn clave_telefono(raw: &str) -> Option<String> {
    let d: String = raw.chars().filter(char::is_ascii_digit).collect();
    let local = match d.len() {
        12 if d.starts_with("52") => &d[2..],
        13 if d.starts_with("521") => &d[3..],
        _ => d.as_str(),
    };
    (!local.is_empty()).then(|| local.to_owned())
}

/// How a visit finds its guest: the compared e-mail and phone. A visit with neither has no guest
/// record.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaveCliente {
    pub email: Option<String>,
    pub phone: Option<String>,
}

impl ClaveCliente {
    pub fn de(email: Option<&str>, phone: Option<&str>) -> ClaveCliente {
        ClaveCliente {
            email: email.and_then(clave_correo),
            phone: phone.and_then(clave_telefono),
        }
    }

    pub fn vacia(&self) -> bool {
        self.email.is_none() && self.phone.is_none()
    }
}

/// A client's edit as the client page sends it: only what is given changes. In the OpenAPI
/// document it is `EdicionDatosCliente`: `EdicionCliente` there is the reservation's contact edit.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = EdicionDatosCliente))]
pub struct EdicionCliente {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub notas: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CambiosCliente {
    pub name: Option<String>,
    pub notas: Option<String>,
}

impl CambiosCliente {
    pub fn parse(e: &EdicionCliente) -> Result<CambiosCliente, ReglaError> {
        let name = e.name.as_deref().map(normalizar_nombre).transpose()?;
        let notas = e.notas.as_deref().map(str::trim).map(str::to_owned);
        if let Some(n) = &notas {
            crate::texto::exigir_visible(n, "notas", true)?;
        }
        if notas
            .as_ref()
            .is_some_and(|n| n.chars().count() > NOTAS_MAX)
        {
            return Err(ReglaError::NotasLargas { max: NOTAS_MAX });
        }
        Ok(CambiosCliente { name, notas })
    }
}

/// The kinds of partner whose guests book with a code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum TipoAfiliado {
    Hotel,
    Concierge,
    Airbnb,
    Agencia,
    Otro,
}

impl TipoAfiliado {
    pub const TODOS: [TipoAfiliado; 5] = [
        TipoAfiliado::Hotel,
        TipoAfiliado::Concierge,
        TipoAfiliado::Airbnb,
        TipoAfiliado::Agencia,
        TipoAfiliado::Otro,
    ];

    /// The stored name, which is also the label staff read.
    pub fn nombre(self) -> &'static str {
        match self {
            TipoAfiliado::Hotel => "Hotel",
            TipoAfiliado::Concierge => "Concierge",
            TipoAfiliado::Airbnb => "Airbnb",
            TipoAfiliado::Agencia => "Agencia",
            TipoAfiliado::Otro => "Otro",
        }
    }

    pub fn parse(raw: &str) -> Result<TipoAfiliado, ReglaError> {
        let t = raw.trim();
        TipoAfiliado::TODOS
            .into_iter()
            .find(|x| x.nombre().eq_ignore_ascii_case(t))
            .ok_or_else(|| ReglaError::TipoAfiliadoDesconocido(t.to_owned()))
    }

    /// A stored name; an unknown one reads as `Otro`.
    pub fn de_nombre(s: &str) -> TipoAfiliado {
        TipoAfiliado::parse(s).unwrap_or(TipoAfiliado::Otro)
    }
}

/// An affiliate's code as stored and as guests type it: trimmed, upper-case, letters, digits
/// and hyphens.
pub fn codigo_afiliado(raw: &str) -> Result<String, ReglaError> {
    let c = raw.trim().to_uppercase();
    let n = c.chars().count();
    if !(CODIGO_MIN..=CODIGO_MAX).contains(&n)
        || !c
            .chars()
            .all(|ch| ch.is_ascii_uppercase() || ch.is_ascii_digit() || ch == '-')
    {
        return Err(ReglaError::CodigoAfiliadoInvalido {
            min: CODIGO_MIN,
            max: CODIGO_MAX,
        });
    }
    Ok(c)
}

/// An affiliate as the affiliates form sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DatosAfiliado {
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(required = true, pattern = r"^[A-Za-z0-9-]{2,30}$")
    )]
    pub code: String,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required = true, min_length = 1))]
    pub name: String,
    /// `Hotel`, `Concierge`, `Airbnb`, `Agencia` or `Otro`.
    #[serde(default)]
    pub tipo: String,
    #[serde(default)]
    pub contacto: Option<String>,
    /// Active unless sent false.
    #[serde(default)]
    pub activo: Option<bool>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AfiliadoValido {
    pub code: String,
    pub name: String,
    pub tipo: TipoAfiliado,
    pub contacto: String,
    pub activo: bool,
}

impl AfiliadoValido {
    pub fn parse(d: &DatosAfiliado) -> Result<AfiliadoValido, ReglaError> {
        let code = codigo_afiliado(&d.code)?;
        let name = normalizar_nombre(&d.name)?;
        let tipo = TipoAfiliado::parse(&d.tipo)?;
        let contacto = d.contacto.as_deref().unwrap_or("").trim().to_owned();
        crate::texto::exigir_visible(&contacto, "contacto", false)?;
        if contacto.chars().count() > CONTACTO_MAX {
            return Err(ReglaError::ContactoLargo { max: CONTACTO_MAX });
        }
        Ok(AfiliadoValido {
            code,
            name,
            tipo,
            contacto,
            activo: d.activo.unwrap_or(true),
        })
    }
}

/// The code a booking carries, if any: empty is none; otherwise it must be a well-formed code
/// (whether it exists and is active is storage's to say).
pub fn codigo_en_reserva(raw: Option<&str>) -> Result<Option<String>, ReglaError> {
    match raw.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(c) => codigo_afiliado(c)
            .map(Some)
            .map_err(|_| ReglaError::AfiliadoDesconocido),
    }
}

/// Days back a guest's no-shows are counted for «Riesgo de no-show».
pub const DIAS_RIESGO_NO_SHOW: i64 = 90;
/// No-shows in those days that mark a guest at risk, unless the branch sets another number.
pub const UMBRAL_NO_SHOW_POR_DEFECTO: u32 = 2;
/// The numbers a branch may set.
pub const UMBRAL_NO_SHOW_RANGO: (u32, u32) = (1, 10);

/// «Riesgo de no-show»: the guest did not come `recientes` times in the [`DIAS_RIESGO_NO_SHOW`]
/// days before this visit, at least the branch's `umbral`.
pub fn riesgo_no_show(recientes: u32, umbral: u32) -> bool {
    recientes >= umbral.max(UMBRAL_NO_SHOW_RANGO.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_guest_written_three_ways_has_one_key() {
        let a = ClaveCliente::de(Some(" Ana.Lopez@Correo.MX "), Some("+52 55 1234 5678"));
        let b = ClaveCliente::de(Some("ana.lopez@correo.mx"), Some("5512345678"));
        let c = ClaveCliente::de(None, Some("52-55-1234-5678"));
        assert_eq!(a, b);
        assert_eq!(a.phone, c.phone);
        assert!(ClaveCliente::de(Some("  "), Some("--")).vacia());
    }

    #[test]
    fn affiliate_codes_are_upper_case_and_plain() {
        assert_eq!(codigo_afiliado(" hotel-camino ").unwrap(), "HOTEL-CAMINO");
        assert!(codigo_afiliado("con espacio").is_err());
        assert!(codigo_afiliado("x").is_err());
        assert_eq!(codigo_en_reserva(Some("  ")), Ok(None));
        assert_eq!(
            codigo_en_reserva(Some("no vale")),
            Err(ReglaError::AfiliadoDesconocido)
        );
    }
}
