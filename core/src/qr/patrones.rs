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

/// The finder pattern whose centre run holds `(x, y)`, if there is one: 1:1:3:1:1 down the column
/// and across the rows just above and below (noise makes the pattern by chance along one line,
/// almost never on three neighbouring rows and down at once), centred on both axes.
fn confirmar(bits: &Bits, x: usize, y: usize, ancho: usize) -> Option<Patron> {
    let fila = |yy: usize| {
        corridas(bits.w, x, ancho, |xx| bits.px[yy * bits.w + xx]).filter(|(r, _)| es_patron(r))
    };
    if y == 0 || y + 1 >= bits.h || fila(y - 1).is_none() || fila(y + 1).is_none() {
        return None;
    }
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
    Some(Patron {
        x: cx,
        y: cy,
        modulo: (ancho + alto) as f32 / 14.0,
        votos: 1,
    })
}

/// The finder patterns of `oscuro` modules in the frame, one row in `paso` scanned, each found
/// once and kept when at least two scanned rows cross it (one is what noise makes by chance).
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
            r.rotate_left(1);
            r[4] = largo;
            // The run that just ended is the fifth; the pattern's centre, the third, is of its colour.
            // The centre run, three modules, is the longest and at least three pixels: most runs
            // of noise are turned away here, before the full test.
            if color == oscuro
                && r[2] >= 3
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
                    Some(i) => {
                        hallados[i].votos += 1;
                    }
                    None => {
                        if let Some(p) = confirmar(bits, cx, y, ancho) {
                            let igual = hallados.iter().position(|q| {
                                (q.x - p.x).abs() < q.modulo && (q.y - p.y).abs() < q.modulo
                            });
                            match igual {
                                Some(i) => hallados[i].votos += 1,
                                None => hallados.push(p),
                            }
                        }
                    }
                }
            }
            color = v;
            largo = 1;
        }
    }
    hallados.retain(|p| p.votos >= 2);
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
