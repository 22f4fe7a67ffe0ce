//! The comanda and the abre as one model of lines, so the screen and the kitchen printer print
//! the same ticket: [`Ticket::lineas`] says what goes on it, in order; the screen draws those
//! lines and [`crate::escpos`] turns them into printer bytes.

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

use crate::comanda::{Buffet, Comanda};
use crate::personal::Evento;
use crate::promos::{es_cumpleanos, Abre};

/// Which of the two tickets of an order: the comanda goes to the kitchen with the waiter's name,
/// the abre opens the table's account.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum TipoTicket {
    Comanda,
    Abre,
}

impl TipoTicket {
    pub const TODOS: [TipoTicket; 2] = [TipoTicket::Comanda, TipoTicket::Abre];

    /// Wire name: `comanda` or `abre`.
    pub fn clave(self) -> &'static str {
        match self {
            TipoTicket::Comanda => "comanda",
            TipoTicket::Abre => "abre",
        }
    }

    /// As the screens name it: `Comanda` or `Abre`.
    pub fn titulo(self) -> &'static str {
        match self {
            TipoTicket::Comanda => "Comanda",
            TipoTicket::Abre => "Abre",
        }
    }

    /// The type of a wire name, if it is one.
    pub fn parse(s: &str) -> Option<TipoTicket> {
        TipoTicket::TODOS.into_iter().find(|t| t.clave() == s)
    }
}

/// A promotion as the ticket lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PromoTicket {
    pub nombre: String,
    pub cantidad: u32,
    /// Who is celebrating (the birthday promotion asks for it), or any note the promo carries.
    pub festejados: Option<String>,
    /// The birthday promotion: the ticket wishes a happy birthday.
    pub cumpleanos: bool,
}

/// Everything a comanda or an abre prints.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ticket {
    pub tipo: TipoTicket,
    /// The branch's name.
    pub lugar: Option<String>,
    /// As printed, e.g. `POL-000123`.
    pub folio: String,
    /// The branch's wall time.
    pub fecha_hora: NaiveDateTime,
    /// The customer.
    pub nombre: String,
    /// The event's label as shown, e.g. `Cumpleaños`.
    pub evento: String,
    pub mesa: String,
    pub personas: u32,
    pub mesero: String,
    pub buffet: Buffet,
    pub promos: Vec<PromoTicket>,
    /// The branch's footer; empty prints [`PIE_POR_DEFECTO`].
    pub pie: String,
    /// A copy printed again: it says so on top.
    pub reimpresion: bool,
    /// `HH:MM`: when the party arrived, printed when the branch charged the buffet by it.
    pub llegada: Option<String>,
}

/// The footer of a branch that has none of its own.
pub const PIE_POR_DEFECTO: &str = "Gracias por su visita";

/// One line of a ticket, as the screen and the printer lay it out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Linea {
    /// Centred, bold.
    Titulo(String),
    /// Centred, double width and height, bold: the folio.
    Grande(String),
    /// Centred, plain.
    Centro(String),
    /// The label on the left, the value right-aligned.
    Par {
        etiqueta: String,
        valor: String,
        negrita: bool,
    },
    /// Left-aligned; wraps.
    Texto { texto: String, negrita: bool },
    /// A dashed rule.
    Separador,
}

fn par(etiqueta: &str, valor: impl ToString, negrita: bool) -> Linea {
    Linea::Par {
        etiqueta: etiqueta.to_owned(),
        valor: valor.to_string(),
        negrita,
    }
}

fn texto(texto: impl Into<String>, negrita: bool) -> Linea {
    Linea::Texto {
        texto: texto.into(),
        negrita,
    }
}

impl Ticket {
    /// The ticket's lines, top to bottom, as the screen prints them.
    pub fn lineas(&self) -> Vec<Linea> {
        let mut l = Vec::new();
        if self.reimpresion {
            l.push(Linea::Titulo("REIMPRESIÓN".into()));
        }
        if let Some(lugar) = &self.lugar {
            l.push(Linea::Titulo(lugar.clone()));
        }
        l.push(Linea::Titulo(self.tipo.titulo().to_uppercase()));
        l.push(Linea::Grande(format!("Folio {}", self.folio)));
        l.push(Linea::Centro(
            self.fecha_hora.format("%d/%m/%Y %H:%M").to_string(),
        ));
        l.push(Linea::Separador);

        l.push(par("Cliente", &self.nombre, false));
        l.push(par("Evento", &self.evento, false));
        l.push(par("Mesa", &self.mesa, true));
        l.push(par("Personas", self.personas, true));
        if let Some(llegada) = &self.llegada {
            l.push(par("Llegada", llegada, true));
        }
        if self.tipo == TipoTicket::Comanda {
            l.push(par("Mesero", &self.mesero, false));
        }
        l.push(Linea::Separador);

        let b = &self.buffet;
        if b.after_seven {
            l.push(texto("BUFFET PROMOCIÓN", true));
            l.push(par("Caballero", b.adulto, true));
            l.push(par("Dama", b.dama, true));
            l.push(par("Niño", b.nino, true));
        } else {
            l.push(texto("BUFFET REGULAR", true));
            l.push(par("Adulto", b.adulto, true));
            l.push(par("Niño", b.nino, true));
        }
        l.push(Linea::Separador);

        l.push(texto("PROMOCIONES", true));
        if self.promos.is_empty() {
            l.push(texto("Sin promociones", false));
        }
        for p in &self.promos {
            l.push(texto(format!("{} x {}", p.cantidad, p.nombre), false));
            let festejados = p.festejados.as_deref().filter(|f| !f.trim().is_empty());
            if p.cumpleanos {
                l.push(Linea::Centro("* ¡Feliz cumpleaños! *".into()));
                if let Some(f) = festejados {
                    l.push(Linea::Centro(f.to_owned()));
                }
            } else if let Some(f) = festejados {
                l.push(texto(f, false));
            }
        }
        l.push(Linea::Separador);

        let pie = self.pie.trim();
        let pie = if pie.is_empty() { PIE_POR_DEFECTO } else { pie };
        l.extend(pie.lines().map(|r| Linea::Centro(r.trim().to_owned())));
        l
    }
}

/// The tickets print the party's arrival (`HH:MM`) when the branch charged its buffet by it
/// ([`crate::tiempo::ReglasHorario::modo_al_sentar`]): on the save's tickets and on reprints.
pub fn con_llegada(tickets: &mut [Ticket], llegada: Option<&str>) {
    for t in tickets {
        t.llegada = llegada.map(str::to_owned);
    }
}

/// The comanda and abre of a seated party, as data: the branch's name and footer are added when
/// they print.
pub fn tickets_de(
    folio: &str,
    fecha_hora: NaiveDateTime,
    nombre: &str,
    evento: Evento,
    comanda: &Comanda,
    abre: &Abre,
) -> Vec<Ticket> {
    TipoTicket::TODOS
        .into_iter()
        .map(|tipo| Ticket {
            tipo,
            lugar: None,
            folio: folio.to_owned(),
            fecha_hora,
            nombre: nombre.to_owned(),
            evento: evento.nombre().to_owned(),
            mesa: comanda.mesa().to_owned(),
            personas: comanda.no_personas().get(),
            mesero: comanda.mesero().name.clone(),
            buffet: comanda.buffet(),
            promos: abre
                .promos()
                .iter()
                .map(|p| PromoTicket {
                    nombre: p.name.clone(),
                    cantidad: p.qty.unwrap_or(1),
                    festejados: p.field.clone().filter(|f| !f.trim().is_empty()),
                    cumpleanos: es_cumpleanos(&p.name),
                })
                .collect(),
            pie: String::new(),
            reimpresion: false,
            llegada: None,
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use chrono::NaiveDate;

    /// The order of the encoder's tests too: a birthday party at two joined tables, after seven.
    pub(crate) fn ejemplo(tipo: TipoTicket) -> Ticket {
        Ticket {
            tipo,
            lugar: Some("Polanco".into()),
            folio: "POL-000042".into(),
            fecha_hora: NaiveDate::from_ymd_opt(2026, 11, 26)
                .unwrap()
                .and_hms_opt(19, 42, 0)
                .unwrap(),
            nombre: "Peña Núñez".into(),
            evento: "Cumpleaños".into(),
            mesa: "4+5".into(),
            personas: 4,
            mesero: "Luis".into(),
            buffet: Buffet {
                after_seven: true,
                adulto: 2,
                dama: 1,
                nino: 1,
            },
            promos: vec![PromoTicket {
                nombre: "Cumpleaños".into(),
                cantidad: 1,
                festejados: Some("Sofía".into()),
                cumpleanos: true,
            }],
            pie: String::new(),
            reimpresion: false,
            llegada: None,
        }
    }

    fn pares(l: &[Linea]) -> Vec<(&str, &str, bool)> {
        l.iter()
            .filter_map(|x| match x {
                Linea::Par {
                    etiqueta,
                    valor,
                    negrita,
                } => Some((etiqueta.as_str(), valor.as_str(), *negrita)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_arrival_the_buffet_was_charged_by_prints_under_the_party() {
        for tipo in TipoTicket::TODOS {
            let mut t = ejemplo(tipo);
            assert!(!pares(&t.lineas()).iter().any(|(e, ..)| *e == "Llegada"));
            t.llegada = Some("18:35".into());
            let lineas = t.lineas();
            let p = pares(&lineas);
            let i = p.iter().position(|(e, ..)| *e == "Llegada").unwrap();
            assert_eq!(p[i], ("Llegada", "18:35", true));
            assert_eq!(p[i - 1].0, "Personas");
        }
    }

    #[test]
    fn a_comanda_reads_top_to_bottom_as_the_screen_prints_it() {
        let l = ejemplo(TipoTicket::Comanda).lineas();
        let t = |s: &str, negrita| Linea::Texto {
            texto: s.into(),
            negrita,
        };
        assert_eq!(
            l,
            vec![
                Linea::Titulo("Polanco".into()),
                Linea::Titulo("COMANDA".into()),
                Linea::Grande("Folio POL-000042".into()),
                Linea::Centro("26/11/2026 19:42".into()),
                Linea::Separador,
                par("Cliente", "Peña Núñez", false),
                par("Evento", "Cumpleaños", false),
                par("Mesa", "4+5", true),
                par("Personas", 4, true),
                par("Mesero", "Luis", false),
                Linea::Separador,
                t("BUFFET PROMOCIÓN", true),
                par("Caballero", 2, true),
                par("Dama", 1, true),
                par("Niño", 1, true),
                Linea::Separador,
                t("PROMOCIONES", true),
                t("1 x Cumpleaños", false),
                Linea::Centro("* ¡Feliz cumpleaños! *".into()),
                Linea::Centro("Sofía".into()),
                Linea::Separador,
                Linea::Centro(PIE_POR_DEFECTO.into()),
            ]
        );
    }

    #[test]
    fn the_abre_has_no_waiter_and_a_regular_buffet_lists_adults_and_children() {
        let mut t = ejemplo(TipoTicket::Abre);
        t.buffet = Buffet {
            after_seven: false,
            adulto: 3,
            dama: 0,
            nino: 2,
        };
        let l = t.lineas();
        assert_eq!(l[1], Linea::Titulo("ABRE".into()));
        assert!(pares(&l).iter().all(|(e, _, _)| *e != "Mesero"));
        assert!(l.contains(&texto("BUFFET REGULAR", true)));
        let buffet: Vec<_> = pares(&l)
            .into_iter()
            .filter(|(e, _, _)| ["Adulto", "Niño", "Caballero", "Dama"].contains(e))
            .collect();
        assert_eq!(buffet, vec![("Adulto", "3", true), ("Niño", "2", true)]);
    }

    #[test]
    fn without_promos_it_says_so_and_a_reprint_says_so_first() {
        let mut t = ejemplo(TipoTicket::Comanda);
        t.promos.clear();
        t.reimpresion = true;
        t.lugar = None;
        let l = t.lineas();
        assert_eq!(l[0], Linea::Titulo("REIMPRESIÓN".into()));
        assert_eq!(l[1], Linea::Titulo("COMANDA".into()));
        let i = l.iter().position(|x| *x == texto("PROMOCIONES", true));
        assert_eq!(l[i.unwrap() + 1], texto("Sin promociones", false));
        assert!(!l.contains(&Linea::Centro("* ¡Feliz cumpleaños! *".into())));
    }

    #[test]
    fn a_plain_promo_prints_its_note_and_the_footer_prints_line_by_line() {
        let mut t = ejemplo(TipoTicket::Comanda);
        t.promos = vec![
            PromoTicket {
                nombre: "2x1 Bebidas".into(),
                cantidad: 2,
                festejados: Some("Sin hielo".into()),
                cumpleanos: false,
            },
            PromoTicket {
                nombre: "Cumpleaños".into(),
                cantidad: 1,
                festejados: None,
                cumpleanos: true,
            },
        ];
        t.pie = "  Gracias, vuelva pronto\r\nwww.ejemplo.mx  ".into();
        let l = t.lineas();
        let n = l.len();
        assert_eq!(
            l[n - 8..],
            [
                texto("PROMOCIONES", true),
                texto("2 x 2x1 Bebidas", false),
                texto("Sin hielo", false),
                texto("1 x Cumpleaños", false),
                Linea::Centro("* ¡Feliz cumpleaños! *".into()),
                Linea::Separador,
                Linea::Centro("Gracias, vuelva pronto".into()),
                Linea::Centro("www.ejemplo.mx".into()),
            ]
        );
    }

    #[test]
    fn types_round_trip_their_wire_names() {
        for t in TipoTicket::TODOS {
            assert_eq!(TipoTicket::parse(t.clave()), Some(t));
            assert_eq!(
                serde_json::to_value(t).unwrap(),
                serde_json::json!(t.clave())
            );
        }
        assert_eq!(TipoTicket::Abre.titulo(), "Abre");
        assert_eq!(TipoTicket::parse("Comanda"), None);
    }
}
