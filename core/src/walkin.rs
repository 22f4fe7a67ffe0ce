//! The walk-in wizard's form and where it starts.

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

use crate::comanda::{Buffets, Comanda, ConteosComanda, Mesero, Pedido};
use crate::error::ReglaError;
use crate::estado::EstadoReservacion;
use crate::personal::{validar_datos_personales, DatosPersonales, Evento};
use crate::piso::MesaElegida;
use crate::promos::{validar_promos, Abre, PromoAplicada};
use crate::ticket::{tickets_de, Ticket};
use crate::tiempo::ReglasHorario;

/// Status and origin every walk-in record carries.
pub const STATUS_WALKIN: &str = "Walk-in";
pub const ORIGEN_WALKIN: &str = "Walk-in";

/// Every field of the wizard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FormularioWalkin {
    pub tag: String,
    pub marca: String,
    pub sucursal: String,
    pub status: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub evento: Evento,
    pub no_personas: Option<u32>,
    pub mesa: String,
    pub mesero_id: String,
    pub mesero_name: String,
    pub buffet_adulto: Option<u32>,
    pub buffet_boy: Option<u32>,
    pub buffet_promo_adulto: Option<u32>,
    pub buffet_promo_girl: Option<u32>,
    pub buffet_promo_boy: Option<u32>,
    #[serde(rename = "listPromos")]
    pub list_promos: Vec<PromoAplicada>,
    #[serde(rename = "isAfter7pm")]
    pub is_after7pm: bool,
    pub folio: String,
}

impl FormularioWalkin {
    /// A fresh walk-in: one adult, no event, no promotions.
    pub fn nuevo(tag: &str, is_after7pm: bool) -> Self {
        FormularioWalkin {
            tag: tag.to_owned(),
            marca: String::new(),
            sucursal: String::new(),
            status: STATUS_WALKIN.to_owned(),
            name: String::new(),
            email: String::new(),
            phone: String::new(),
            evento: Evento::Ninguno,
            no_personas: Some(1),
            mesa: String::new(),
            mesero_id: String::new(),
            mesero_name: String::new(),
            buffet_adulto: Some(1),
            buffet_boy: Some(0),
            buffet_promo_adulto: Some(1),
            buffet_promo_girl: Some(0),
            buffet_promo_boy: Some(0),
            list_promos: Vec::new(),
            is_after7pm,
            folio: String::new(),
        }
    }
}

/// Minutes past its time after which a Pendiente reservation is a no-show, unless the branch
/// says otherwise.
pub const GRACIA_MIN_POR_DEFECTO: u32 = 30;
/// How many minutes before its time a reservation's arrival may be registered, unless the branch
/// says otherwise.
pub const LLEGADA_ANTES_MIN_POR_DEFECTO: u32 = 120;

/// A branch's walk-in settings (conf-walkin). The defaults: buffet hours 13:00 and 19:00, late
/// cutoff 18:40, in the branch's zone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfWalkin {
    pub horario: ReglasHorario,
    pub gracia_min: u32,
    /// Minutes before its time from which a reservation's arrival may be registered.
    pub llegada_antes_min: u32,
    pub prefijo_folio: String,
    pub pie_ticket: String,
    pub correo_requerido: bool,
    pub telefono_requerido: bool,
}

impl ConfWalkin {
    /// Whether a Pendiente reservation for `fecha_hora` may be seated at `ahora` (both the
    /// branch's wall time): from [`ConfWalkin::llegada_antes_min`] before its time until its
    /// tolerance after it. Another day's reservation, next month's too, is refused with its date.
    pub fn exigir_llegada(
        &self,
        fecha_hora: NaiveDateTime,
        ahora: NaiveDateTime,
    ) -> Result<(), ReglaError> {
        let (fecha, hora) = (
            fecha_hora.format("%d/%m/%Y").to_string(),
            fecha_hora.format("%H:%M").to_string(),
        );
        if ahora < fecha_hora - chrono::Duration::minutes(i64::from(self.llegada_antes_min)) {
            return Err(ReglaError::LlegadaAnticipada {
                fecha,
                hora,
                antes_min: self.llegada_antes_min,
            });
        }
        if ahora > fecha_hora + chrono::Duration::minutes(i64::from(self.gracia_min)) {
            return Err(ReglaError::LlegadaTardia {
                fecha,
                hora,
                gracia_min: self.gracia_min,
            });
        }
        Ok(())
    }
}

impl Default for ConfWalkin {
    fn default() -> Self {
        ConfWalkin {
            horario: ReglasHorario::default(),
            gracia_min: GRACIA_MIN_POR_DEFECTO,
            llegada_antes_min: LLEGADA_ANTES_MIN_POR_DEFECTO,
            prefijo_folio: String::new(),
            pie_ticket: String::new(),
            correo_requerido: false,
            telefono_requerido: false,
        }
    }
}

/// How a folio prints: the branch's prefix, then the number with at least four digits (`POL-0042`).
pub fn formato_folio(prefijo: &str, folio: u64) -> String {
    format!("{prefijo}{folio:04}")
}

/// The order part of a save (walk-in or attendance) as the console sends it: the table, the
/// waiter's id and the counts of the order form.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SolicitudComanda {
    #[serde(default)]
    pub mesa: String,
    #[serde(default)]
    pub mesero_id: String,
    #[serde(flatten)]
    pub conteos: ConteosComanda,
}

/// The abre part of a save: the promotions applied.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SolicitudAbre {
    #[serde(default)]
    pub promo: Vec<PromoAplicada>,
}

/// An order that passed core's own rules, not yet checked against the branch: what a walk-in or
/// an attendance parses to before the server reads the branch's catalogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrdenSolicitada {
    pub pedido: Pedido,
    pub mesa: String,
    pub mesero_id: String,
    /// As sent, less any flag the client put on them.
    promos: Vec<PromoAplicada>,
}

impl OrdenSolicitada {
    /// The order step's rules, then the abre's that need no catalogue (promotions within the
    /// party, the birthday one named). A client's `pide_nombres` counts for nothing here.
    pub fn parse(
        comanda: &SolicitudComanda,
        abre: &SolicitudAbre,
    ) -> Result<OrdenSolicitada, ReglaError> {
        let pedido = Pedido::parse(&comanda.conteos)?;
        let mesa = comanda.mesa.trim();
        if mesa.is_empty() {
            return Err(ReglaError::MesaRequerida);
        }
        let mesero_id = comanda.mesero_id.trim();
        if mesero_id.is_empty() {
            return Err(ReglaError::MeseroRequerido);
        }
        let promos: Vec<PromoAplicada> = abre
            .promo
            .iter()
            .map(|p| PromoAplicada {
                pide_nombres: None,
                ..p.clone()
            })
            .collect();
        validar_promos(&promos, Some(pedido.personas().get()))?;
        Ok(OrdenSolicitada {
            pedido,
            mesa: mesa.to_owned(),
            mesero_id: mesero_id.to_owned(),
            promos,
        })
    }

    /// Checks the order against what the branch offers and builds its abre with the catalogue's
    /// `pide_nombres`: a promotion that asks the celebrants' names needs them, any other loses
    /// them. The waiter is the branch's (the comanda prints the stored name, not what a client
    /// sent).
    pub fn en_sucursal(&self, catalogo: &CatalogoSucursal) -> Result<OrdenValida, ReglaError> {
        let mesa = MesaElegida::parse(&self.mesa, &catalogo.mesas)?;
        let mesero = catalogo
            .meseros
            .iter()
            .find(|m| m.id == self.mesero_id)
            .ok_or(ReglaError::MeseroDesconocido)?;
        let mut promos = Vec::with_capacity(self.promos.len());
        for p in &self.promos {
            let ofrecida = catalogo
                .promos
                .iter()
                .find(|o| o.id == p.id && o.name == p.name)
                .ok_or_else(|| ReglaError::PromoInactiva(p.name.clone()))?;
            promos.push(PromoAplicada {
                pide_nombres: Some(ofrecida.pide_nombres),
                ..p.clone()
            });
        }
        let abre = Abre::nuevo(
            &mesa.etiqueta(),
            &promos,
            Some(self.pedido.personas().get()),
        )?;
        Ok(OrdenValida {
            pedido: self.pedido,
            mesa: mesa.etiqueta(),
            numeros: mesa.numeros().to_vec(),
            mesero: mesero.clone(),
            abre,
        })
    }
}

/// An active promotion of a branch, as the order check reads it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PromoOfrecida {
    pub id: String,
    pub name: String,
    /// Whether the order asks the celebrants' names.
    pub pide_nombres: bool,
}

/// What a branch offers an order: its tables (by number; none configured takes any name), its
/// active waiters and its active promotions.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CatalogoSucursal {
    pub mesas: Vec<u32>,
    pub meseros: Vec<Mesero>,
    pub promos: Vec<PromoOfrecida>,
}

/// An order checked against its branch: what a walk-in or an attendance stores.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrdenValida {
    pub pedido: Pedido,
    /// As the tickets print it (`4`, `4+5`, or a typed name where the branch has no tables).
    pub mesa: String,
    /// The tables it seats at, which the save opens; none for a typed name.
    pub numeros: Vec<u32>,
    pub mesero: Mesero,
    pub abre: Abre,
}

/// An attendance as the lookup's last step sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SolicitudAsistencia {
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(required = true, min_length = 1, pattern = r"\S")
    )]
    pub tag_sucursal: String,
    /// `Asistio`, the only status attendance sets.
    #[serde(default)]
    pub status: Option<String>,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(maximum = 50))]
    pub no_personas: Option<u32>,
    pub comanda: SolicitudComanda,
    #[serde(default)]
    pub abre: SolicitudAbre,
}

impl SolicitudAsistencia {
    pub fn parse(&self) -> Result<OrdenSolicitada, ReglaError> {
        if let Some(s) = &self.status {
            let hacia = EstadoReservacion::parse(s.trim())?;
            if hacia != EstadoReservacion::Asistio {
                return Err(ReglaError::TransicionInvalida {
                    desde: EstadoReservacion::Pendiente,
                    hacia,
                });
            }
        }
        // The party is the order's; a different one at the top level is a form out of step.
        let mut comanda = self.comanda.clone();
        if comanda.conteos.no_personas.is_none() {
            comanda.conteos.no_personas = self.no_personas;
        } else if self.no_personas.is_some() && self.no_personas != comanda.conteos.no_personas {
            return Err(ReglaError::BuffetsNoCoinciden);
        }
        OrdenSolicitada::parse(&comanda, &self.abre)
    }
}

/// A walk-in as the console saves it. The server stamps its own time, status
/// and origin; `status` and `origin`, when sent, must be `Walk-in`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SolicitudWalkin {
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(required = true, min_length = 1, pattern = r"\S")
    )]
    pub tag_sucursal: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub phone: Option<String>,
    #[serde(default)]
    pub evento: Option<Evento>,
    #[serde(default)]
    pub status: Option<String>,
    #[serde(default)]
    pub origin: Option<String>,
    pub comanda: SolicitudComanda,
    #[serde(default)]
    pub abre: SolicitudAbre,
    /// `_id` of the waiting party (`/api/v1/admin/espera`) this walk-in seats: the save marks it
    /// seated, or is refused whole (409) when it no longer waits in the branch. Absent, null or
    /// empty: none. Needs the permission espera.index.
    #[serde(default)]
    pub espera_id: Option<String>,
}

impl SolicitudWalkin {
    /// The waiting party it seats: `espera_id` trimmed, none when absent or empty.
    pub fn espera(&self) -> Option<&str> {
        self.espera_id
            .as_deref()
            .map(str::trim)
            .filter(|e| !e.is_empty())
    }
}

/// A walk-in that passed every rule of core, with the branch's settings applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WalkinValido {
    pub personal: DatosPersonales,
    pub orden: OrdenSolicitada,
    /// The waiting party it seats, if it names one.
    pub espera_id: Option<String>,
}

impl WalkinValido {
    pub fn parse(s: &SolicitudWalkin, conf: &ConfWalkin) -> Result<WalkinValido, ReglaError> {
        for valor in [&s.status, &s.origin].into_iter().flatten() {
            if valor.trim() != STATUS_WALKIN {
                return Err(ReglaError::EstadoWalkin);
            }
        }
        let personal = validar_datos_personales(&DatosPersonales {
            name: s.name.clone(),
            email: s.email.clone(),
            phone: s.phone.clone(),
            evento: s.evento,
        })?;
        if conf.correo_requerido && personal.email.is_none() {
            return Err(ReglaError::CorreoRequerido);
        }
        if conf.telefono_requerido && personal.phone.is_none() {
            return Err(ReglaError::TelefonoRequerido);
        }
        Ok(WalkinValido {
            personal,
            orden: OrdenSolicitada::parse(&s.comanda, &s.abre)?,
            espera_id: s.espera().map(str::to_owned),
        })
    }
}

/// What storage read for a walk-in inside its save's transaction: the branch's catalogue for the
/// order, the number its folio sequence gave, and the prefix the folio prints with.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LecturaWalkin {
    pub catalogo: CatalogoSucursal,
    pub folio: u64,
    pub prefijo: String,
}

/// Everything a walk-in's save writes, decided here from the request and what storage read: the
/// comanda and the abre, the folio as it prints, the tables it opens, its two tickets for the
/// kitchen's printers and its entry in the log. Storage writes it as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WalkinDecidido {
    pub comanda: Comanda,
    /// The five buffet columns stored beside the visit, as the order counted them.
    pub buffets: Buffets,
    pub abre: Abre,
    /// The folio with the branch's prefix (`POL-0042`).
    pub folio_impreso: String,
    /// The tables it seats at, which the save opens; none for a typed name.
    pub mesas: Vec<u32>,
    pub tickets: Vec<Ticket>,
    pub registro: RegistroWalkin,
}

impl WalkinDecidido {
    /// The save's tickets with the party's arrival ([`crate::ticket::con_llegada`]).
    pub fn con_llegada(mut self, llegada: Option<&str>) -> Self {
        crate::ticket::con_llegada(&mut self.tickets, llegada);
        self
    }
}

/// A walk-in as its creation entry in the log holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RegistroWalkin {
    pub name: String,
    pub folio: String,
    /// `YYYY-MM-DD HH:mm`, branch-local.
    pub fecha_hora: String,
    pub no_personas: u32,
    pub mesa: String,
    pub mesero: String,
    pub evento: Evento,
}

impl WalkinDecidido {
    /// The save of `nombre`'s order, already checked against its branch, registered at
    /// `fecha_hora` (branch-local) with the folio `folio`.
    pub fn de_orden(
        nombre: &str,
        evento: Evento,
        orden: OrdenValida,
        fecha_hora: NaiveDateTime,
        folio: u64,
        prefijo: &str,
    ) -> WalkinDecidido {
        let comanda = Comanda::nueva(&orden.pedido, folio, &orden.mesa, orden.mesero.clone());
        let folio_impreso = formato_folio(prefijo, folio);
        let tickets = tickets_de(
            &folio_impreso,
            fecha_hora,
            nombre,
            evento,
            &comanda,
            &orden.abre,
        );
        let registro = RegistroWalkin {
            name: nombre.to_owned(),
            folio: folio_impreso.clone(),
            fecha_hora: crate::tiempo::formato_fecha_hora(fecha_hora),
            no_personas: comanda.no_personas().get(),
            mesa: comanda.mesa().to_owned(),
            mesero: orden.mesero.name.clone(),
            evento,
        };
        WalkinDecidido {
            comanda,
            buffets: orden.pedido.buffets(),
            abre: orden.abre,
            folio_impreso,
            mesas: orden.numeros,
            tickets,
            registro,
        }
    }
}

/// A walk-in's save: `nombre`'s order checked against the branch's catalogue, then everything
/// it writes. `fecha_hora` is the branch's wall time of the save.
pub fn decidir_walkin(
    nombre: &str,
    evento: Evento,
    orden: &OrdenSolicitada,
    fecha_hora: NaiveDateTime,
    lectura: &LecturaWalkin,
) -> Result<WalkinDecidido, ReglaError> {
    let orden = orden.en_sucursal(&lectura.catalogo)?;
    Ok(WalkinDecidido::de_orden(
        nombre,
        evento,
        orden,
        fecha_hora,
        lectura.folio,
        &lectura.prefijo,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ticket::TipoTicket;

    #[test]
    fn an_arrival_is_registered_on_its_day_from_two_hours_before_until_its_tolerance() {
        let conf = ConfWalkin::default();
        let at = |s: &str| chrono::NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap();
        let reserva = at("2026-11-30 13:10");
        assert_eq!(conf.exigir_llegada(reserva, at("2026-11-30 11:10")), Ok(()));
        assert_eq!(conf.exigir_llegada(reserva, at("2026-11-30 13:40")), Ok(()));
        assert_eq!(
            conf.exigir_llegada(reserva, at("2026-11-24 22:47")).map_err(|e| e.to_string()),
            Err("La reservación es del 30/11/2026 a las 13:10: su llegada se registra desde 120 minutos antes de esa hora".to_owned())
        );
        assert!(matches!(
            conf.exigir_llegada(reserva, at("2026-11-30 11:09")),
            Err(ReglaError::LlegadaAnticipada { .. })
        ));
        assert_eq!(
            conf.exigir_llegada(reserva, at("2026-11-30 13:41")).map_err(|e| e.to_string()),
            Err("La reservación era del 30/11/2026 a las 13:10 y ya pasó su tolerancia de 30 minutos".to_owned())
        );
        let amplia = ConfWalkin {
            llegada_antes_min: 600,
            ..ConfWalkin::default()
        };
        assert_eq!(
            amplia.exigir_llegada(reserva, at("2026-11-30 04:00")),
            Ok(())
        );
    }

    fn solicitud() -> SolicitudWalkin {
        SolicitudWalkin {
            tag_sucursal: "polanco".into(),
            name: "Familia Robles".into(),
            comanda: SolicitudComanda {
                mesa: "4".into(),
                mesero_id: "m1".into(),
                conteos: ConteosComanda {
                    no_personas: Some(3),
                    buffet_adulto: Some(2),
                    buffet_boy: Some(1),
                    ..Default::default()
                },
            },
            ..Default::default()
        }
    }

    #[test]
    fn a_walk_in_passes_the_order_and_personal_rules() {
        let w = WalkinValido::parse(&solicitud(), &ConfWalkin::default()).unwrap();
        assert_eq!(w.orden.pedido.personas().get(), 3);
        assert_eq!(w.personal.evento, Some(Evento::Ninguno));
    }

    #[test]
    fn a_walk_in_whose_counts_do_not_add_up_is_refused_with_the_spec_message() {
        let mut s = solicitud();
        s.comanda.conteos.buffet_boy = Some(2);
        assert_eq!(
            WalkinValido::parse(&s, &ConfWalkin::default()),
            Err(ReglaError::BuffetsNoCoinciden)
        );
    }

    #[test]
    fn a_branch_that_requires_an_email_refuses_a_walk_in_without_one() {
        let conf = ConfWalkin {
            correo_requerido: true,
            ..ConfWalkin::default()
        };
        assert_eq!(
            WalkinValido::parse(&solicitud(), &conf),
            Err(ReglaError::CorreoRequerido)
        );
    }

    #[test]
    fn a_walk_in_must_name_its_table_and_waiter_and_keep_its_status() {
        let mut s = solicitud();
        s.comanda.mesa = " ".into();
        assert_eq!(
            WalkinValido::parse(&s, &ConfWalkin::default()),
            Err(ReglaError::MesaRequerida)
        );
        let mut s = solicitud();
        s.comanda.mesero_id = String::new();
        assert_eq!(
            WalkinValido::parse(&s, &ConfWalkin::default()),
            Err(ReglaError::MeseroRequerido)
        );
        let mut s = solicitud();
        s.status = Some("Pendiente".into());
        assert_eq!(
            WalkinValido::parse(&s, &ConfWalkin::default()),
            Err(ReglaError::EstadoWalkin)
        );
    }

    fn catalogo(pide_nombres: bool) -> CatalogoSucursal {
        CatalogoSucursal {
            mesas: vec![4],
            meseros: vec![Mesero {
                id: "m1".into(),
                name: "Rosa".into(),
            }],
            promos: vec![
                PromoOfrecida {
                    id: "a".into(),
                    name: "Aniversario".into(),
                    pide_nombres,
                },
                PromoOfrecida {
                    id: "c".into(),
                    name: crate::promos::PROMO_CUMPLEANOS.into(),
                    pide_nombres: false,
                },
            ],
        }
    }

    fn con_promo(
        id: &str,
        name: &str,
        field: Option<&str>,
        pide_nombres: Option<bool>,
    ) -> OrdenSolicitada {
        let mut s = solicitud();
        s.abre.promo = vec![PromoAplicada {
            id: id.into(),
            name: name.into(),
            qty: Some(1),
            field: field.map(Into::into),
            pide_nombres,
        }];
        WalkinValido::parse(&s, &ConfWalkin::default())
            .unwrap()
            .orden
    }

    #[test]
    fn the_catalogue_not_the_client_decides_whether_names_are_asked() {
        // The client says no, the branch says yes: refused without names, kept with them.
        let sin = con_promo("a", "Aniversario", None, Some(false));
        assert_eq!(
            sin.en_sucursal(&catalogo(true)),
            Err(ReglaError::FestejadosRequeridos)
        );
        let con = con_promo("a", "Aniversario", Some(" Ana "), Some(false))
            .en_sucursal(&catalogo(true))
            .unwrap();
        assert_eq!(con.abre.promos()[0].field.as_deref(), Some("Ana"));
        assert_eq!(con.abre.promos()[0].pide_nombres, None);
        assert_eq!(con.mesero.name, "Rosa");
        // The client says yes, the branch says no: the names are dropped.
        let otra = con_promo("a", "Aniversario", Some("Ana"), Some(true))
            .en_sucursal(&catalogo(false))
            .unwrap();
        assert_eq!(otra.abre.promos()[0].field, None);
        // The birthday promotion asks them even from a row without the flag.
        let mut s = solicitud();
        s.abre.promo = vec![PromoAplicada {
            id: "c".into(),
            name: "Cumpleaños".into(),
            qty: Some(1),
            field: None,
            pide_nombres: None,
        }];
        assert_eq!(
            WalkinValido::parse(&s, &ConfWalkin::default()),
            Err(ReglaError::FestejadosRequeridos)
        );
        let cumple = con_promo("c", "Cumpleaños", Some("Luis"), None)
            .en_sucursal(&catalogo(false))
            .unwrap();
        assert_eq!(cumple.abre.promos()[0].field.as_deref(), Some("Luis"));
    }

    #[test]
    fn a_table_is_read_as_the_branch_numbers_it_and_any_name_goes_where_there_are_none() {
        let mut s = solicitud();
        s.comanda.mesa = "04".into();
        let orden = WalkinValido::parse(&s, &ConfWalkin::default())
            .unwrap()
            .orden;
        let valida = orden.en_sucursal(&catalogo(false)).unwrap();
        assert_eq!(
            (valida.mesa.as_str(), valida.numeros.as_slice()),
            ("4", &[4][..])
        );
        assert_eq!(valida.abre.mesa(), "4");
        s.comanda.mesa = "Barra".into();
        let orden = WalkinValido::parse(&s, &ConfWalkin::default())
            .unwrap()
            .orden;
        assert_eq!(
            orden.en_sucursal(&catalogo(false)),
            Err(ReglaError::MesaDesconocida)
        );
        let sin_mesas = CatalogoSucursal {
            mesas: vec![],
            ..catalogo(false)
        };
        let valida = orden.en_sucursal(&sin_mesas).unwrap();
        assert_eq!((valida.mesa.as_str(), valida.numeros.len()), ("Barra", 0));
    }

    #[test]
    fn a_walkins_save_is_decided_whole_from_the_request_and_what_storage_read() {
        let mut s = solicitud();
        s.comanda.mesa = "4".into();
        s.espera_id = Some("  ".into());
        let valido = WalkinValido::parse(&s, &ConfWalkin::default()).unwrap();
        assert_eq!(valido.espera_id, None);
        let lectura = LecturaWalkin {
            catalogo: catalogo(false),
            folio: 42,
            prefijo: "POL-".into(),
        };
        let at =
            chrono::NaiveDateTime::parse_from_str("2026-11-29 14:05", "%Y-%m-%d %H:%M").unwrap();
        let evento = Evento::Cumpleanos;
        let d = decidir_walkin(&s.name, evento, &valido.orden, at, &lectura).unwrap();
        assert_eq!(d.folio_impreso, "POL-0042");
        assert_eq!(d.comanda.folio(), 42);
        assert_eq!(d.mesas, vec![4]);
        assert_eq!(
            d.tickets.iter().map(|t| t.tipo).collect::<Vec<_>>(),
            TipoTicket::TODOS.to_vec()
        );
        assert!(d
            .tickets
            .iter()
            .all(|t| t.folio == "POL-0042" && t.mesero == "Rosa" && t.mesa == "4"));
        assert_eq!(
            serde_json::to_value(&d.registro).unwrap(),
            serde_json::json!({
                "name": "Familia Robles", "folio": "POL-0042", "fecha_hora": "2026-11-29 14:05",
                "no_personas": d.comanda.no_personas().get(), "mesa": "4", "mesero": "Rosa",
                "evento": evento,
            })
        );
        // A waiter the branch does not have refuses the whole save.
        let otra = LecturaWalkin {
            catalogo: CatalogoSucursal {
                meseros: vec![],
                ..catalogo(false)
            },
            ..lectura
        };
        assert_eq!(
            decidir_walkin(&s.name, evento, &valido.orden, at, &otra),
            Err(ReglaError::MeseroDesconocido)
        );
    }

    #[test]
    fn folios_print_with_the_prefix_and_four_digits() {
        assert_eq!(formato_folio("POL-", 42), "POL-0042");
        assert_eq!(formato_folio("", 12345), "12345");
    }
}
