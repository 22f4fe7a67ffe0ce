//! A camera frame made ready for finding a code: averaged down, thresholded, measured.

/// A frame binarised: one byte a pixel, 1 for dark.
pub(super) struct Bits {
    pub(super) w: usize,
    pub(super) h: usize,
    pub(super) px: Vec<u8>,
}

/// Side of the square blocks the threshold is computed on: the window it looks over is five
/// blocks wide, about a dozen modules of three pixels.
const BLOQUE: usize = 8;
/// The same for [`binarizar_extremos`]: a window of 80 pixels holds a blurred finder pattern's
/// darkest centre and the paper around it, at any module size up to eight pixels or so.
const BLOQUE_EXTREMOS: usize = 16;
/// A block whose darkest and lightest pixels differ by no more than this (or than
/// [`PLANO_SIGMAS`] times the frame's noise) is flat: paper or a module's inside, not an edge;
/// it takes its threshold from its neighbours. Low enough that a code squeezed into a dozen grey
/// levels still has edges.
const RANGO_PLANO: u8 = 3;
/// The same in deviations of the frame's noise: the 64 pixels of a block of flat noise span
/// about five of them, and one block in a hundred more than six; eight leave room for an
/// estimate a little low. (Four leave most of a noisy frame's paper as edges, thresholded into
/// noise: hundreds of false finder-pattern candidates a frame.) The estimate
/// is taken three pixels apart (see [`ruido_a`]): the frame thresholded may be smoothed or
/// averaged down.
const PLANO_SIGMAS: f32 = 8.0;

/// Local threshold without a division per pixel: each block of [`BLOQUE`]² pixels gets a black
/// point (its mean, or for a flat block half its minimum, raised to its neighbours' where that
/// is darker), and a pixel is dark when it is at or under the mean black point of the blocks
/// with edges among the 5×5 around its own (flat ones say nothing of where dark ends; with
/// none, its own). Even light, shadows and low contrast keep a code's modules apart.
pub(super) fn binarizar(luma: &[u8], w: usize, h: usize) -> Bits {
    let bloque = BLOQUE;
    let (bw, bh) = (w.div_ceil(bloque), h.div_ceil(bloque));
    let plano = (PLANO_SIGMAS * ruido_a(luma, w, 3)).clamp(RANGO_PLANO as f32, 96.0) as u8;
    let mut negro = vec![0u16; bw * bh];
    let mut borde = vec![false; bw * bh];
    for by in 0..bh {
        let (y0, y1) = (by * bloque, ((by + 1) * bloque).min(h));
        for bx in 0..bw {
            let (x0, x1) = (bx * bloque, ((bx + 1) * bloque).min(w));
            let (mut suma, mut min, mut max) = (0u32, 255u8, 0u8);
            for fila in luma[y0 * w..y1 * w].chunks_exact(w) {
                for &p in &fila[x0..x1] {
                    suma += p as u32;
                    min = min.min(p);
                    max = max.max(p);
                }
            }
            let n = ((x1 - x0) * (y1 - y0)) as u32;
            let mut punto = (suma / n) as u16;
            borde[by * bw + bx] = max - min > plano;
            if max - min <= plano {
                punto = min as u16 / 2;
                if bx > 0 && by > 0 {
                    let vecinos = (negro[(by - 1) * bw + bx]
                        + 2 * negro[by * bw + bx - 1]
                        + negro[(by - 1) * bw + bx - 1])
                        / 4;
                    if (min as u16) < vecinos {
                        punto = vecinos;
                    }
                }
            }
            negro[by * bw + bx] = punto;
        }
    }
    let mut px = vec![0u8; w * h];
    for by in 0..bh {
        let (cy0, cy1) = (by.saturating_sub(2), (by + 2).min(bh - 1));
        for bx in 0..bw {
            let (cx0, cx1) = (bx.saturating_sub(2), (bx + 2).min(bw - 1));
            let (mut suma, mut n) = (0u32, 0u32);
            for cy in cy0..=cy1 {
                let fila = cy * bw + cx0..=cy * bw + cx1;
                for (&v, &b) in negro[fila.clone()].iter().zip(&borde[fila]) {
                    suma += v as u32 * b as u32;
                    n += b as u32;
                }
            }
            let umbral = suma
                .checked_div(n)
                .map_or(negro[by * bw + bx] as u8, |m| m as u8);
            oscuros_del_bloque(luma, &mut px, w, h, bloque, (bx, by), |p| p <= umbral);
        }
    }
    Bits { w, h, px }
}

/// Marks in `px` the pixels of block `(bx, by)` (of `bloque`² pixels) that `oscuro` calls dark.
fn oscuros_del_bloque(
    luma: &[u8],
    px: &mut [u8],
    w: usize,
    h: usize,
    bloque: usize,
    (bx, by): (usize, usize),
    oscuro: impl Fn(u8) -> bool,
) {
    let (y0, y1) = (by * bloque, ((by + 1) * bloque).min(h));
    let (x0, x1) = (bx * bloque, ((bx + 1) * bloque).min(w));
    for y in y0..y1 {
        let fila = y * w + x0..y * w + x1;
        for (d, &p) in px[fila.clone()].iter_mut().zip(&luma[fila]) {
            *d = oscuro(p) as u8;
        }
    }
}

/// Share of sampled neighbours (every 8th row) that differ by more than a quarter of the range:
/// a frame of a code and its surroundings stays well under [`AGITADO`]; pure noise does not.
pub(super) fn agitacion(luma: &[u8], w: usize, h: usize) -> f32 {
    let filas = luma.chunks_exact(w).step_by(8).take(h);
    let (saltos, n) = filas.fold((0, 0), |(s, n), fila| (s + saltos(fila), n + 1));
    saltos as f32 / (n * w.saturating_sub(1)).max(1) as f32
}

/// [`agitacion`] of the frame [`suavizar`] would give, smoothing only the rows it samples.
pub(super) fn agitacion_suavizada(luma: &[u8], w: usize, h: usize) -> f32 {
    let mut sumas = [vec![0u16; w], vec![0u16; w], vec![0u16; w]];
    let mut fila = vec![0u8; w];
    let (mut total, mut n) = (0, 0);
    for y in (0..h).step_by(8) {
        for (i, s) in sumas.iter_mut().enumerate() {
            sumas_de_tres(&luma[(y + i).saturating_sub(1).min(h - 1) * w..][..w], s);
        }
        let [a, b, c] = &sumas;
        media_de_nueve(a, b, c, &mut fila);
        (total, n) = (total + saltos(&fila), n + 1);
    }
    total as f32 / (n * w.saturating_sub(1)).max(1) as f32
}

/// How many neighbours across in `fila` differ by more than a quarter of the range.
fn saltos(fila: &[u8]) -> usize {
    fila.windows(2).filter(|p| p[0].abs_diff(p[1]) > 64).count()
}

/// Above this share of sharp steps a frame is noise at this scale (rqrr then finds thousands of
/// finder-pattern candidates and takes seconds to reject them: a frame of uniform noise took 5 s).
pub(super) const AGITADO: f32 = 0.3;

/// The frame at half size, each pixel the mean of four: noise averages out, modules of two pixels
/// or more survive.
pub(super) fn a_la_mitad(luma: &[u8], w: usize, h: usize) -> (Vec<u8>, usize, usize) {
    let (mw, mh) = (w / 2, h / 2);
    let mut out = Vec::with_capacity(mw * mh);
    for y in 0..mh {
        // Pairs of pixels from two rows, without an index to check: a loop the compiler unrolls.
        let (a, b) = (
            &luma[2 * y * w..][..2 * mw],
            &luma[(2 * y + 1) * w..][..2 * mw],
        );
        out.extend(
            a.chunks_exact(2).zip(b.chunks_exact(2)).map(|(p, q)| {
                ((p[0] as u16 + p[1] as u16 + q[0] as u16 + q[1] as u16 + 2) / 4) as u8
            }),
        );
    }
    (out, mw, mh)
}

/// The deviation of the frame's noise, estimated from every 8th row: the median of how far a
/// pixel lies from the mean of its two neighbours across, over 0.83 (for Gaussian noise of
/// deviation σ that distance has a median of 0.83σ; a code's edges are too few to move it).
pub(super) fn ruido(luma: &[u8], w: usize) -> f32 {
    ruido_a(luma, w, 1)
}

/// [`ruido`] against the neighbours `lejos` pixels away: in a frame already smoothed or
/// averaged down, neighbours share their noise and one pixel apart it looks smaller than it is.
pub(super) fn ruido_a(luma: &[u8], w: usize, lejos: usize) -> f32 {
    let mut histograma = [0u32; 256];
    let mut n = 0u32;
    for fila in luma.chunks_exact(w).step_by(8) {
        for t in fila.windows(2 * lejos + 1).step_by(2) {
            let (a, p, b) = (t[0] as i32, t[lejos] as i32, t[2 * lejos] as i32);
            let d = (2 * p - a - b).unsigned_abs() / 2;
            histograma[d.min(255) as usize] += 1;
            n += 1;
        }
    }
    let mut acumulado = 0;
    let mediana = histograma
        .iter()
        .position(|&c| {
            acumulado += c;
            acumulado * 2 >= n
        })
        .unwrap_or(0);
    // A median of whole numbers: half a step up is nearer the true one.
    (mediana as f32 + 0.5) / 0.83
}

/// The frame with each pixel the mean of the 3×3 around it (edges repeat): Gaussian noise falls
/// to a third, and modules of three pixels or more keep their centres.
pub(super) fn suavizar(luma: &[u8], w: usize, h: usize) -> Vec<u8> {
    // Sums across of three rows at a time (the one above, this one, the one below), reused as
    // the window moves down: one row of sums computed per row of output.
    let fila = |y: usize| &luma[y * w..][..w];
    let mut sumas = [vec![0u16; w], vec![0u16; w], vec![0u16; w]];
    sumas_de_tres(fila(0), &mut sumas[0]);
    sumas_de_tres(fila(0), &mut sumas[1]);
    sumas_de_tres(fila(1.min(h - 1)), &mut sumas[2]);
    let mut out = vec![0u8; w * h];
    for (y, destino) in out.chunks_exact_mut(w).enumerate() {
        if y > 0 {
            sumas.rotate_left(1);
            sumas_de_tres(fila((y + 1).min(h - 1)), &mut sumas[2]);
        }
        let [a, b, c] = &sumas;
        media_de_nueve(a, b, c, destino);
    }
    out
}

/// Each pixel of `fila` summed with its two neighbours across (the edge pixel repeated).
fn sumas_de_tres(fila: &[u8], destino: &mut [u16]) {
    let w = fila.len();
    destino[0] = 2 * fila[0] as u16 + fila[1.min(w - 1)] as u16;
    destino[w - 1] = 2 * fila[w - 1] as u16 + fila[w.saturating_sub(2)] as u16;
    if w >= 3 {
        for (d, t) in destino[1..w - 1].iter_mut().zip(fila.windows(3)) {
            *d = t[0] as u16 + t[1] as u16 + t[2] as u16;
        }
    }
}

/// A row of means of 3×3 from the sums across of the rows above, at and below it.
fn media_de_nueve(a: &[u16], b: &[u16], c: &[u16], destino: &mut [u8]) {
    for (((d, a), b), c) in destino.iter_mut().zip(a).zip(b).zip(c) {
        *d = ((a + b + c + 4) / 9) as u8;
    }
}

/// [`a_la_mitad`] of [`suavizar`] in one pass, without the frame smoothed at full size: each
/// pixel of the half the mean of the 4×4 around its four, weighted 1 2 2 1 across and down
/// (the 3×3 means of the four, averaged). The same to a grey level or so.
pub(super) fn suavizar_a_la_mitad(luma: &[u8], w: usize, h: usize) -> (Vec<u8>, usize, usize) {
    let (mw, mh) = (w / 2, h / 2);
    if mw == 0 || mh == 0 {
        return (Vec::new(), mw, mh);
    }
    // Across, for a row: p(2x − 1) + 2 p(2x) + 2 p(2x + 1) + p(2x + 2), edges repeated.
    let across = |y: usize, destino: &mut [u16]| {
        let fila = &luma[y.min(h - 1) * w..][..w];
        let p = |x: usize| fila[x.min(w - 1)] as u16;
        let en = |x: usize| {
            let i = 2 * x;
            p(i.saturating_sub(1)) + 2 * (p(i) + p(i + 1)) + p(i + 2)
        };
        // Inside the row, four pixels from 2x − 1 without an index to check; the ends repeat.
        let mut hechos = 1;
        for (d, t) in destino[1..].iter_mut().zip(fila[1..].windows(4).step_by(2)) {
            *d = t[0] as u16 + 2 * (t[1] as u16 + t[2] as u16) + t[3] as u16;
            hechos += 1;
        }
        destino[0] = en(0);
        for (x, d) in destino.iter_mut().enumerate().skip(hechos) {
            *d = en(x);
        }
    };
    let mut filas = [
        vec![0u16; mw],
        vec![0u16; mw],
        vec![0u16; mw],
        vec![0u16; mw],
    ];
    let mut out = Vec::with_capacity(mw * mh);
    for y in 0..mh {
        // Rows 2y − 1 to 2y + 2: the last two of the previous half row are the first two here.
        if y == 0 {
            across(0, &mut filas[0]);
            across(0, &mut filas[1]);
        } else {
            filas.rotate_left(2);
        }
        across(2 * y + 1, &mut filas[2]);
        across(2 * y + 2, &mut filas[3]);
        let [a, b, c, d] = &filas;
        out.extend(
            a.iter()
                .zip(b)
                .zip(c)
                .zip(d)
                .map(|(((a, b), c), d)| ((a + 2 * (b + c) + d + 18) / 36) as u8),
        );
    }
    (out, mw, mh)
}

/// A threshold for blur: a pixel is dark when it is under halfway between the darkest and the
/// lightest pixel of the 5×5 blocks of [`BLOQUE_EXTREMOS`]² about its own. Blur spreads a finder pattern's
/// one-module rings until a mean, pulled down by its dark centre, calls the outer ring light;
/// halfway between the extremes keeps each ring on its side while it keeps any of its contrast.
/// Windows with less than [`RANGO_PLANO`] (or [`PLANO_SIGMAS`] times the noise) between them
/// are light.
pub(super) fn binarizar_extremos(luma: &[u8], w: usize, h: usize) -> Bits {
    let bloque = BLOQUE_EXTREMOS;
    let (bw, bh) = (w.div_ceil(bloque), h.div_ceil(bloque));
    let plano = (PLANO_SIGMAS * ruido_a(luma, w, 3)).clamp(RANGO_PLANO as f32, 96.0) as u8;
    let (mut minimos, mut maximos) = (vec![255u8; bw * bh], vec![0u8; bw * bh]);
    for by in 0..bh {
        let (y0, y1) = (by * bloque, ((by + 1) * bloque).min(h));
        for bx in 0..bw {
            let (x0, x1) = (bx * bloque, ((bx + 1) * bloque).min(w));
            let (mut min, mut max) = (255u8, 0u8);
            for fila in luma[y0 * w..y1 * w].chunks_exact(w) {
                for &p in &fila[x0..x1] {
                    min = min.min(p);
                    max = max.max(p);
                }
            }
            minimos[by * bw + bx] = min;
            maximos[by * bw + bx] = max;
        }
    }
    let mut px = vec![0u8; w * h];
    for by in 0..bh {
        let (cy0, cy1) = (by.saturating_sub(2), (by + 2).min(bh - 1));
        for bx in 0..bw {
            let (cx0, cx1) = (bx.saturating_sub(2), (bx + 2).min(bw - 1));
            let (mut min, mut max) = (255u8, 0u8);
            for cy in cy0..=cy1 {
                for i in cy * bw + cx0..=cy * bw + cx1 {
                    min = min.min(minimos[i]);
                    max = max.max(maximos[i]);
                }
            }
            if max - min <= plano {
                continue; // light, as zeroed
            }
            let umbral = ((min as u16 + max as u16) / 2) as u8;
            oscuros_del_bloque(luma, &mut px, w, h, bloque, (bx, by), |p| p < umbral);
        }
    }
    Bits { w, h, px }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A frame of noise about a mid grey, with a dark square: something to smooth and measure.
    fn cuadro(w: usize, h: usize, semilla: u64) -> Vec<u8> {
        let mut estado = semilla;
        (0..w * h)
            .map(|i| {
                estado = estado
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let ruido = ((estado >> 33) % 61) as i32 - 30;
                let (x, y) = (i % w, i / w);
                let fondo = if (w / 4..w / 2).contains(&x) && (h / 4..h / 2).contains(&y) {
                    40
                } else {
                    150
                };
                (fondo + ruido).clamp(0, 255) as u8
            })
            .collect()
    }

    /// The one-pass half of a smoothed frame is the smoothed frame halved, to a grey level
    /// (rounding once instead of twice), at even and odd sizes.
    #[test]
    fn suavizar_a_la_mitad_es_suavizar_y_luego_a_la_mitad() {
        for (w, h) in [(64, 48), (65, 47), (7, 5), (1, 9), (9, 1)] {
            let luma = cuadro(w, h, 3);
            let (uno, uw, uh) = suavizar_a_la_mitad(&luma, w, h);
            let (dos, dw, dh) = a_la_mitad(&suavizar(&luma, w, h), w, h);
            assert_eq!((uw, uh), (dw, dh));
            let peor = uno.iter().zip(&dos).map(|(a, b)| a.abs_diff(*b)).max();
            assert!(peor <= Some(1), "{w}×{h}: {peor:?}");
        }
    }

    /// The agitation of a frame smoothed only on the rows it samples is that of the frame
    /// smoothed whole.
    #[test]
    fn agitacion_suavizada_es_la_del_cuadro_suavizado() {
        for (w, h) in [(64, 48), (65, 47)] {
            let luma = cuadro(w, h, 5);
            let entero = agitacion(&suavizar(&luma, w, h), w, h);
            assert_eq!(agitacion_suavizada(&luma, w, h), entero);
            // Not a constant: the raw noise is agitated, smoothed it is much less so.
            assert!(agitacion(&luma, w, h) > entero);
        }
    }
}
