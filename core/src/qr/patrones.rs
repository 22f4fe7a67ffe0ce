//! Finder patterns, the three squares in a QR code's corners: dark 1:1:3:1:1 across and down.

use super::umbral::Bits;

/// A finder pattern found in a frame: its centre, the size of one of its modules in pixels, and
/// how many scanned rows crossed it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Patron {
    pub(super) x: f32,
    pub(super) y: f32,
    pub(super) modulo: f32,
    pub(super) votos: u32,
}

/// Whether five runs are a finder pattern's 1:1:3:1:1: against the mean of the four outer runs,
/// each within three quarters of it of its share (thresholds thicken or thin a module's run by
/// a pixel either side, which at two pixels a module is half of it).
fn es_patron(r: &[usize; 5]) -> bool {
    let uno = r[0] + r[1] + r[3] + r[4];
    if uno < 4 {
        return false;
    }
    // In quarters of the mean outer run, to stay in integers: the mean is `uno` of them.
    let cerca = |run: usize, veces: usize| (run * 4 * 4).abs_diff(veces * uno * 4) <= 3 * uno;
    cerca(r[0], 1) && cerca(r[1], 1) && cerca(r[2], 3) && cerca(r[3], 1) && cerca(r[4], 1)
}

/// [`es_patron`] for a line that crosses the pattern along a diagonal: there a module is one or
/// two steps of √2 pixels, thresholds move each edge by a step, and the proportions blur more —
/// the centre two to five times the mean outer run, no outer run over twice it.
fn es_patron_diagonal(r: &[usize; 5]) -> bool {
    let uno = r[0] + r[1] + r[3] + r[4];
    uno >= 4
        && 2 * r[2] >= uno
        && r[2] * 4 <= 5 * uno
        && [r[0], r[1], r[3], r[4]]
            .iter()
            .all(|&x| x * 4 <= 2 * uno && x > 0)
}

/// The five runs around position `pos` of a line of `n` pixels read through `color` (the run
/// holding `pos` and two either side) and how many pixels of the centre run come before `pos`;
/// `None` when a run is longer than `limite` or the line ends first.
fn corridas(
    n: usize,
    pos: usize,
    limite: usize,
    color: impl Fn(usize) -> u8,
) -> Option<([usize; 5], usize)> {
    let centro = color(pos);
    let mut r = [0usize; 5];
    // Back from `pos`: the centre run, then two more, each ended by a change of colour.
    let (mut p, mut i, mut c) = (pos as isize, 2usize, centro);
    loop {
        if p < 0 {
            return None;
        }
        let v = color(p as usize);
        if v != c {
            if i == 0 {
                break;
            }
            (i, c) = (i - 1, v);
        }
        r[i] += 1;
        if r[i] > limite {
            return None;
        }
        p -= 1;
    }
    let antes = r[2] - 1;
    let (mut p, mut i, mut c) = (pos + 1, 2usize, centro);
    loop {
        if p >= n {
            return None;
        }
        let v = color(p);
        if v != c {
            if i == 4 {
                break;
            }
            (i, c) = (i + 1, v);
        }
        r[i] += 1;
        if r[i] > limite {
            return None;
        }
        p += 1;
    }
    Some((r, antes))
}

/// The finder pattern whose centre run holds `(x, y)`, if there is one: 1:1:3:1:1 down the column,
/// across again through the centre found there, and along both diagonals through the centre
/// (noise makes the pattern by chance along one line, almost never along four at once). A line's
/// neighbours are not asked: at 45° only a module's breadth of rows around the centre cross a
/// pattern in proportion, two rows when modules are small.
fn confirmar(bits: &Bits, x: usize, y: usize, ancho: usize) -> Option<Patron> {
    let (v, antes) =
        corridas(bits.h, y, ancho, |yy| bits.px[yy * bits.w + x]).filter(|(r, _)| es_patron(r))?;
    let alto: usize = v.iter().sum();
    if alto * 2 <= ancho || alto >= ancho * 2 {
        return None;
    }
    // A run of `n` pixels from `s` has its centre at s + (n − 1)/2 (pixel centres are whole).
    let cy = (y - antes) as f32 + (v[2] - 1) as f32 / 2.0;
    // Across again through the vertical centre, for the horizontal one.
    let fila = cy.round() as usize;
    let (h, antes) = corridas(bits.w, x, ancho * 2, |xx| bits.px[fila * bits.w + xx])
        .filter(|(r, _)| es_patron(r))?;
    let cx = (x - antes) as f32 + (h[2] - 1) as f32 / 2.0;
    let ancho: usize = h.iter().sum();
    let (px, py) = (cx.round() as usize, fila);
    if bits.px[py * bits.w + px] != bits.px[y * bits.w + x] {
        return None;
    }
    // Along a diagonal, step `i` of a line of `n` through the centre: (px ± …, py + …).
    for baja in [true, false] {
        let n = bits.h.min(bits.w);
        let (x0, y0) = if baja {
            let d = px.min(py);
            (px - d, py - d)
        } else {
            let d = (bits.w - 1 - px).min(py);
            (px + d, py - d)
        };
        let largo = if baja {
            (bits.w - x0).min(bits.h - y0)
        } else {
            (x0 + 1).min(bits.h - y0)
        };
        let pos = py - y0;
        let en = |i: usize| {
            let xx = if baja { x0 + i } else { x0 - i };
            bits.px[(y0 + i) * bits.w + xx]
        };
        let (d, _) =
            corridas(largo.min(n), pos, ancho * 2, en).filter(|(r, _)| es_patron_diagonal(r))?;
        // The diagonal crosses the square between its side and its diagonal: √½ to 1.5 times
        // the length of the row's crossing, measured in diagonal steps of √2 pixels.
        let diagonal: usize = d.iter().sum();
        if diagonal * 4 < ancho || diagonal > ancho * 2 {
            return None;
        }
    }
    // The rows about the centre that cross it in proportion, whether scanned or not: noise
    // makes the pattern on one row by chance, a pattern turned 45° shows it on a module's breadth.
    let modulo = (ancho + alto) as f32 / 14.0;
    let alcance = modulo.ceil() as usize;
    let votos = (py.saturating_sub(alcance)..(py + alcance + 1).min(bits.h))
        .filter(|&yy| {
            corridas(bits.w, px, ancho * 2, |xx| bits.px[yy * bits.w + xx])
                .is_some_and(|(r, _)| es_patron(&r))
        })
        .count() as u32;
    (votos >= 2).then_some(Patron {
        x: cx,
        y: cy,
        modulo,
        votos,
    })
}

/// The finder patterns of `oscuro` modules in the frame, one row in `paso` scanned, each found
/// once however many scanned rows cross it.
pub(super) fn patrones(bits: &Bits, oscuro: u8, paso: usize) -> Vec<Patron> {
    let mut hallados: Vec<Patron> = Vec::new();
    for y in (0..bits.h).step_by(paso) {
        let fila = &bits.px[y * bits.w..(y + 1) * bits.w];
        let mut r = [0usize; 5];
        let (mut color, mut largo) = (fila[0], 0usize);
        // A colour no pixel has closes the last run of the row.
        for (x, &v) in fila
            .iter()
            .enumerate()
            .chain(std::iter::once((bits.w, &2u8)))
        {
            if v == color {
                largo += 1;
                continue;
            }
            // Shifted by hand: `rotate_left` on the array costs a call per run, and noise ends a
            // run every pixel or two.
            r = [r[1], r[2], r[3], r[4], largo];
            // The run that just ended is the fifth; the pattern's centre, the third, is of its colour.
            // The centre run, three modules, is the longest and at least four pixels (modules
            // under a pixel and a half are not read): most runs of noise are turned away here,
            // before the full test.
            if color == oscuro
                && r[2] >= 4
                && r[2] > r[1]
                && r[2] > r[3]
                && r[0] > 0
                && es_patron(&r)
            {
                let ancho: usize = r.iter().sum();
                let cx = x - r[4] - r[3] - r[2] / 2 - 1;
                let ya = hallados.iter().position(|p| {
                    (p.x - cx as f32).abs() < 2.0 * p.modulo
                        && (p.y - y as f32).abs() < 3.5 * p.modulo
                });
                match ya {
                    Some(_) => {}
                    None => {
                        if let Some(p) = confirmar(bits, cx, y, ancho) {
                            let igual = hallados.iter().position(|q| {
                                (q.x - p.x).abs() < q.modulo && (q.y - p.y).abs() < q.modulo
                            });
                            if igual.is_none() {
                                hallados.push(p);
                            }
                        }
                    }
                }
            }
            color = v;
            largo = 1;
        }
    }
    hallados
}

impl Patron {
    /// The same pattern in the frame twice the size (pixel `i` of the half covers `2i` and `2i + 1`).
    pub(super) fn al_doble(self) -> Self {
        Patron {
            x: 2.0 * self.x + 0.5,
            y: 2.0 * self.y + 0.5,
            modulo: 2.0 * self.modulo,
            ..self
        }
    }
}
