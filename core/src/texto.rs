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
pub fn exigir_visible(texto: &str, campo: &'static str, multilinea: bool) -> Result<(), ReglaError> {
    let permitido = |c: char| multilinea && matches!(c, '\n' | '\r' | '\t');
    if texto.chars().any(|c| es_invisible(c) && !permitido(c)) {
        return Err(ReglaError::CaracteresInvisibles { campo });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accents_enye_and_emoji_stay() {
        for t in ["José Núñez", "Peña 🎂", "Familia 👨‍👩‍👧", "Çà ü ß", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"] {
            assert_eq!(exigir_visible(t, "name", false), Ok(()), "{t}");
        }
        assert_eq!(exigir_visible("Mesa junto a la ventana.\nSin cebolla.", "comentarios", true), Ok(()));
    }

    #[test]
    fn controls_and_invisible_formatting_are_refused() {
        for t in ["Ana\u{202E}zepol", "Ana\u{200B}", "\u{7}Ana", "Ana\u{1B}[31m", "Ana\u{FEFF}", "A\u{2066}na", "Ana\nLuis", "Ana\u{0}"] {
            assert_eq!(exigir_visible(t, "name", false), Err(ReglaError::CaracteresInvisibles { campo: "name" }), "{t:?}");
        }
        assert!(exigir_visible("Sin cebolla\u{202E}", "comentarios", true).is_err());
        assert_eq!(
            ReglaError::CaracteresInvisibles { campo: "name" }.mensaje(),
            "El texto tiene caracteres invisibles o de control: escríbelo de nuevo sin ellos"
        );
    }
}
