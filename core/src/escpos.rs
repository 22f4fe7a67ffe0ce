//! A small ESC/POS encoder: a [`Ticket`]'s lines as the bytes a thermal printer on the network
//! takes (raw TCP, port 9100). Only the few commands every ESC/POS printer knows are used:
//! initialise, code page, alignment, bold, character size, feed and cut. Text is laid out here,
//! in font A columns, so what a line holds never depends on the printer's own wrapping; and no
//! character of a typed text can reach the printer as a command.

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

use crate::ticket::{Linea, Ticket};

const ESC: u8 = 0x1B;
const GS: u8 = 0x1D;
const LF: u8 = 0x0A;

/// The paper roll's width.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ancho {
    #[serde(rename = "80")]
    Mm80,
    #[serde(rename = "58")]
    Mm58,
}

impl Ancho {
    /// Characters per line in font A: 48 on 80 mm paper, 32 on 58 mm.
    pub fn columnas(self) -> usize {
        match self {
            Ancho::Mm80 => 48,
            Ancho::Mm58 => 32,
        }
    }

    pub fn mm(self) -> u32 {
        match self {
            Ancho::Mm80 => 80,
            Ancho::Mm58 => 58,
        }
    }

    /// The width of a roll `mm` wide, if it is one the encoder lays out.
    pub fn de_mm(mm: u32) -> Option<Ancho> {
        [Ancho::Mm80, Ancho::Mm58]
            .into_iter()
            .find(|a| a.mm() == mm)
    }
}

/// The character table the printer is told to use (`ESC t n`), and so how accents are encoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PaginaCodigos {
    Cp858,
    Cp850,
    Wpc1252,
}

/// Code page 850, bytes 0x80 to 0xFF. CP858 is the same but for 0xD5, which is € there.
const CP850_ALTO: [char; 128] = [
    'Ç', 'ü', 'é', 'â', 'ä', 'à', 'å', 'ç', 'ê', 'ë', 'è', 'ï', 'î', 'ì', 'Ä', 'Å', //
    'É', 'æ', 'Æ', 'ô', 'ö', 'ò', 'û', 'ù', 'ÿ', 'Ö', 'Ü', 'ø', '£', 'Ø', '×', 'ƒ', //
    'á', 'í', 'ó', 'ú', 'ñ', 'Ñ', 'ª', 'º', '¿', '®', '¬', '½', '¼', '¡', '«', '»', //
    '░', '▒', '▓', '│', '┤', 'Á', 'Â', 'À', '©', '╣', '║', '╗', '╝', '¢', '¥', '┐', //
    '└', '┴', '┬', '├', '─', '┼', 'ã', 'Ã', '╚', '╔', '╩', '╦', '╠', '═', '╬', '¤', //
    'ð', 'Ð', 'Ê', 'Ë', 'È', 'ı', 'Í', 'Î', 'Ï', '┘', '┌', '█', '▄', '¦', 'Ì', '▀', //
    'Ó', 'ß', 'Ô', 'Ò', 'õ', 'Õ', 'µ', 'þ', 'Þ', 'Ú', 'Û', 'Ù', 'ý', 'Ý', '¯', '´', //
    '\u{AD}', '±', '‗', '¾', '¶', '§', '÷', '¸', '°', '¨', '·', '¹', '³', '²', '■', '\u{A0}',
];

/// Windows-1252, bytes 0x80 to 0x9F (0xA0 to 0xFF are Latin-1's); `\0` where it has none.
const WPC1252_80_9F: [char; 32] = [
    '€', '\0', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\0', 'Ž', '\0', //
    '\0', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\0', 'ž', 'Ÿ',
];

/// Letters and signs a page may lack, and the ASCII character printed for each instead.
const SIN_ACENTO_DESDE: &str = "ÀÁÂÃÄÅĀĂĄàáâãäåāăąÇĆČçćčĎďÈÉÊËĒĘĚèéêëēęěĞğÌÍÎÏĪİìíîïīıŁłÑŃŇñńňÒÓÔÕÖØŌŐòóôõöøōőŘřŚŞŠśşšŢŤţťÙÚÛÜŪŮŰùúûüūůűÝŸýÿŹŻŽźżž‘’‚′“”„″–—‐‑−…•";
/// See [`SIN_ACENTO_DESDE`]; one character for each.
const SIN_ACENTO_HACIA: &str = "AAAAAAAAAaaaaaaaaaCCCcccDdEEEEEEEeeeeeeeGgIIIIIIiiiiiiLlNNNnnnOOOOOOOOooooooooRrSSSsssTTttUUUUUUUuuuuuuuYYyyZZZzzz'''''\"\"\"\"----.*";

impl PaginaCodigos {
    pub const TODAS: [PaginaCodigos; 3] = [
        PaginaCodigos::Cp858,
        PaginaCodigos::Cp850,
        PaginaCodigos::Wpc1252,
    ];

    /// Wire name: `cp858`, `cp850` or `wpc1252`.
    pub fn clave(self) -> &'static str {
        match self {
            PaginaCodigos::Cp858 => "cp858",
            PaginaCodigos::Cp850 => "cp850",
            PaginaCodigos::Wpc1252 => "wpc1252",
        }
    }

    /// The page of a wire name, if it is one.
    pub fn parse(s: &str) -> Option<PaginaCodigos> {
        PaginaCodigos::TODAS.into_iter().find(|p| p.clave() == s)
    }

    /// As the printers form lists it.
    pub fn nombre(self) -> &'static str {
        match self {
            PaginaCodigos::Cp858 => "PC858 (Europa, con €)",
            PaginaCodigos::Cp850 => "PC850 (Multilingüe)",
            PaginaCodigos::Wpc1252 => "Windows-1252",
        }
    }

    /// The `n` of `ESC t n` that selects this page (Epson's numbering, which most clones follow).
    pub fn seleccion(self) -> u8 {
        match self {
            PaginaCodigos::Cp858 => 19,
            PaginaCodigos::Cp850 => 2,
            PaginaCodigos::Wpc1252 => 16,
        }
    }

    /// The byte that prints `c` on this page. A control character (below 0x20, 0x7F, C1) is a
    /// space, so no text can send a command; a character the page lacks prints without its
    /// accent when it has a plain ASCII base, else as `?`.
    pub fn codificar(self, c: char) -> u8 {
        if c.is_control() {
            return b' ';
        }
        if c.is_ascii() {
            return c as u8;
        }
        let propio = match self {
            PaginaCodigos::Cp850 | PaginaCodigos::Cp858 => {
                if self == PaginaCodigos::Cp858 && c == '€' {
                    Some(0xD5)
                } else if self == PaginaCodigos::Cp858 && c == 'ı' {
                    None
                } else {
                    CP850_ALTO.iter().position(|&x| x == c).map(|i| 0x80 + i)
                }
            }
            PaginaCodigos::Wpc1252 => match c {
                '\u{A0}'..='\u{FF}' => Some(c as usize),
                _ => WPC1252_80_9F
                    .iter()
                    .position(|&x| x == c && x != '\0')
                    .map(|i| 0x80 + i),
            },
        };
        match propio {
            Some(b) => b as u8,
            None => sin_acento(c),
        }
    }
}

/// The ASCII character a letter or sign prints as on a page without it, or `?`.
fn sin_acento(c: char) -> u8 {
    SIN_ACENTO_DESDE
        .chars()
        .position(|d| d == c)
        .and_then(|i| SIN_ACENTO_HACIA.chars().nth(i))
        .map_or(b'?', |b| b as u8)
}

/// A typed text made printable: every space-like or control character (a tab, a line break, ESC,
/// GS…) is a plain space, and zero-width formatting characters are gone. One `char` of the
/// result prints as one byte, in one column.
fn limpiar(texto: &str) -> Vec<char> {
    texto
        .chars()
        .filter(|&c| {
            !matches!(c, '\u{200D}' | '\u{FE00}'..='\u{FE0F}')
                && (c.is_control() || !crate::texto::es_invisible(c))
        })
        .map(|c| {
            if c.is_control() || c.is_whitespace() {
                ' '
            } else {
                c
            }
        })
        .collect()
}

/// The words of a typed text, made printable by [`limpiar`].
fn palabras(texto: &str) -> Vec<Vec<char>> {
    limpiar(texto)
        .split(|&c| c == ' ')
        .filter(|p| !p.is_empty())
        .map(<[char]>::to_vec)
        .collect()
}

/// A typed text on one line: printable, its words one space apart.
fn en_una_linea(texto: &str) -> Vec<char> {
    palabras(texto).join(&' ')
}

/// `texto` in lines of at most `ancho` columns, broken between words; a word longer than a line
/// is cut and carries on in the next. Never empty: an empty text is one empty line.
fn partir(texto: &str, ancho: usize) -> Vec<Vec<char>> {
    let ancho = ancho.max(1);
    let mut lineas: Vec<Vec<char>> = Vec::new();
    let mut actual: Vec<char> = Vec::new();
    for palabra in palabras(texto) {
        if !actual.is_empty() && actual.len() + 1 + palabra.len() <= ancho {
            actual.push(' ');
            actual.extend(palabra);
            continue;
        }
        if !actual.is_empty() {
            lineas.push(std::mem::take(&mut actual));
        }
        let mut resto = palabra.as_slice();
        while resto.len() > ancho {
            let (trozo, sigue) = resto.split_at(ancho);
            lineas.push(trozo.to_vec());
            resto = sigue;
        }
        actual = resto.to_vec();
    }
    if !actual.is_empty() || lineas.is_empty() {
        lineas.push(actual);
    }
    lineas
}

/// A label and its value on lines of exactly `columnas`: on one line when both fit with a space
/// between, else the label on its own and the value right-aligned under it.
fn lineas_par(etiqueta: &str, valor: &str, columnas: usize) -> Vec<Vec<char>> {
    let e = en_una_linea(etiqueta);
    let v = en_una_linea(valor);
    let mut salida = Vec::new();
    if e.len() + 1 + v.len() <= columnas {
        let mut l = e;
        l.resize(columnas - v.len(), ' ');
        l.extend(v);
        salida.push(l);
        return salida;
    }
    salida.extend(partir(etiqueta, columnas));
    for trozo in partir(valor, columnas) {
        let mut l = vec![' '; columnas - trozo.len()];
        l.extend(trozo);
        salida.push(l);
    }
    salida
}

/// The bytes being written for one ticket.
struct Escritor {
    bytes: Vec<u8>,
    columnas: usize,
    pagina: PaginaCodigos,
}

impl Escritor {
    fn new(ancho: Ancho, pagina: PaginaCodigos) -> Escritor {
        let mut e = Escritor {
            bytes: Vec::new(),
            columnas: ancho.columnas(),
            pagina,
        };
        e.bytes.extend([ESC, b'@', ESC, b't', pagina.seleccion()]);
        e
    }

    /// Alignment (0 left, 1 centre) and bold for the lines that follow.
    fn estilo(&mut self, alineacion: u8, negrita: bool) {
        self.bytes
            .extend([ESC, b'a', alineacion, ESC, b'E', u8::from(negrita)]);
    }

    fn renglones(&mut self, renglones: Vec<Vec<char>>) {
        for r in renglones {
            let pagina = self.pagina;
            self.bytes
                .extend(r.into_iter().map(|c| pagina.codificar(c)));
            self.bytes.push(LF);
        }
    }

    fn linea(&mut self, linea: &Linea) {
        let columnas = self.columnas;
        match linea {
            Linea::Titulo(t) => {
                self.estilo(1, true);
                self.renglones(partir(t, columnas));
            }
            Linea::Grande(t) => {
                self.estilo(1, true);
                self.bytes.extend([GS, b'!', 0x11]);
                self.renglones(partir(t, columnas / 2));
                self.bytes.extend([GS, b'!', 0x00]);
            }
            Linea::Centro(t) => {
                self.estilo(1, false);
                self.renglones(partir(t, columnas));
            }
            Linea::Par {
                etiqueta,
                valor,
                negrita,
            } => {
                self.estilo(0, *negrita);
                self.renglones(lineas_par(etiqueta, valor, columnas));
            }
            Linea::Texto { texto, negrita } => {
                self.estilo(0, *negrita);
                self.renglones(partir(texto, columnas));
            }
            Linea::Separador => {
                self.estilo(0, false);
                self.renglones(vec![vec!['-'; columnas]]);
            }
        }
    }

    /// Feeds the ticket past the cutter and cuts it, leaving a point uncut (partial cut).
    fn cortar(mut self) -> Vec<u8> {
        self.bytes.extend([ESC, b'd', 4, GS, b'V', 66, 0]);
        self.bytes
    }
}

/// Lines as the printer's bytes: laid out for `ancho`, encoded for `pagina`, fed and cut.
pub fn documento(lineas: &[Linea], ancho: Ancho, pagina: PaginaCodigos) -> Vec<u8> {
    let mut e = Escritor::new(ancho, pagina);
    for l in lineas {
        e.linea(l);
    }
    e.cortar()
}

/// A ticket as the printer's bytes: laid out for `ancho`, its accents encoded for `pagina`, fed
/// and cut at the end.
pub fn ticket(t: &Ticket, ancho: Ancho, pagina: PaginaCodigos) -> Vec<u8> {
    documento(&t.lineas(), ancho, pagina)
}

/// A short test ticket for printer `impresora`: whether it prints, its accents come out right
/// on `pagina` and the width fits the paper. `hora` is the branch's wall time.
pub fn prueba(
    impresora: &str,
    ancho: Ancho,
    pagina: PaginaCodigos,
    hora: NaiveDateTime,
) -> Vec<u8> {
    let lineas = [
        Linea::Titulo("PRUEBA DE IMPRESIÓN".into()),
        Linea::Centro(impresora.to_owned()),
        Linea::Centro(hora.format("%d/%m/%Y %H:%M").to_string()),
        Linea::Texto {
            texto: "Acentos: áéíóú ÁÉÍÓÚ ñÑ ¿¡".into(),
            negrita: false,
        },
        Linea::Texto {
            texto: format!("Ancho: {} mm ({} columnas)", ancho.mm(), ancho.columnas()),
            negrita: false,
        },
        Linea::Separador,
        Linea::Centro("Si lee esto, la impresora está lista.".into()),
    ];
    documento(&lineas, ancho, pagina)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ticket::tests::ejemplo;
    use crate::ticket::{PromoTicket, TipoTicket};
    use chrono::NaiveDate;

    /// One printed line as the test decoder reads it back.
    #[derive(Debug, Clone, PartialEq, Eq)]
    struct Impreso {
        texto: String,
        centrado: bool,
        negrita: bool,
        doble: bool,
    }

    /// What the test decoder read: the page selected, the printed lines, the feed and the cut.
    #[derive(Debug, Default)]
    struct Leido {
        inicializado: bool,
        pagina: Option<u8>,
        lineas: Vec<Impreso>,
        avance: Option<u8>,
        corte: Option<(u8, u8)>,
    }

    impl Leido {
        fn textos(&self) -> Vec<&str> {
            self.lineas.iter().map(|l| l.texto.as_str()).collect()
        }

        fn linea(&self, texto: &str) -> &Impreso {
            self.lineas
                .iter()
                .find(|l| l.texto == texto)
                .unwrap_or_else(|| panic!("no line {texto:?} in {:#?}", self.textos()))
        }
    }

    /// A CP858 byte back to its character (ASCII as is).
    fn cp858(b: u8) -> char {
        match b {
            0x00..=0x7F => b as char,
            0xD5 => '€',
            _ => CP850_ALTO[usize::from(b - 0x80)],
        }
    }

    /// Walks the bytes as a printer would, knowing only the commands the encoder may send: any
    /// other control byte fails the test.
    fn decodificar(bytes: &[u8]) -> Leido {
        let mut leido = Leido::default();
        let (mut centrado, mut negrita, mut doble) = (false, false, false);
        let mut texto = String::new();
        let mut i = 0;
        while i < bytes.len() {
            let arg = |k: usize| bytes[i + k];
            match bytes[i] {
                ESC => {
                    match arg(1) {
                        b'@' => {
                            leido.inicializado = true;
                            i += 2;
                            continue;
                        }
                        b't' => leido.pagina = Some(arg(2)),
                        b'a' => centrado = arg(2) == 1,
                        b'E' => negrita = arg(2) == 1,
                        b'd' => leido.avance = Some(arg(2)),
                        otro => panic!("unexpected ESC {otro:#04x} at {i}"),
                    }
                    i += 3;
                }
                GS => match arg(1) {
                    b'!' => {
                        doble = arg(2) == 0x11;
                        i += 3;
                    }
                    b'V' => {
                        leido.corte = Some((arg(2), arg(3)));
                        i += 4;
                    }
                    otro => panic!("unexpected GS {otro:#04x} at {i}"),
                },
                LF => {
                    leido.lineas.push(Impreso {
                        texto: std::mem::take(&mut texto),
                        centrado,
                        negrita,
                        doble,
                    });
                    i += 1;
                }
                b if b < 0x20 || b == 0x7F => panic!("control byte {b:#04x} at {i}"),
                b => {
                    assert!(leido.corte.is_none(), "text after the cut");
                    texto.push(cp858(b));
                    i += 1;
                }
            }
        }
        assert!(texto.is_empty(), "text without its line feed: {texto:?}");
        leido
    }

    fn contiene(pajar: &[u8], aguja: &[u8]) -> bool {
        pajar.windows(aguja.len()).any(|w| w == aguja)
    }

    fn ancho_de(l: &Impreso) -> usize {
        l.texto.chars().count()
    }

    #[test]
    fn a_whole_comanda_decodes_to_what_the_kitchen_reads() {
        let bytes = ticket(
            &ejemplo(TipoTicket::Comanda),
            Ancho::Mm80,
            PaginaCodigos::Cp858,
        );
        assert_eq!(bytes[..5], [0x1B, 0x40, 0x1B, 0x74, 0x13]);
        assert_eq!(
            bytes[bytes.len() - 7..],
            [0x1B, 0x64, 4, 0x1D, 0x56, 0x42, 0x00]
        );
        assert!(contiene(&bytes, &[0x4E, 0x69, 0xA4, 0x6F]), "Niño in CP858");

        let leido = decodificar(&bytes);
        assert!(leido.inicializado);
        assert_eq!(leido.pagina, Some(19));
        assert_eq!(leido.avance, Some(4));
        assert_eq!(leido.corte, Some((66, 0)));
        let raya = "-".repeat(48);
        let par = |e: &str, v: &str| format!("{e}{}{v}", " ".repeat(48 - e.len() - v.len()));
        assert_eq!(
            leido.textos(),
            vec![
                "Polanco",
                "COMANDA",
                "Folio POL-000042",
                "26/11/2026 19:42",
                &raya,
                // "Peña Núñez" is 10 characters: 7 for "Cliente", 31 spaces.
                &format!("Cliente{}Peña Núñez", " ".repeat(31)),
                &format!("Evento{}Cumpleaños", " ".repeat(32)),
                &par("Mesa", "4+5"),
                &par("Personas", "4"),
                &par("Mesero", "Luis"),
                &raya,
                "BUFFET PROMOCIÓN",
                &par("Caballero", "2"),
                &par("Dama", "1"),
                &format!("Niño{}1", " ".repeat(43)),
                &raya,
                "PROMOCIONES",
                "1 x Cumpleaños",
                "* ¡Feliz cumpleaños! *",
                "Sofía",
                &raya,
                "Gracias por su visita",
            ]
        );
        for l in &leido.lineas {
            assert!(ancho_de(l) <= 48, "{l:?}");
        }
        let folio = leido.linea("Folio POL-000042");
        assert!(folio.doble && folio.negrita && folio.centrado);
        let cliente = &leido.lineas[5];
        assert_eq!(ancho_de(cliente), 48);
        assert!(!cliente.negrita && !cliente.centrado);
        assert!(leido.linea(&par("Mesa", "4+5")).negrita);
        assert!(leido.linea("BUFFET PROMOCIÓN").negrita);
        assert!(leido.linea("* ¡Feliz cumpleaños! *").centrado);
        assert!(leido.linea("Sofía").centrado);
        assert_eq!(leido.lineas.iter().filter(|l| l.doble).count(), 1);
    }

    #[test]
    fn accents_are_encoded_with_each_page_table() {
        let mut t = ejemplo(TipoTicket::Abre);
        t.reimpresion = true;
        t.pie = "Propina sugerida 10 € ¡Gracias!".into();
        let cp850 = ticket(&t, Ancho::Mm80, PaginaCodigos::Cp850);
        assert_eq!(cp850[..5], [0x1B, 0x40, 0x1B, 0x74, 2]);
        // "REIMPRESIÓN": Ó is 0xE0.
        assert!(contiene(&cp850, b"REIMPRESI\xE0N\n"));
        // No € on CP850: it prints as `?`, never as CP850's 0xD5 (ı).
        assert!(contiene(&cp850, b"10 ? \xADGracias!"));

        let cp858 = ticket(&t, Ancho::Mm80, PaginaCodigos::Cp858);
        assert!(contiene(&cp858, b"10 \xD5 \xADGracias!"));
        let leido = decodificar(&cp858);
        assert_eq!(leido.lineas[0].texto, "REIMPRESIÓN");
        assert!(leido.lineas[0].negrita && leido.lineas[0].centrado);
        assert_eq!(leido.lineas[2].texto, "ABRE");
        assert!(leido.textos().iter().all(|l| !l.starts_with("Mesero")));

        let w = ticket(&t, Ancho::Mm80, PaginaCodigos::Wpc1252);
        assert_eq!(w[..5], [0x1B, 0x40, 0x1B, 0x74, 16]);
        assert!(contiene(&w, b"10 \x80 \xA1Gracias!"));
        assert!(contiene(&w, b"REIMPRESI\xD3N\n"));
        assert!(contiene(&w, b"Ni\xF1o"));
    }

    #[test]
    fn each_page_maps_the_spanish_letters_to_its_real_table() {
        let letras = "áéíóúÁÉÍÓÚñÑüÜ¿¡°";
        let cp850 = [
            0xA0, 0x82, 0xA1, 0xA2, 0xA3, 0xB5, 0x90, 0xD6, 0xE0, 0xE9, 0xA4, 0xA5, 0x81, 0x9A,
            0xA8, 0xAD, 0xF8,
        ];
        for (c, b) in letras.chars().zip(cp850) {
            assert_eq!(PaginaCodigos::Cp850.codificar(c), b, "{c} CP850");
            assert_eq!(PaginaCodigos::Cp858.codificar(c), b, "{c} CP858");
            assert_eq!(
                PaginaCodigos::Wpc1252.codificar(c),
                c as u32 as u8,
                "{c} 1252"
            );
        }
        assert_eq!(PaginaCodigos::Cp858.codificar('€'), 0xD5);
        assert_eq!(PaginaCodigos::Wpc1252.codificar('€'), 0x80);
        assert_eq!(PaginaCodigos::Cp850.codificar('€'), b'?');
        assert_eq!(PaginaCodigos::Cp858.codificar('ı'), b'i');
        // Without the letter on the page: the plain letter, or `?`.
        assert_eq!(PaginaCodigos::Cp850.codificar('ł'), b'l');
        assert_eq!(PaginaCodigos::Cp850.codificar('’'), b'\'');
        assert_eq!(PaginaCodigos::Wpc1252.codificar('’'), 0x92);
        assert_eq!(PaginaCodigos::Wpc1252.codificar('Ł'), b'L');
        assert_eq!(PaginaCodigos::Cp858.codificar('🎂'), b'?');
        assert_eq!(PaginaCodigos::Wpc1252.codificar('中'), b'?');
        for c in ['\x1b', '\x1d', '\n', '\0', '\x7f', '\u{9b}'] {
            for p in PaginaCodigos::TODAS {
                assert_eq!(p.codificar(c), b' ', "{c:?} on {p:?}");
            }
        }
        assert_eq!(
            SIN_ACENTO_DESDE.chars().count(),
            SIN_ACENTO_HACIA.chars().count()
        );
        for p in PaginaCodigos::TODAS {
            assert_eq!(PaginaCodigos::parse(p.clave()), Some(p));
        }
        assert_eq!(PaginaCodigos::parse("CP858"), None);
    }

    #[test]
    fn a_pair_fills_the_line_exactly_on_both_widths() {
        for (ancho, columnas) in [(Ancho::Mm80, 48), (Ancho::Mm58, 32)] {
            assert_eq!(ancho.columnas(), columnas);
            assert_eq!(Ancho::de_mm(ancho.mm()), Some(ancho));
            let leido = decodificar(&ticket(
                &ejemplo(TipoTicket::Comanda),
                ancho,
                PaginaCodigos::Cp858,
            ));
            let mesa = leido
                .lineas
                .iter()
                .find(|l| l.texto.starts_with("Mesa "))
                .unwrap();
            assert_eq!(ancho_de(mesa), columnas);
            assert!(mesa.texto.ends_with(" 4+5"));
            assert!(leido.lineas.iter().all(|l| ancho_de(l) <= columnas));
            assert_eq!(leido.linea(&"-".repeat(columnas)).texto.len(), columnas);
        }
        assert_eq!(Ancho::de_mm(76), None);
        assert_eq!(serde_json::to_value(Ancho::Mm58).unwrap(), "58");
    }

    #[test]
    fn long_texts_wrap_between_words_within_the_columns() {
        let mut t = ejemplo(TipoTicket::Comanda);
        t.nombre = "María Guadalupe Fernández de la Concepción Hernández Ñúñez".into();
        t.promos[0].festejados = Some("Anacleto".repeat(6)).map(|s| format!("Para {s} y familia"));
        t.promos.push(PromoTicket {
            nombre: "Postre de cortesía para todos los festejados de la mesa".into(),
            cantidad: 3,
            festejados: None,
            cumpleanos: false,
        });
        for ancho in [Ancho::Mm80, Ancho::Mm58] {
            let c = ancho.columnas();
            let leido = decodificar(&ticket(&t, ancho, PaginaCodigos::Cp858));
            for l in &leido.lineas {
                let max = if l.doble { c / 2 } else { c };
                assert!(ancho_de(l) <= max, "{l:?} exceeds {max}");
            }
            let textos = leido.textos();
            // The name does not fit beside its label: the label alone, the name right-aligned.
            let i = textos.iter().position(|l| *l == "Cliente").unwrap();
            let nombre: Vec<&str> = textos[i + 1..]
                .iter()
                .take_while(|l| !l.starts_with("Evento"))
                .copied()
                .collect();
            assert!(nombre.len() >= 2);
            assert!(nombre.iter().all(|l| l.chars().count() == c));
            let junto: Vec<&str> = nombre.iter().map(|l| l.trim()).collect();
            assert_eq!(junto.join(" "), t.nombre);
            // A word longer than a line is cut, and nothing of it is lost.
            let festejados: String = textos
                .iter()
                .skip_while(|l| **l != "* ¡Feliz cumpleaños! *")
                .skip(1)
                .take_while(|l| !l.starts_with("3 x"))
                .copied()
                .collect::<Vec<_>>()
                .join("");
            assert_eq!(
                festejados.replace(' ', ""),
                format!("Para{}yfamilia", "Anacleto".repeat(6))
            );
        }
        // A folio too long for a double-size line wraps at half the columns.
        t.folio = "SUCURSAL-CENTRO-000000123".into();
        let leido = decodificar(&ticket(&t, Ancho::Mm58, PaginaCodigos::Cp858));
        let dobles: Vec<&str> = leido
            .lineas
            .iter()
            .filter(|l| l.doble)
            .map(|l| l.texto.as_str())
            .collect();
        assert_eq!(dobles, vec!["Folio", "SUCURSAL-CENTRO-", "000000123"]);
    }

    #[test]
    fn a_typed_text_cannot_send_printer_commands() {
        let mut t = ejemplo(TipoTicket::Comanda);
        t.nombre = "Ana\x1b\x40 Ruiz\x1dV\x1b".into();
        t.mesero = "Luis\x1bd\x09\x0a\x0dPérez\x7f".into();
        t.promos[0].festejados = Some("Sofía\x1dV\x42\x00".into());
        t.pie = "Gracias\x1bE\x01".into();
        let bytes = ticket(&t, Ancho::Mm80, PaginaCodigos::Cp858);
        let limpio = ticket(
            &ejemplo(TipoTicket::Comanda),
            Ancho::Mm80,
            PaginaCodigos::Cp858,
        );
        let cuenta = |b: &[u8], x: u8| b.iter().filter(|&&y| y == x).count();
        // Only the encoder's own commands: as many ESC and GS as in a ticket with plain texts.
        assert_eq!(cuenta(&bytes, ESC), cuenta(&limpio, ESC));
        assert_eq!(cuenta(&bytes, GS), cuenta(&limpio, GS));
        assert_eq!(cuenta(&bytes, 0x00), cuenta(&limpio, 0x00));
        assert_eq!(cuenta(&bytes, LF), cuenta(&limpio, LF));
        assert_eq!(cuenta(&bytes, 0x0D), 0);
        assert_eq!(cuenta(&bytes, 0x7F), 0);
        let leido = decodificar(&bytes);
        let textos = leido.textos();
        assert!(textos
            .iter()
            .any(|l| l.starts_with("Cliente") && l.ends_with(" Ana @ Ruiz V")));
        assert!(textos
            .iter()
            .any(|l| l.starts_with("Mesero") && l.ends_with(" Luis d Pérez")));
        assert!(textos.contains(&"Sofía VB"));
        assert!(textos.contains(&"Gracias E"));
    }

    #[test]
    fn the_test_print_names_the_printer_and_its_width() {
        let hora = NaiveDate::from_ymd_opt(2026, 1, 5)
            .unwrap()
            .and_hms_opt(9, 7, 0)
            .unwrap();
        let bytes = prueba("Cocina", Ancho::Mm58, PaginaCodigos::Cp858, hora);
        assert!(bytes.ends_with(&[0x1D, 0x56, 0x42, 0x00]));
        let leido = decodificar(&bytes);
        assert_eq!(
            leido.textos(),
            vec![
                "PRUEBA DE IMPRESIÓN",
                "Cocina",
                "05/01/2026 09:07",
                "Acentos: áéíóú ÁÉÍÓÚ ñÑ ¿¡",
                "Ancho: 58 mm (32 columnas)",
                &"-".repeat(32),
                // 37 characters: wrapped at 32.
                "Si lee esto, la impresora está",
                "lista.",
            ]
        );
        let w = prueba("Barra", Ancho::Mm80, PaginaCodigos::Wpc1252, hora);
        assert!(contiene(&w, b"Ancho: 80 mm (48 columnas)\n"));
        assert!(
            !contiene(&w, "áéíóú".as_bytes()),
            "UTF-8 never reaches the printer"
        );
        assert!(contiene(
            &w,
            b"\xE1\xE9\xED\xF3\xFA \xC1\xC9\xCD\xD3\xDA \xF1\xD1 \xBF\xA1\n"
        ));
    }
}
