//! A code's grid read from its finder patterns: which three belong together and how they are
//! turned, its size, its alignment pattern, a perspective from four points, one sample a module.
//! rqrr then decodes the bits (format, error correction, data). rqrr's own grid fit refines the
//! perspective by sampling every module many times over (about 2 ms a code, at any scale); this
//! reading costs a fraction of that, and when it fails rqrr's runs.

use super::patrones::Patron;
use super::umbral::Bits;

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

/// The three patterns of one code, named by corner.
struct Esquinas {
    sup_izq: Punto,
    sup_der: Punto,
    inf_izq: Punto,
    modulo: f32,
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
                let tl = Punto::de(&t[esquina]);
                let (p1, p2) = (Punto::de(&t[o1]), Punto::de(&t[o2]));
                // With y growing downwards, top right → bottom left turns clockwise about top left.
                let (v1, v2) = (p1.menos(tl), p2.menos(tl));
                let (sup_der, inf_izq) = if v1.x * v2.y - v1.y * v2.x > 0.0 {
                    (p1, p2)
                } else {
                    (p2, p1)
                };
                let modulo = (t[0].modulo + t[1].modulo + t[2].modulo) / 3.0;
                candidatos.push((
                    recto + (largo - corto) / largo,
                    Esquinas {
                        sup_izq: tl,
                        sup_der,
                        inf_izq,
                        modulo,
                    },
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
    let mut mejor: Option<(i32, f32, Punto)> = None;
    for dy in -radio..=radio {
        for dx in -radio..=radio {
            let c = Punto {
                x: estimado.x + dx as f32,
                y: estimado.y + dy as f32,
            };
            if en(c) != Some(true) {
                continue;
            }
            let mut puntos = 1;
            for d in dirs {
                puntos += (en(c.mas(d)) == Some(false)) as i32
                    + (en(c.mas(d.por(2.0))) == Some(true)) as i32;
            }
            let distancia = (dx * dx + dy * dy) as f32;
            if mejor.is_none_or(|(p, dist, _)| puntos > p || (puntos == p && distancia < dist)) {
                mejor = Some((puntos, distancia, c));
            }
        }
    }
    mejor.filter(|&(p, _, _)| p >= 15).map(|(_, _, c)| c)
}

/// The modules of a code of `lado` modules whose finder pattern centres are `e`'s: `None` when a
/// module falls outside the frame.
fn muestrear(bits: &Bits, oscuro: u8, e: &Esquinas, lado: usize) -> Option<rqrr::SimpleGrid> {
    let n = lado as f32;
    let ex = e.sup_der.menos(e.sup_izq).por(1.0 / (n - 7.0));
    let ey = e.inf_izq.menos(e.sup_izq).por(1.0 / (n - 7.0));
    // The fourth corner: the alignment pattern's centre (version 2 and up), else the parallelogram's.
    let paralelo = e.sup_der.mas(e.inf_izq).menos(e.sup_izq);
    let (cuarto, en_modulos) = if lado > 21 {
        let estimado = e
            .sup_izq
            .mas(paralelo.menos(e.sup_izq).por(1.0 - 3.0 / (n - 7.0)));
        match alineacion(bits, oscuro, estimado, ex, ey, e.modulo) {
            Some(a) => (a, n - 6.5),
            None => (estimado, n - 6.5),
        }
    } else {
        (paralelo, n - 3.5)
    };
    let desde = [
        Punto { x: 3.5, y: 3.5 },
        Punto { x: n - 3.5, y: 3.5 },
        Punto {
            x: en_modulos,
            y: en_modulos,
        },
        Punto { x: 3.5, y: n - 3.5 },
    ];
    let p = Perspectiva::entre(desde, [e.sup_izq, e.sup_der, cuarto, e.inf_izq])?;
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
    Some(rqrr::SimpleGrid::from_func(lado, |x, y| {
        celdas[y * lado + x]
    }))
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

/// The text of a code read from `patrones` by this module's own grid reading, trying the
/// likeliest few triples and, for each, the size its finder patterns' spacing gives and the
/// sizes either side of it.
pub(super) fn leer(bits: &Bits, oscuro: u8, patrones: &[Patron]) -> Option<String> {
    let mut patrones = patrones.to_vec();
    patrones.sort_by_key(|p| std::cmp::Reverse(p.votos));
    patrones.truncate(10);
    for (_, e) in triples(&patrones).iter().take(12) {
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
            let Some(rejilla) = muestrear(bits, oscuro, e, 17 + 4 * v) else {
                continue;
            };
            if let Some(texto) = super::sin_panico(|| {
                rqrr::Grid::new(rejilla)
                    .decode()
                    .ok()
                    .map(|(_, texto)| texto)
            }) {
                return Some(texto);
            }
        }
    }
    None
}
