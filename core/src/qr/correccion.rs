//! Whether a grid's codewords can be corrected, checked before rqrr is asked to: the same
//! Reed–Solomon decoding (syndromes, Berlekamp–Massey, the error locator's roots), on tables of
//! GF(256), at a few microseconds a grid. rqrr raises the field's generator to a power for every
//! term of every syndrome and retries a failed grid mirrored: half a millisecond for a grid that
//! passes the timing and format checks but is wrong, which noise and blur offer by the dozen.

use rqrr::{Grid, SimpleGrid};

/// Error-correction codewords per block and number of blocks, for versions 1 to 40, levels L,
/// M, Q and H (ISO/IEC 18004, table 9). The data codewords are what is left of the version's
/// total, shared between the blocks, the last ones one longer when it does not divide evenly.
const BLOQUES: [[(u8, u8); 4]; 40] = [
    [(7, 1), (10, 1), (13, 1), (17, 1)],      // 1
    [(10, 1), (16, 1), (22, 1), (28, 1)],     // 2
    [(15, 1), (26, 1), (18, 2), (22, 2)],     // 3
    [(20, 1), (18, 2), (26, 2), (16, 4)],     // 4
    [(26, 1), (24, 2), (18, 4), (22, 4)],     // 5
    [(18, 2), (16, 4), (24, 4), (28, 4)],     // 6
    [(20, 2), (18, 4), (18, 6), (26, 5)],     // 7
    [(24, 2), (22, 4), (22, 6), (26, 6)],     // 8
    [(30, 2), (22, 5), (20, 8), (24, 8)],     // 9
    [(18, 4), (26, 5), (24, 8), (28, 8)],     // 10
    [(20, 4), (30, 5), (28, 8), (24, 11)],    // 11
    [(24, 4), (22, 8), (26, 10), (28, 11)],   // 12
    [(26, 4), (22, 9), (24, 12), (22, 16)],   // 13
    [(30, 4), (24, 9), (20, 16), (24, 16)],   // 14
    [(22, 6), (24, 10), (30, 12), (24, 18)],  // 15
    [(24, 6), (28, 10), (24, 17), (30, 16)],  // 16
    [(28, 6), (28, 11), (28, 16), (28, 19)],  // 17
    [(30, 6), (26, 13), (28, 18), (28, 21)],  // 18
    [(28, 7), (26, 14), (26, 21), (26, 25)],  // 19
    [(28, 8), (26, 16), (30, 20), (28, 25)],  // 20
    [(28, 8), (26, 17), (28, 23), (30, 25)],  // 21
    [(28, 9), (28, 17), (30, 23), (24, 34)],  // 22
    [(30, 9), (28, 18), (30, 25), (30, 30)],  // 23
    [(30, 10), (28, 20), (30, 27), (30, 32)], // 24
    [(26, 12), (28, 21), (30, 29), (30, 35)], // 25
    [(28, 12), (28, 23), (28, 34), (30, 37)], // 26
    [(30, 12), (28, 25), (30, 34), (30, 40)], // 27
    [(30, 13), (28, 26), (30, 35), (30, 42)], // 28
    [(30, 14), (28, 28), (30, 38), (30, 45)], // 29
    [(30, 15), (28, 29), (30, 40), (30, 48)], // 30
    [(30, 16), (28, 31), (30, 43), (30, 51)], // 31
    [(30, 17), (28, 33), (30, 45), (30, 54)], // 32
    [(30, 18), (28, 35), (30, 48), (30, 57)], // 33
    [(30, 19), (28, 37), (30, 51), (30, 60)], // 34
    [(30, 19), (28, 38), (30, 53), (30, 63)], // 35
    [(30, 20), (28, 40), (30, 56), (30, 66)], // 36
    [(30, 21), (28, 43), (30, 59), (30, 70)], // 37
    [(30, 22), (28, 45), (30, 62), (30, 74)], // 38
    [(30, 24), (28, 47), (30, 65), (30, 77)], // 39
    [(30, 25), (28, 49), (30, 68), (30, 81)], // 40
];

/// GF(256) modulo x⁸ + x⁴ + x³ + x² + 1, the field of QR codewords: powers of its generator
/// (twice over, so that a sum of two logarithms needs no reduction) and their logarithms.
const fn tablas() -> ([u8; 512], [u8; 256]) {
    let (mut exp, mut log) = ([0u8; 512], [0u8; 256]);
    let (mut x, mut i) = (1u16, 0);
    while i < 255 {
        exp[i] = x as u8;
        log[x as usize] = i as u8;
        x <<= 1;
        if x & 0x100 != 0 {
            x ^= 0x11d;
        }
        i += 1;
    }
    while i < 512 {
        exp[i] = exp[i - 255];
        i += 1;
    }
    (exp, log)
}

const EXP: [u8; 512] = tablas().0;
const LOG: [u8; 256] = tablas().1;

fn por(a: u8, b: u8) -> u8 {
    if a == 0 || b == 0 {
        0
    } else {
        EXP[LOG[a as usize] as usize + LOG[b as usize] as usize]
    }
}

/// `a / b`, `b` not zero.
fn entre(a: u8, b: u8) -> u8 {
    if a == 0 {
        0
    } else {
        EXP[LOG[a as usize] as usize + 255 - LOG[b as usize] as usize]
    }
}

/// Whether a block (data codewords, then its error-correction ones) is a codeword or lies within
/// what its `paridad` codewords correct: its syndromes, the error locator Berlekamp–Massey finds
/// for them, and as many distinct roots of that locator among the block's positions as its degree.
fn bloque_corregible(bloque: &[u8], paridad: usize) -> bool {
    // S_k = r(α^k), r's first codeword the highest power: Horner, α^k at a time.
    let s: Vec<u8> = (0..paridad)
        .map(|k| {
            let ak = EXP[k];
            bloque.iter().fold(0u8, |acc, &c| por(acc, ak) ^ c)
        })
        .collect();
    if s.iter().all(|&x| x == 0) {
        return true;
    }
    // Berlekamp–Massey: the shortest Λ (Λ₀ = 1) with Σ Λᵢ S_{k−i} = 0 for every k.
    let mut lambda = vec![0u8; paridad + 1];
    lambda[0] = 1;
    let mut previo = lambda.clone();
    let (mut grado, mut salto, mut discrepancia_previa) = (0usize, 1usize, 1u8);
    for k in 0..paridad {
        let discrepancia = (1..=grado).fold(s[k], |d, i| d ^ por(lambda[i], s[k - i]));
        if discrepancia == 0 {
            salto += 1;
            continue;
        }
        let factor = entre(discrepancia, discrepancia_previa);
        let antes = lambda.clone();
        for i in 0..=paridad - salto {
            lambda[i + salto] ^= por(factor, previo[i]);
        }
        if 2 * grado <= k {
            grado = k + 1 - grado;
            previo = antes;
            discrepancia_previa = discrepancia;
            salto = 1;
        } else {
            salto += 1;
        }
    }
    if 2 * grado > paridad {
        return false;
    }
    // An error at the codeword `e` places from the end is a root α^−e of Λ.
    let raices = (0..bloque.len())
        .filter(|&e| {
            let x = EXP[(255 - e % 255) % 255];
            lambda[..=grado]
                .iter()
                .rev()
                .fold(0u8, |acc, &c| por(acc, x) ^ c)
                == 0
        })
        .count();
    raices == grado
}

/// rqrr's mask pattern `mascara` at row `y`, column `x`: the modules it flipped.
fn enmascarado(mascara: u16, y: usize, x: usize) -> bool {
    match mascara {
        0 => (y + x).is_multiple_of(2),
        1 => y.is_multiple_of(2),
        2 => x.is_multiple_of(3),
        3 => (y + x).is_multiple_of(3),
        4 => (y / 2 + x / 3).is_multiple_of(2),
        5 => (y * x) % 2 + (y * x) % 3 == 0,
        6 => ((y * x) % 2 + (y * x) % 3).is_multiple_of(2),
        _ => ((y * x) % 3 + (y + x) % 2).is_multiple_of(2),
    }
}

/// Whether error correction can succeed on the grid `oscuro(columna, fila)` of `lado` modules,
/// read as rqrr reads it (its format, its order of codewords) or, as rqrr retries, mirrored.
/// A grid whose format does not read fails; one whose blocks are all correctable passes.
pub(super) fn corregible(lado: usize, oscuro: impl Fn(usize, usize) -> bool) -> bool {
    corregible_asi(lado, &oscuro) || corregible_asi(lado, &|x, y| oscuro(y, x))
}

fn corregible_asi(lado: usize, oscuro: &dyn Fn(usize, usize) -> bool) -> bool {
    let Ok((meta, _)) = Grid::new(SimpleGrid::from_func(lado, oscuro)).get_raw_data() else {
        return false;
    };
    let version = meta.version.0;
    if !(1..=40).contains(&version) || meta.mask > 7 || meta.ecc_level > 3 {
        return true; // not ours to judge: rqrr's own reading decides
    }
    // rqrr hands the codewords over still masked: the mask is undone in the grid it reads, all
    // but the format's modules (which it reads to know the mask; the rest of row and column 8
    // beside the finder patterns is not data).
    let formato = |x: usize, y: usize| {
        (x == 8 && (y <= 8 || y + 8 > lado)) || (y == 8 && (x <= 8 || x + 8 >= lado))
    };
    let sin_mascara =
        |x: usize, y: usize| oscuro(x, y) ^ (!formato(x, y) && enmascarado(meta.mask, y, x));
    let Ok((_, crudo)) = Grid::new(SimpleGrid::from_func(lado, sin_mascara)).get_raw_data() else {
        return false;
    };
    // Format levels 0 to 3 are M, L, H and Q.
    let nivel = [1, 0, 3, 2][meta.ecc_level as usize];
    let (paridad, n) = BLOQUES[version - 1][nivel];
    let (paridad, n) = (paridad as usize, n as usize);
    let total = crudo.len / 8;
    let Some(datos) = total.checked_sub(paridad * n) else {
        return false;
    };
    let (corto, largos) = (datos / n, datos % n);
    let cortos = n - largos;
    let mut bloque = Vec::with_capacity(corto + 1 + paridad);
    (0..n).all(|b| {
        bloque.clear();
        bloque.extend((0..corto).map(|j| crudo.data[j * n + b]));
        if b >= cortos {
            bloque.push(crudo.data[corto * n + b - cortos]);
        }
        bloque.extend((0..paridad).map(|j| crudo.data[datos + j * n + b]));
        bloque_corregible(&bloque, paridad)
    })
}

#[cfg(test)]
mod tests {
    use super::corregible;
    use qrcode::{EcLevel, QrCode, Version};

    /// The modules of a code of `version` at `nivel` holding `texto`, row by row.
    fn modulos(texto: &str, version: i16, nivel: EcLevel) -> (Vec<bool>, usize) {
        let code = QrCode::with_version(texto.as_bytes(), Version::Normal(version), nivel)
            .expect("the text fits");
        let lado = code.width();
        let celdas = code
            .to_colors()
            .into_iter()
            .map(|c| c == qrcode::Color::Dark)
            .collect();
        (celdas, lado)
    }

    fn lee_rqrr(celdas: &[bool], lado: usize) -> bool {
        let grid = rqrr::Grid::new(rqrr::SimpleGrid::from_func(lado, |x, y| {
            celdas[y * lado + x]
        }));
        grid.decode().is_ok()
    }

    /// A small deterministic generator (the tests need spread, not quality).
    struct Azar(u64);
    impl Azar {
        fn hasta(&mut self, n: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((self.0 >> 33) % n as u64) as usize
        }
    }

    const NIVELES: [EcLevel; 4] = [EcLevel::L, EcLevel::M, EcLevel::Q, EcLevel::H];

    /// Every version and level, as drawn: the table of blocks is right for each (a wrong count
    /// of blocks or of their error-correction codewords leaves syndromes that do not vanish).
    #[test]
    fn un_codigo_intacto_es_corregible_en_toda_version_y_nivel() {
        for version in 1..=40 {
            for nivel in NIVELES {
                let (celdas, lado) = modulos("R-2026", version, nivel);
                assert!(
                    corregible(lado, |x, y| celdas[y * lado + x]),
                    "versión {version}, nivel {nivel:?}"
                );
            }
        }
    }

    /// On codes damaged a little and a lot: whatever rqrr corrects passes, and what fails
    /// here fails in rqrr too; heavy damage fails.
    #[test]
    fn dice_lo_que_rqrr_corrige() {
        let mut azar = Azar(7);
        let (mut pasan, mut fallan) = (0, 0);
        for version in [1, 2, 3, 5, 7, 10] {
            for nivel in NIVELES {
                let (limpio, lado) = modulos("R-2026", version, nivel);
                for danio in [4, 10, 20, 40, 80] {
                    let mut celdas = limpio.clone();
                    for _ in 0..danio {
                        let i = azar.hasta(celdas.len());
                        celdas[i] = !celdas[i];
                    }
                    let rqrr = lee_rqrr(&celdas, lado);
                    let nuestro = corregible(lado, |x, y| celdas[y * lado + x]);
                    assert!(
                        !rqrr || nuestro,
                        "rqrr lee la versión {version} {nivel:?} con {danio} módulos cambiados"
                    );
                    if nuestro {
                        pasan += 1;
                    } else {
                        fallan += 1;
                    }
                }
            }
        }
        // Both answers occur: the check is not one constant.
        assert!(pasan > 20 && fallan > 20, "{pasan} pasan, {fallan} fallan");
    }

    #[test]
    fn una_rejilla_al_azar_no_es_corregible() {
        let mut azar = Azar(11);
        for version in [1, 2, 4, 8] {
            let (limpio, lado) = modulos("R-2026", version, EcLevel::M);
            // The format and the finder patterns kept, every other module at random.
            let celdas: Vec<bool> = limpio
                .iter()
                .enumerate()
                .map(|(i, &c)| {
                    let (x, y) = (i % lado, i / lado);
                    let junto_a_un_patron = (x <= 8 || x + 8 >= lado) && (y <= 8 || y + 8 >= lado);
                    if junto_a_un_patron {
                        c
                    } else {
                        azar.hasta(2) == 0
                    }
                })
                .collect();
            assert!(
                !corregible(lado, |x, y| celdas[y * lado + x]),
                "versión {version}"
            );
        }
    }

    #[test]
    fn un_codigo_en_espejo_es_corregible() {
        let (celdas, lado) = modulos("R-2026", 3, EcLevel::Q);
        assert!(corregible(lado, |x, y| celdas[x * lado + y]));
    }
}
