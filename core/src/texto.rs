//! What a person may type: letters of any language, accents, ñ and emoji, but no control
//! characters and no invisible formatting (bidirectional overrides, zero-width spaces, BEL, ESC).
//! Those print as garbage on a kitchen ticket, can reverse what staff read on screen, and make
//! two names that look alike differ.

use crate::error::ReglaError;

/// Whether `c` is a control or invisible formatting character a person never means to type.
/// The zero-width joiner and the tag characters stay: emoji sequences (families, flags) use them.
pub fn es_invisible(c: char) -> bool {
    match c {
        '\u{200D}' | '\u{E0020}'..='\u{E007F}' => false,
        _ => {
            c.is_control()
                || matches!(c,
                    '\u{00AD}' | '\u{0600}'..='\u{0605}' | '\u{061C}' | '\u{06DD}' | '\u{070F}' | '\u{0890}'..='\u{0891}' | '\u{08E2}'
                    | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{206F}'
                    | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}' | '\u{110BD}' | '\u{110CD}' | '\u{13430}'..='\u{1343F}'
                    | '\u{1BCA0}'..='\u{1BCA3}' | '\u{1D173}'..='\u{1D17A}' | '\u{E0001}')
        }
    }
}

/// Refuses a text of field `campo` that holds a control or invisible character; a multi-line
/// text (comments, notes) may hold line breaks and tabs.
pub fn exigir_visible(
    texto: &str,
    campo: &'static str,
    multilinea: bool,
) -> Result<(), ReglaError> {
    let permitido = |c: char| multilinea && matches!(c, '\n' | '\r' | '\t');
    if texto.chars().any(|c| es_invisible(c) && !permitido(c)) {
        return Err(ReglaError::CaracteresInvisibles { campo });
    }
    Ok(())
}

/// The accented letters search folds, and what each folds to: a search for "hector" finds
/// "Héctor", "nunez" finds "Ñúñez". Both engines fold their column with the same pairs
/// (PostgreSQL's `translate`, SQLite's `replace`), so the two sides always agree.
pub const PLEGADO_DESDE: &str = "ÁÀÂÄÃáàâäãÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇç";
/// See [`PLEGADO_DESDE`]; one letter for each.
pub const PLEGADO_HACIA: &str = "aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunncc";

/// Whether two names are the same name as staff tell names apart: without regard to case,
/// accents or the spaces around them ("juan pérez" is "Juan Pérez"). Names of roles, brands,
/// waiters and promotions are unique this way (the schema's unique indexes fold the same way).
pub fn mismo_nombre(a: &str, b: &str) -> bool {
    plegar(a.trim()) == plegar(b.trim())
}

/// A text as search compares it: accents of [`PLEGADO_DESDE`] removed, ASCII in lower case (as
/// SQL's `lower` does everywhere).
pub fn plegar(texto: &str) -> String {
    texto
        .chars()
        .map(|c| match PLEGADO_DESDE.chars().position(|d| d == c) {
            Some(i) => PLEGADO_HACIA.chars().nth(i).unwrap_or(c),
            None => c.to_ascii_lowercase(),
        })
        .collect()
}

/// The digits of a search typed as a phone ("55 1234 5610", "+52 (55) 1234-5610"), if that is
/// what it is: at least three digits and nothing else but spaces and `+ ( ) - .`.
pub fn digitos_de_telefono(texto: &str) -> Option<String> {
    let t = texto.trim();
    let digitos: String = t.chars().filter(char::is_ascii_digit).collect();
    let solo_telefono = t
        .chars()
        .all(|c| c.is_ascii_digit() || " +()-.".contains(c));
    (solo_telefono && digitos.len() >= 3).then_some(digitos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_folds_accents_enye_and_case_and_reads_a_phone_typed_with_spaces() {
        assert_eq!(PLEGADO_DESDE.chars().count(), PLEGADO_HACIA.chars().count());
        assert_eq!(plegar("Héctor MARTÍNEZ Ñúñez"), "hector martinez nunez");
        assert_eq!(plegar("Çà ü"), "ca u");
        assert_eq!(
            digitos_de_telefono("55 1234 5610"),
            Some("5512345610".into())
        );
        assert_eq!(
            digitos_de_telefono("+52 (55) 1234-5610"),
            Some("525512345610".into())
        );
        assert_eq!(digitos_de_telefono("Ana 55"), None);
        assert_eq!(digitos_de_telefono("55"), None);
    }

    #[test]
    fn accents_enye_and_emoji_stay() {
        for t in [
            "José Núñez",
            "Peña 🎂",
            "Familia 👨‍👩‍👧",
            "Çà ü ß",
            "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
        ] {
            assert_eq!(exigir_visible(t, "name", false), Ok(()), "{t}");
        }
        assert_eq!(
            exigir_visible(
                "Mesa junto a la ventana.\nSin cebolla.",
                "comentarios",
                true
            ),
            Ok(())
        );
    }

    #[test]
    fn controls_and_invisible_formatting_are_refused() {
        for t in [
            "Ana\u{202E}zepol",
            "Ana\u{200B}",
            "\u{7}Ana",
            "Ana\u{1B}[31m",
            "Ana\u{FEFF}",
            "A\u{2066}na",
            "Ana\nLuis",
            "Ana\u{0}",
        ] {
            assert_eq!(
                exigir_visible(t, "name", false),
                Err(ReglaError::CaracteresInvisibles { campo: "name" }),
                "{t:?}"
            );
        }
        assert!(exigir_visible("Sin cebolla\u{202E}", "comentarios", true).is_err());
        assert_eq!(
            ReglaError::CaracteresInvisibles { campo: "name" }.mensaje(),
            "El texto tiene caracteres invisibles o de control: escríbelo de nuevo sin ellos"
        );
    }
}
