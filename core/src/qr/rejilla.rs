//! A code's grid read from its finder patterns: which three belong together and how they are
//! turned, its size, its alignment pattern, a perspective from four points, one sample a module.
//! rqrr then decodes the bits (format, error correction, data). rqrr's own grid fit refines the
//! perspective by sampling every module many times over (about 2 ms a code, at any scale); this
//! reading costs a fraction of that, and when it fails rqrr's runs.

use std::cell::Cell;

use super::patrones::Patron;
use super::umbral::Bits;

/// rqrr asserts on some degenerate grids (a perspective that maps a module beyond `i32`; the
/// property tests found frames that reach it): such a frame holds no readable code. Where panics
/// unwind (the server, the tests) it is caught here, for the whole-frame reads of `mod.rs` too;
/// the WASM build aborts instead. Only calls into rqrr go through here: a panic of this module's
/// own code reaches the property tests.
pub(super) fn sin_panico(
    leer: impl FnOnce() -> Option<String> + std::panic::UnwindSafe,
) -> Option<String> {
    std::panic::catch_unwind(leer).unwrap_or(None)
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Punto {
    x: f32,
    y: f32,
}

impl Punto {
    fn de(p: &Patron) -> Self {
        Punto { x: p.x, y: p.y }
    }
    fn menos(self, o: Punto) -> Punto {
        Punto {
            x: self.x - o.x,
            y: self.y - o.y,
        }
    }
    fn mas(self, o: Punto) -> Punto {
        Punto {
            x: self.x + o.x,
            y: self.y + o.y,
        }
    }
    fn por(self, k: f32) -> Punto {
        Punto {
            x: self.x * k,
            y: self.y * k,
        }
    }
    fn largo(self) -> f32 {
        (self.x * self.x + self.y * self.y).sqrt()
    }
}

/// A plane-to-plane perspective (a homography), as the 3×3 matrix `[a b c; d e f; g h 1]`.
#[derive(Debug, Clone, Copy)]
struct Perspectiva([f32; 8]);

impl Perspectiva {
    /// The one taking the unit square's corners (0,0), (1,0), (1,1), (0,1) to `q`'s, in order.
    fn desde_cuadrado(q: [Punto; 4]) -> Option<Self> {
        let [p0, p1, p2, p3] = q;
        let (sx, sy) = (p0.x - p1.x + p2.x - p3.x, p0.y - p1.y + p2.y - p3.y);
        if sx.abs() < 1e-6 && sy.abs() < 1e-6 {
            return Some(Perspectiva([
                p1.x - p0.x,
                p3.x - p0.x,
                p0.x,
                p1.y - p0.y,
                p3.y - p0.y,
                p0.y,
                0.0,
                0.0,
            ]));
        }
        let (dx1, dx2, dy1, dy2) = (p1.x - p2.x, p3.x - p2.x, p1.y - p2.y, p3.y - p2.y);
        let det = dx1 * dy2 - dx2 * dy1;
        if det.abs() < 1e-9 {
            return None;
        }
        let g = (sx * dy2 - dx2 * sy) / det;
        let h = (dx1 * sy - sx * dy1) / det;
        Some(Perspectiva([
            p1.x - p0.x + g * p1.x,
            p3.x - p0.x + h * p3.x,
            p0.x,
            p1.y - p0.y + g * p1.y,
            p3.y - p0.y + h * p3.y,
            p0.y,
            g,
            h,
        ]))
    }

    fn matriz(&self) -> [[f32; 3]; 3] {
        let [a, b, c, d, e, f, g, h] = self.0;
        [[a, b, c], [d, e, f], [g, h, 1.0]]
    }

    /// The one taking quadrilateral `desde` to quadrilateral `hacia`, corner by corner.
    fn entre(desde: [Punto; 4], hacia: [Punto; 4]) -> Option<Self> {
        let a = Perspectiva::desde_cuadrado(desde)?.matriz();
        let b = Perspectiva::desde_cuadrado(hacia)?.matriz();
        // hacia ∘ desde⁻¹; the inverse through the adjugate (the scale cancels out).
        let inv = [
            [
                a[1][1] * a[2][2] - a[1][2] * a[2][1],
                a[0][2] * a[2][1] - a[0][1] * a[2][2],
                a[0][1] * a[1][2] - a[0][2] * a[1][1],
            ],
            [
                a[1][2] * a[2][0] - a[1][0] * a[2][2],
                a[0][0] * a[2][2] - a[0][2] * a[2][0],
                a[0][2] * a[1][0] - a[0][0] * a[1][2],
            ],
            [
                a[1][0] * a[2][1] - a[1][1] * a[2][0],
                a[0][1] * a[2][0] - a[0][0] * a[2][1],
                a[0][0] * a[1][1] - a[0][1] * a[1][0],
            ],
        ];
        let mut m = [[0f32; 3]; 3];
        for (i, fila) in m.iter_mut().enumerate() {
            for (j, celda) in fila.iter_mut().enumerate() {
                *celda = (0..3).map(|k| b[i][k] * inv[k][j]).sum();
            }
        }
        let z = m[2][2];
        if z.abs() < 1e-12 {
            return None;
        }
        Some(Perspectiva([
            m[0][0] / z,
            m[0][1] / z,
            m[0][2] / z,
            m[1][0] / z,
            m[1][1] / z,
            m[1][2] / z,
            m[2][0] / z,
            m[2][1] / z,
        ]))
    }

    fn aplicar(&self, u: f32, v: f32) -> Punto {
        let [a, b, c, d, e, f, g, h] = self.0;
        let z = g * u + h * v + 1.0;
        Punto {
            x: (a * u + b * v + c) / z,
            y: (d * u + e * v + f) / z,
        }
    }
}

/// What one frame may spend on reading grids: the triples (or guessed corners) whose grids are
/// sampled, and the grids handed to error correction. One that passes the timing and format
/// checks but is still wrong (a damaged code, a grid a module off) costs the most of anything
/// tried; noise offers triples by the dozen; and the camera's next frame comes in a few
/// milliseconds.
pub(super) struct Presupuesto {
    esquinas: Cell<u32>,
    rejillas: Cell<u32>,
}

impl Presupuesto {
    pub(super) fn de_un_cuadro() -> Self {
        Presupuesto {
            esquinas: Cell::new(24),
            rejillas: Cell::new(16),
        }
    }
}

/// The three patterns of one code, named by corner.
struct Esquinas {
    sup_izq: Punto,
    sup_der: Punto,
    inf_izq: Punto,
    modulo: f32,
}

impl Esquinas {
    /// The corners of a code whose top left finder pattern is centred at `tl` and the other
    /// two at `p1` and `p2`, in either order.
    fn de(tl: Punto, p1: Punto, p2: Punto, modulo: f32) -> Self {
        // With y growing downwards, top right → bottom left turns clockwise about top left.
        let (v1, v2) = (p1.menos(tl), p2.menos(tl));
        let (sup_der, inf_izq) = if v1.x * v2.y - v1.y * v2.x > 0.0 {
            (p1, p2)
        } else {
            (p2, p1)
        };
        Esquinas {
            sup_izq: tl,
            sup_der,
            inf_izq,
            modulo,
        }
    }
}

/// Where the third finder pattern would be for each pair of the best few found: noise or blur
/// often breaks one of a code's three, and the two left fix a square's corners but for its side.
/// The pair may be a side (the third beside either end, on either side of it) or the diagonal
/// (the third off its middle, either way): six guesses a pair, which only a grid that reads
/// survives.
fn supuestas(patrones: &[Patron]) -> Vec<Esquinas> {
    let mut esquinas = Vec::new();
    let n = patrones.len().min(4);
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (patrones[i], patrones[j]);
            let (min, max) = (a.modulo.min(b.modulo), a.modulo.max(b.modulo));
            let (pa, pb) = (Punto::de(&a), Punto::de(&b));
            let v = pb.menos(pa);
            if max > 1.4 * min || v.largo() < 9.0 * min {
                continue;
            }
            let modulo = (a.modulo + b.modulo) / 2.0;
            let normal = Punto { x: -v.y, y: v.x };
            for signo in [1.0, -1.0] {
                let n = normal.por(signo);
                esquinas.push(Esquinas::de(pa, pb, pa.mas(n), modulo));
                esquinas.push(Esquinas::de(pb, pa, pb.mas(n), modulo));
                let medio = pa.mas(v.por(0.5));
                esquinas.push(Esquinas::de(medio.mas(n.por(0.5)), pa, pb, modulo));
            }
        }
    }
    esquinas
}

/// Whether the three corners of `e` look like finder patterns in grey: along the code's two axes
/// either way, the light ring two modules out lighter than the centre and than the dark ring a
/// module further, at three directions of four or more, the same way round at every corner. A
/// guessed corner on paper or noise fails it for a few dozen samples.
fn parecen_patrones(gris: &Gris, e: &Esquinas) -> bool {
    let (ux, uy) = (e.sup_der.menos(e.sup_izq), e.inf_izq.menos(e.sup_izq));
    let (lx, ly) = (ux.largo(), uy.largo());
    if lx < 1.0 || ly < 1.0 {
        return false;
    }
    let (ux, uy) = (ux.por(1.0 / lx), uy.por(1.0 / ly));
    // A row crosses a pattern turned θ over 1/cos θ times its side (θ folded to 0–45°).
    let giro = ux.y.atan2(ux.x).abs() % std::f32::consts::FRAC_PI_2;
    let giro = giro.min(std::f32::consts::FRAC_PI_2 - giro);
    let modulo = e.modulo * giro.cos();
    let mut signo = 0.0;
    for c in [e.sup_izq, e.sup_der, e.inf_izq] {
        let Some(centro) = gris.en(c) else {
            return false;
        };
        let (mut claros, mut oscuros) = (0, 0);
        for d in [ux, ux.por(-1.0), uy, uy.por(-1.0)] {
            let (Some(anillo), Some(fuera)) = (
                gris.en(c.mas(d.por(2.0 * modulo))),
                gris.en(c.mas(d.por(3.0 * modulo))),
            ) else {
                return false;
            };
            claros += u32::from(anillo > centro && anillo > fuera);
            oscuros += u32::from(anillo < centro && anillo < fuera);
        }
        let este = if claros >= 3 {
            1.0
        } else if oscuros >= 3 {
            -1.0
        } else {
            return false;
        };
        if signo != 0.0 && este != signo {
            return false;
        }
        signo = este;
    }
    true
}

/// Triples of patterns that could be one code's corners, the likeliest first: similar module
/// sizes, two sides of about the same length meeting at about a right angle.
fn triples(patrones: &[Patron]) -> Vec<(f32, Esquinas)> {
    let mut candidatos = Vec::new();
    let n = patrones.len();
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                let t = [patrones[i], patrones[j], patrones[k]];
                let (min, max) = t.iter().fold((f32::MAX, 0f32), |(a, b), p| {
                    (a.min(p.modulo), b.max(p.modulo))
                });
                if max > 1.6 * min {
                    continue;
                }
                // The corner opposite the longest side is the top left one.
                let lado = |a: usize, b: usize| Punto::de(&t[a]).menos(Punto::de(&t[b])).largo();
                let lados = [lado(1, 2), lado(0, 2), lado(0, 1)];
                let esquina = (0..3)
                    .max_by(|&a, &b| lados[a].total_cmp(&lados[b]))
                    .unwrap();
                let (o1, o2) = ((esquina + 1) % 3, (esquina + 2) % 3);
                let (hip, a, b) = (lados[esquina], lados[o1], lados[o2]);
                let (corto, largo) = (a.min(b), a.max(b));
                if corto < 0.55 * largo || corto < 9.0 * min {
                    continue;
                }
                let recto = ((a * a + b * b).sqrt() - hip).abs() / hip;
                if recto > 0.25 {
                    continue;
                }
                let modulo = (t[0].modulo + t[1].modulo + t[2].modulo) / 3.0;
                candidatos.push((
                    recto + (largo - corto) / largo,
                    Esquinas::de(
                        Punto::de(&t[esquina]),
                        Punto::de(&t[o1]),
                        Punto::de(&t[o2]),
                        modulo,
                    ),
                ));
            }
        }
    }
    candidatos.sort_by(|a, b| a.0.total_cmp(&b.0));
    candidatos
}

/// Whether the pixel nearest `p` is of the `oscuro` colour; `None` outside the frame (or for a
/// point that is not a number).
fn oscuro_en(bits: &Bits, oscuro: u8, p: Punto) -> Option<bool> {
    let (x, y) = (p.x.round(), p.y.round());
    if !(x >= 0.0 && y >= 0.0 && x < bits.w as f32 && y < bits.h as f32) {
        return None;
    }
    Some(bits.px[y as usize * bits.w + x as usize] == oscuro)
}

/// The alignment pattern near `estimado` (one dark module ringed by light, ringed by dark), where
/// a module steps `ex` across and `ey` down: the best match within a few modules, if good enough.
fn alineacion(
    bits: &Bits,
    oscuro: u8,
    estimado: Punto,
    ex: Punto,
    ey: Punto,
    modulo: f32,
) -> Option<Punto> {
    // Four modules either way, at most 40 pixels: the search stays a few hundred samples wide.
    let radio = (4.0 * modulo).ceil().min(40.0) as i32;
    let dirs = [
        ex,
        ex.por(-1.0),
        ey,
        ey.por(-1.0),
        ex.mas(ey),
        ex.menos(ey),
        ey.menos(ex),
        ex.mas(ey).por(-1.0),
    ];
    let en = |p: Punto| oscuro_en(bits, oscuro, p);
    // A dark centre, the ring a module out light, the ring two out dark: 17 points at most, 15
    // to count. A position that misses three of the light ring cannot reach it and is left
    // before its dark ring is sampled.
    let puntuar = |dx: i32, dy: i32| -> Option<(i32, f32, Punto)> {
        let c = Punto {
            x: estimado.x + dx as f32,
            y: estimado.y + dy as f32,
        };
        if en(c) != Some(true) {
            return None;
        }
        let claros: i32 = dirs
            .iter()
            .map(|&d| (en(c.mas(d)) == Some(false)) as i32)
            .sum();
        if claros < 6 {
            return None;
        }
        let oscuros: i32 = dirs
            .iter()
            .map(|&d| (en(c.mas(d.por(2.0))) == Some(true)) as i32)
            .sum();
        Some((1 + claros + oscuros, (dx * dx + dy * dy) as f32, c))
    };
    let mejor_de =
        |mejor: Option<(i32, f32, Punto)>, otro: Option<(i32, f32, Punto)>| match (mejor, otro) {
            (Some(m), Some(o)) if o.0 > m.0 || (o.0 == m.0 && o.1 < m.1) => Some(o),
            (None, o) => o,
            (m, _) => m,
        };
    // Coarse first, a third of a module apart (the centre module is a module wide, so a step
    // lands in it), then pixel by pixel about the best.
    let paso = ((modulo / 3.0) as i32).max(1);
    let mut mejor = None;
    for dy in (-radio..=radio).step_by(paso as usize) {
        for dx in (-radio..=radio).step_by(paso as usize) {
            mejor = mejor_de(mejor, puntuar(dx, dy));
        }
    }
    if paso > 1 {
        if let Some((_, _, c)) = mejor {
            let (cx, cy) = (
                (c.x - estimado.x).round() as i32,
                (c.y - estimado.y).round() as i32,
            );
            for dy in cy - paso + 1..cy + paso {
                for dx in cx - paso + 1..cx + paso {
                    mejor = mejor_de(mejor, puntuar(dx, dy));
                }
            }
        }
    }
    mejor.filter(|&(p, _, _)| p >= 15).map(|(_, _, c)| c)
}

/// The perspective taking a code of `lado` modules (module coordinates, the top left corner at
/// 0,0) to the frame, from the finder pattern centres `e` and, from version 2 on, the alignment
/// pattern found near where they put it.
fn perspectiva(
    bits: &Bits,
    oscuro: u8,
    e: &Esquinas,
    lado: usize,
    buscar: bool,
) -> Option<(Perspectiva, bool)> {
    let n = lado as f32;
    let ex = e.sup_der.menos(e.sup_izq).por(1.0 / (n - 7.0));
    let ey = e.inf_izq.menos(e.sup_izq).por(1.0 / (n - 7.0));
    // The fourth corner: the alignment pattern's centre (version 2 and up), else the parallelogram's.
    let paralelo = e.sup_der.mas(e.inf_izq).menos(e.sup_izq);
    let (cuarto, en_modulos) = if lado > 21 {
        let estimado = e
            .sup_izq
            .mas(paralelo.menos(e.sup_izq).por(1.0 - 3.0 / (n - 7.0)));
        let hallada = buscar
            .then(|| alineacion(bits, oscuro, estimado, ex, ey, e.modulo))
            .flatten();
        ((hallada.unwrap_or(estimado), hallada.is_some()), n - 6.5)
    } else {
        ((paralelo, false), n - 3.5)
    };
    let (cuarto, hallada) = cuarto;
    let desde = [
        Punto { x: 3.5, y: 3.5 },
        Punto { x: n - 3.5, y: 3.5 },
        Punto {
            x: en_modulos,
            y: en_modulos,
        },
        Punto { x: 3.5, y: n - 3.5 },
    ];
    Perspectiva::entre(desde, [e.sup_izq, e.sup_der, cuarto, e.inf_izq]).map(|p| (p, hallada))
}

/// The modules of a code of `lado` modules, one thresholded pixel each, through `p`: `None`
/// when a module falls outside the frame.
fn muestrear(bits: &Bits, oscuro: u8, p: &Perspectiva, lado: usize) -> Option<Vec<bool>> {
    let modulo = |col: usize, fila: usize| {
        oscuro_en(bits, oscuro, p.aplicar(col as f32 + 0.5, fila as f32 + 0.5))
    };
    // The timing patterns first: a grid laid wrong is turned away for a few dozen samples.
    if !a_tiempo_con(lado, |c, f| modulo(c, f) == Some(true)) {
        return None;
    }
    let mut celdas = Vec::with_capacity(lado * lado);
    for fila in 0..lado {
        for col in 0..lado {
            celdas.push(oscuro_en(
                bits,
                oscuro,
                p.aplicar(col as f32 + 0.5, fila as f32 + 0.5),
            )?);
        }
    }
    Some(celdas)
}

/// A frame's grey levels, one byte a pixel, for reading modules by their shade.
pub(super) struct Gris<'a> {
    pub(super) px: &'a [u8],
    pub(super) w: usize,
    pub(super) h: usize,
}

impl Gris<'_> {
    /// The grey level at `p`, interpolated between the four nearest pixels; `None` outside.
    fn en(&self, p: Punto) -> Option<f32> {
        let (x, y) = (p.x - 0.5, p.y - 0.5);
        if !(x >= 0.0 && y >= 0.0 && x < (self.w - 1) as f32 && y < (self.h - 1) as f32) {
            return None;
        }
        let (x0, y0) = (x as usize, y as usize);
        let (fx, fy) = (x - x0 as f32, y - y0 as f32);
        let px = |xx: usize, yy: usize| self.px[yy * self.w + xx] as f32;
        Some(
            (px(x0, y0) * (1.0 - fx) + px(x0 + 1, y0) * fx) * (1.0 - fy)
                + (px(x0, y0 + 1) * (1.0 - fx) + px(x0 + 1, y0 + 1) * fx) * fy,
        )
    }
}

/// The grey of each module of a code of `lado` modules through `p`, row by row: the mean of its
/// centre and four points a quarter module from it (`cinco`: noise averages out) or its centre
/// alone (blur). `None` when a module falls outside the frame, or when the finder patterns'
/// shades, halfway between dark and light, do not make the timing patterns alternate (plain or
/// sharpened along them): a grid laid wrong is turned away before most of it is sampled.
fn tonos(gris: &Gris, p: &Perspectiva, lado: usize, cinco: bool) -> Option<Vec<f32>> {
    let tono = |col: usize, fila: usize| -> Option<f32> {
        let (u, v) = (col as f32 + 0.5, fila as f32 + 0.5);
        let mut suma = gris.en(p.aplicar(u, v))?;
        if !cinco {
            return Some(suma);
        }
        for (du, dv) in [(-0.25, -0.25), (0.25, -0.25), (-0.25, 0.25), (0.25, 0.25)] {
            suma += gris.en(p.aplicar(u + du, v + dv))?;
        }
        Some(suma / 5.0)
    };
    // The finder patterns' shades and the timing patterns first: a grid laid wrong is turned
    // away for a few hundred samples.
    let medios = finder_en_gris(lado, tono)?.map(|(medio, _)| medio);
    let signo = (tono(3, 3)? - medios[0]).signum();
    let umbral = |c: usize, f: usize| umbral_en(medios, lado, c, f);
    let linea = |i: usize, fila: bool| {
        let (c, f) = if fila { (i, 6) } else { (6, i) };
        tono(c, f).map_or(f32::NAN, |t| (t - umbral(c, f)) * signo)
    };
    // Plain, and sharpened along the line (as [`por_tono`] does across the grid): blur leaves a
    // timing pattern's lone modules on the wrong side of halfway.
    let plano = |c: usize, f: usize| linea(if f == 6 { c } else { f }, f == 6) > 0.0;
    let nitido = |c: usize, f: usize| {
        let (i, fila) = if f == 6 { (c, true) } else { (f, false) };
        let t = linea(i, fila);
        t + 0.7 * (t - (linea(i - 1, fila) + linea(i + 1, fila)) / 2.0) > 0.0
    };
    if !a_tiempo_con(lado, plano) && !a_tiempo_con(lado, nitido) {
        return None;
    }
    let mut tonos = Vec::with_capacity(lado * lado);
    for fila in 0..lado {
        for col in 0..lado {
            tonos.push(tono(col, fila)?);
        }
    }
    Some(tonos)
}

/// Per finder pattern of a code of `lado` modules (top left, top right, bottom left), read by
/// `tono(columna, fila)`: halfway between the mean of its dark modules (centre and outer ring)
/// and of its light ring, and the light's lead over the dark. `None` when a module cannot be read.
fn finder_en_gris(
    lado: usize,
    tono: impl Fn(usize, usize) -> Option<f32>,
) -> Option<[(f32, f32); 3]> {
    let mut esquinas = [(0f32, 0f32); 3];
    for (e, (c0, f0)) in esquinas
        .iter_mut()
        .zip([(0, 0), (lado - 7, 0), (0, lado - 7)])
    {
        let (mut oscuro, mut claro) = (0.0, 0.0);
        for f in 0..7usize {
            for c in 0..7usize {
                let t = tono(c0 + c, f0 + f)?;
                if c.abs_diff(3).max(f.abs_diff(3)) == 2 {
                    claro += t;
                } else {
                    oscuro += t;
                }
            }
        }
        let (oscuro, claro) = (oscuro / 33.0, claro / 16.0);
        *e = ((oscuro + claro) / 2.0, claro - oscuro);
    }
    Some(esquinas)
}

/// The threshold at module `(c, f)` of a code of `lado` modules: the finder patterns' halfway
/// shades `medios` carried across the code as a plane through its three corners.
fn umbral_en(medios: [f32; 3], lado: usize, c: usize, f: usize) -> f32 {
    let tramo = (lado - 7) as f32;
    medios[0]
        + (medios[1] - medios[0]) * c as f32 / tramo
        + (medios[2] - medios[0]) * f as f32 / tramo
}

/// The modules of a code of `lado` modules from their grey levels `tonos` (see [`tonos`]),
/// sharpened by `nitidez`, against a threshold drawn from the finder patterns, whose dark and
/// light modules are known: halfway between their dark and their light, carried across the code
/// as a plane through the three corners (light falls unevenly). A blurred code's lone modules
/// keep their side of it where a block threshold, set by the many modules around, loses them.
/// `None` when the finder patterns do not show a code's contrast.
fn por_tono(tonos: &[f32], lado: usize, nitidez: f32) -> Option<Vec<bool>> {
    let mut tonos = tonos.to_vec();
    // Blur bleeds each module into its neighbours: a lone module keeps less than half its
    // contrast and crosses the halfway line. Pushing each module away from the mean of its four
    // neighbours (in the code's own grid, so at any turn) gives it back.
    if nitidez > 0.0 {
        let crudos = tonos.clone();
        for fila in 0..lado {
            for col in 0..lado {
                let (mut suma, mut n) = (0.0, 0.0);
                for (c, f) in [
                    (col.wrapping_sub(1), fila),
                    (col + 1, fila),
                    (col, fila.wrapping_sub(1)),
                    (col, fila + 1),
                ] {
                    if c < lado && f < lado {
                        (suma, n) = (suma + crudos[f * lado + c], n + 1.0);
                    }
                }
                let t = crudos[fila * lado + col];
                tonos[fila * lado + col] = t + nitidez * (t - suma / n);
            }
        }
    }
    let esquinas = finder_en_gris(lado, |c, f| Some(tonos[f * lado + c]))?;
    // The same sign of contrast at the three corners, and enough of it to tell modules apart.
    let signo = esquinas[0].1.signum();
    if esquinas
        .iter()
        .any(|&(_, c)| c.signum() != signo || c.abs() < 8.0)
    {
        return None;
    }
    let medios = esquinas.map(|(medio, _)| medio);
    Some(
        (0..lado * lado)
            .map(|i| (tonos[i] - umbral_en(medios, lado, i % lado, i / lado)) * signo < 0.0)
            .collect(),
    )
}

/// A module's size measured from finder pattern centre `desde` towards `hacia`: the pattern's
/// edge lies three and a half modules out (dark centre, light ring, dark ring), at any angle.
fn modulo_hacia(bits: &Bits, oscuro: u8, desde: Punto, hacia: Punto) -> Option<f32> {
    let d = hacia.menos(desde);
    let largo = d.largo();
    let paso = d.por(0.5 / largo);
    let (mut p, mut cambios, mut color) = (desde, 0, true);
    for i in 1..(largo * 2.0) as usize {
        p = p.mas(paso);
        let v = oscuro_en(bits, oscuro, p)?;
        if v != color {
            (cambios, color) = (cambios + 1, v);
            if cambios == 3 {
                return Some(i as f32 * 0.5 / 3.5);
            }
        }
    }
    None
}

/// The module size along the side from `a` to `b`, measured at both ends.
fn modulo_lado(bits: &Bits, oscuro: u8, a: Punto, b: Punto, otro: f32) -> f32 {
    match (
        modulo_hacia(bits, oscuro, a, b),
        modulo_hacia(bits, oscuro, b, a),
    ) {
        (Some(x), Some(y)) => (x + y) / 2.0,
        (Some(x), None) | (None, Some(x)) => x,
        (None, None) => otro,
    }
}

/// Whether a grid's format information reads clearly: one of its two copies (15 modules each,
/// masked) at most one module from a valid format word, or both within three of the same one.
/// Its code corrects three errors, which random modules reach more often than not (32 words,
/// each with 576 words within three); within one, a wrong grid passes about one time in thirty,
/// and
/// a real code's format, beside its finder patterns, is rarely worse.
fn formato_claro(celdas: &[bool], lado: usize) -> bool {
    const XS: [usize; 15] = [8, 8, 8, 8, 8, 8, 8, 8, 7, 5, 4, 3, 2, 1, 0];
    const YS: [usize; 15] = [0, 1, 2, 3, 4, 5, 7, 8, 8, 8, 8, 8, 8, 8, 8];
    let bit = |x: usize, y: usize| u16::from(celdas[y * lado + x]);
    let mut primera = 0u16;
    for i in (0..15).rev() {
        primera = (primera << 1) | bit(XS[i], YS[i]);
    }
    let mut segunda = 0u16;
    for i in 0..7 {
        segunda = (segunda << 1) | bit(8, lado - 1 - i);
    }
    for i in 0..8 {
        segunda = (segunda << 1) | bit(lado - 8 + i, 8);
    }
    // The nearest valid word to each copy: (data, distance).
    let cercana = |copia: u16| {
        let copia = copia ^ 0x5412;
        (0u16..32)
            .map(|dato| {
                let mut resto = dato << 10;
                for i in (10..15).rev() {
                    if resto & (1 << i) != 0 {
                        resto ^= 0x537 << (i - 10);
                    }
                }
                (dato, ((dato << 10 | resto) ^ copia).count_ones())
            })
            .min_by_key(|&(_, d)| d)
            .unwrap_or((0, 15))
    };
    let (a, b) = (cercana(primera), cercana(segunda));
    a.1 <= 1 || b.1 <= 1 || (a.0 == b.0 && a.1 <= 3 && b.1 <= 3)
}

fn lado_de(celdas: &[bool]) -> usize {
    (celdas.len() as f32).sqrt().round() as usize
}

/// Whether a grid's timing patterns (row and column 6 between the finder patterns, dark on even
/// modules) mostly alternate as they must: a grid laid wrong, or on noise, fails here for a few
/// dozen samples, before error correction spends far more on it.
fn a_tiempo(celdas: &[bool], lado: usize) -> bool {
    a_tiempo_con(lado, |c, f| celdas[f * lado + c])
}

/// [`a_tiempo`] for a grid known by `oscuro(columna, fila)`.
fn a_tiempo_con(lado: usize, oscuro: impl Fn(usize, usize) -> bool) -> bool {
    let (mut bien, mut todos) = (0, 0);
    for i in 8..lado - 8 {
        bien += u32::from(oscuro(i, 6) == (i % 2 == 0)) + u32::from(oscuro(6, i) == (i % 2 == 0));
        todos += 2;
    }
    bien * 3 >= todos * 2
}

/// The text of a code read from `patrones` by this module's own grid reading, trying the
/// likeliest few triples and, for each, the size its finder patterns' spacing gives and the
/// sizes either side of it; each grid read from the thresholded pixels and, when that fails and
/// the frame's grey levels are at hand, by their shade.
pub(super) fn leer(
    bits: &Bits,
    oscuro: u8,
    patrones: &[Patron],
    gris: Option<&Gris>,
    presupuesto: &Presupuesto,
) -> Option<String> {
    let mut patrones = patrones.to_vec();
    patrones.sort_by_key(|p| std::cmp::Reverse(p.votos));
    patrones.truncate(10);
    let candidatos = triples(&patrones);
    // Where grey levels are at hand, a triple that does not look like three finder patterns
    // in them is not read (noise makes triples by the dozen).
    let parecen = |e: &Esquinas| gris.is_none_or(|g| parecen_patrones(g, e));
    if let Some(texto) = candidatos
        .iter()
        .take(12)
        .map(|(_, e)| e)
        .filter(|e| parecen(e))
        .find_map(|e| leer_esquinas(bits, oscuro, e, gris, presupuesto))
    {
        return Some(texto);
    }
    // Guessed corners only where grey levels can check them, and not where a triple was there
    // to read (the guesses would mostly repeat it).
    if !candidatos.is_empty() && patrones.len() == 3 {
        return None;
    }
    let g = gris?;
    supuestas(&patrones)
        .iter()
        .filter(|e| parecen_patrones(g, e))
        .find_map(|e| leer_esquinas(bits, oscuro, e, gris, presupuesto))
}

/// The text of the code whose finder patterns are `e`, read as [`leer`] says.
fn leer_esquinas(
    bits: &Bits,
    oscuro: u8,
    e: &Esquinas,
    gris: Option<&Gris>,
    presupuesto: &Presupuesto,
) -> Option<String> {
    if presupuesto.esquinas.get() == 0 {
        return None;
    }
    presupuesto.esquinas.set(presupuesto.esquinas.get() - 1);
    let decodificar = |celdas: Vec<bool>| {
        let lado = lado_de(&celdas);
        if presupuesto.rejillas.get() == 0 || !a_tiempo(&celdas, lado) {
            return None;
        }
        let rejilla = rqrr::Grid::new(rqrr::SimpleGrid::from_func(lado, |x, y| {
            celdas[y * lado + x]
        }));
        // The format bits first: error correction of the data is what costs, and only a grid
        // whose format reads clearly is worth it.
        if !formato_claro(&celdas, lado)
            || !super::correccion::corregible(lado, |x, y| celdas[y * lado + x])
        {
            return None;
        }
        presupuesto.rejillas.set(presupuesto.rejillas.get() - 1);
        sin_panico(|| rejilla.decode().ok().map(|(_, texto)| texto))
    };
    let arriba = e.sup_der.menos(e.sup_izq).largo()
        / modulo_lado(bits, oscuro, e.sup_izq, e.sup_der, e.modulo);
    let izquierda = e.inf_izq.menos(e.sup_izq).largo()
        / modulo_lado(bits, oscuro, e.sup_izq, e.inf_izq, e.modulo);
    let estimado = (arriba + izquierda) / 2.0 + 7.0;
    // Sizes are 17 + 4·version, version 1 to 40: the nearest first.
    let version = ((estimado - 17.0) / 4.0).round().clamp(1.0, 40.0) as usize;
    for v in [version, version + 1, version.saturating_sub(1)] {
        if !(1..=40).contains(&v) {
            continue;
        }
        let lado = 17 + 4 * v;
        // Modules under a pixel and a fifth cannot be sampled: a size that says so is wrong
        // (and would sample tens of thousands of them).
        let lados = e.sup_der.menos(e.sup_izq).largo() + e.inf_izq.menos(e.sup_izq).largo();
        if lados < 2.4 * (lado - 7) as f32 {
            continue;
        }
        // With the alignment pattern found and, where blur or noise mislead the search,
        // with the corner the finder patterns alone put there.
        let mut alineada = false;
        for buscar in [true, false] {
            // Without the search only where it found something (else it is the same grid).
            if !buscar && !alineada {
                continue;
            }
            let Some((p, hallada)) = perspectiva(bits, oscuro, e, lado, buscar) else {
                continue;
            };
            alineada = hallada;
            let texto = muestrear(bits, oscuro, &p, lado)
                .and_then(decodificar)
                .or_else(|| {
                    // Five points a module average noise out, lightly sharpened; blur wants the
                    // centre alone, sharpened harder.
                    let g = gris?;
                    [(true, &[0.0, 0.7][..]), (false, &[0.7, 1.4, 2.2][..])]
                        .into_iter()
                        .find_map(|(cinco, nitideces)| {
                            let t = tonos(g, &p, lado, cinco)?;
                            nitideces
                                .iter()
                                .find_map(|&k| por_tono(&t, lado, k).and_then(decodificar))
                        })
                });
            if texto.is_some() {
                return texto;
            }
        }
    }
    None
}
