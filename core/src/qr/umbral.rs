//! A camera frame made ready for finding a code: averaged down, thresholded, measured.

/// A frame binarised: one byte a pixel, 1 for dark.
pub(super) struct Bits {
    pub(super) w: usize,
    pub(super) h: usize,
    pub(super) px: Vec<u8>,
}

/// Side of the square blocks the threshold is computed on.
const BLOQUE: usize = 8;
/// A block whose darkest and lightest pixels differ by no more than this (or than four times
/// the frame's noise) is flat: paper or a module's inside, not an edge; it takes its threshold
/// from its neighbours. Low enough that a code squeezed into a dozen grey levels still has edges.
const RANGO_PLANO: u8 = 3;

/// Local threshold without a division per pixel: each block of [`BLOQUE`]² pixels gets a black
/// point (its mean, or for a flat block half its minimum, raised to its neighbours' where that
/// is darker), and a pixel is dark when it is at or under the mean black point of the blocks
/// with edges among the 5×5 around its own (flat ones say nothing of where dark ends; with
/// none, its own). Even light, shadows and low contrast keep a code's modules apart.
pub(super) fn binarizar(luma: &[u8], w: usize, h: usize) -> Bits {
    let (bw, bh) = (w.div_ceil(BLOQUE), h.div_ceil(BLOQUE));
    // Noise spreads a flat block's pixels over about four deviations.
    let plano = (4.0 * ruido(luma, w)).clamp(RANGO_PLANO as f32, 96.0) as u8;
    let mut negro = vec![0u16; bw * bh];
    let mut borde = vec![false; bw * bh];
    for by in 0..bh {
        let (y0, y1) = (by * BLOQUE, ((by + 1) * BLOQUE).min(h));
        for bx in 0..bw {
            let (x0, x1) = (bx * BLOQUE, ((bx + 1) * BLOQUE).min(w));
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
            let (y0, y1) = (by * BLOQUE, ((by + 1) * BLOQUE).min(h));
            let (x0, x1) = (bx * BLOQUE, ((bx + 1) * BLOQUE).min(w));
            for y in y0..y1 {
                let (fuente, destino) = (
                    &luma[y * w + x0..y * w + x1],
                    &mut px[y * w + x0..y * w + x1],
                );
                for (d, &p) in destino.iter_mut().zip(fuente) {
                    *d = (p <= umbral) as u8;
                }
            }
        }
    }
    Bits { w, h, px }
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
    let mut histograma = [0u32; 256];
    let mut n = 0u32;
    for fila in luma.chunks_exact(w).step_by(8) {
        for t in fila.windows(3).step_by(2) {
            let d = (2 * t[1] as i32 - t[0] as i32 - t[2] as i32).unsigned_abs() / 2;
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
    let mut filas = vec![0u16; w * h];
    for (fila, destino) in luma.chunks_exact(w).zip(filas.chunks_exact_mut(w)) {
        for x in 0..w {
            let (a, b) = (x.saturating_sub(1), (x + 1).min(w - 1));
            destino[x] = fila[a] as u16 + fila[x] as u16 + fila[b] as u16;
        }
    }
    let mut out = vec![0u8; w * h];
    for y in 0..h {
        let (a, b) = (y.saturating_sub(1), (y + 1).min(h - 1));
        let (fa, fy, fb) = (
            &filas[a * w..][..w],
            &filas[y * w..][..w],
            &filas[b * w..][..w],
        );
        for (x, d) in out[y * w..][..w].iter_mut().enumerate() {
            *d = ((fa[x] + fy[x] + fb[x] + 4) / 9) as u8;
        }
    }
    out
}
