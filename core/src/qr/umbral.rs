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
/// [`PLANO_SIGMAS`] times the frame's noise) is flat: paper or a module's inside, not an edge; it takes its threshold
/// from its neighbours. Low enough that a code squeezed into a dozen grey levels still has edges.
const RANGO_PLANO: u8 = 3;
/// The same in deviations of the frame's noise: the 64 pixels of a block of flat noise span
/// about five of them, and one block in a hundred more than six; eight leave room for an
/// estimate a little low. (Four, as this was, left most of a noisy frame's paper as edges,
/// thresholded into noise: hundreds of false finder-pattern candidates a frame.) The estimate
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

/// Share of sampled neighbours (every 4th row) that differ by more than a quarter of the range:
/// a frame of a code and its surroundings stays well under [`AGITADO`]; pure noise does not.
pub(super) fn agitacion(luma: &[u8], w: usize, h: usize) -> f32 {
    let (mut saltos, mut pares) = (0usize, 0usize);
    for fila in luma.chunks_exact(w).step_by(4).take(h) {
        pares += w.saturating_sub(1);
        saltos += fila.windows(2).filter(|p| p[0].abs_diff(p[1]) > 64).count();
    }
    saltos as f32 / pares.max(1) as f32
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
        let (a, b) = (&luma[2 * y * w..], &luma[(2 * y + 1) * w..]);
        out.extend((0..mw).map(|x| {
            ((a[2 * x] as u16 + a[2 * x + 1] as u16 + b[2 * x] as u16 + b[2 * x + 1] as u16 + 2)
                / 4) as u8
        }));
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
    let across = |y: usize, destino: &mut [u16]| {
        let fila = &luma[y * w..][..w];
        destino[0] = 2 * fila[0] as u16 + fila[1.min(w - 1)] as u16;
        destino[w - 1] = 2 * fila[w - 1] as u16 + fila[w.saturating_sub(2)] as u16;
        if w >= 3 {
            for (d, t) in destino[1..w - 1].iter_mut().zip(fila.windows(3)) {
                *d = t[0] as u16 + t[1] as u16 + t[2] as u16;
            }
        }
    };
    let mut sumas = [vec![0u16; w], vec![0u16; w], vec![0u16; w]];
    across(0, &mut sumas[0]);
    across(0, &mut sumas[1]);
    across(1.min(h - 1), &mut sumas[2]);
    let mut out = vec![0u8; w * h];
    for y in 0..h {
        if y > 0 {
            sumas.rotate_left(1);
            across((y + 1).min(h - 1), &mut sumas[2]);
        }
        let [a, b, c] = &sumas;
        for (((d, a), b), c) in out[y * w..][..w].iter_mut().zip(a).zip(b).zip(c) {
            *d = ((a + b + c + 4) / 9) as u8;
        }
    }
    out
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
