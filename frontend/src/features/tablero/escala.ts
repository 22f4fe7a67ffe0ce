// Chart arithmetic, kept pure so it is tested without a browser.

/** The smallest "nice" number (1, 2, 2.5, 5 × 10ⁿ) at or above `max`; 1 for nothing to show. */
export function techoBonito(max: number): number {
  if (!Number.isFinite(max) || max <= 0) return 1;
  const potencia = 10 ** Math.floor(Math.log10(max));
  for (const paso of [1, 2, 2.5, 5, 10]) {
    const techo = paso * potencia;
    if (techo >= max - 1e-9) return techo;
  }
  return 10 * potencia;
}

/**
 * `n + 1` evenly spaced ticks from 0 to `techo`. Without `n`, four steps, or five or two when
 * that keeps a whole-number ceiling's ticks whole (a count of 5 reads 0, 1, 2…, not 1.25).
 */
export function marcas(techo: number, n?: number): number[] {
  const pasos = n ?? (Number.isInteger(techo) && techo > 1 ? ([4, 5, 2].find((k) => Number.isInteger(techo / k)) ?? 4) : 4);
  return Array.from({ length: pasos + 1 }, (_, i) => Number(((techo * i) / pasos).toFixed(6)));
}

/** Maps a value in [0, techo] to a y in [alto, 0] (SVG grows downwards); clamps outside values. */
export function escalaY(valor: number, techo: number, alto: number): number {
  if (techo <= 0) return alto;
  const v = Math.min(Math.max(valor, 0), techo);
  return alto - (v / techo) * alto;
}

/** The x of the centre of slot `i` of `n` across `ancho`. */
export function centroX(i: number, n: number, ancho: number): number {
  return n <= 0 ? 0 : ((i + 0.5) * ancho) / n;
}

/** An SVG path through the points, broken where a value is null (a day with no rate). */
export function trazo(valores: readonly (number | null)[], techo: number, ancho: number, alto: number): string {
  let d = '';
  let abierto = false;
  valores.forEach((v, i) => {
    if (v === null) {
      abierto = false;
      return;
    }
    const x = centroX(i, valores.length, ancho).toFixed(2);
    const y = escalaY(v, techo, alto).toFixed(2);
    d += `${abierto ? 'L' : 'M'}${x},${y}`;
    abierto = true;
  });
  return d;
}

/** A 0–1 rate as "25 %" (es-MX); "—" when there is none. */
export function porcentaje(tasa: number | null | undefined): string {
  if (tasa === null || tasa === undefined || !Number.isFinite(tasa)) return '—';
  return new Intl.NumberFormat('es-MX', { style: 'percent', maximumFractionDigits: 1 }).format(tasa);
}

/** Every hour from `desde` to `hasta` ("13"…"21") with its count, so empty hours show as gaps. */
export function horasCompletas(cuentas: readonly { clave: string; total: number }[], desde = 13, hasta = 21): { clave: string; total: number }[] {
  const por = new Map(cuentas.map((c) => [Number(c.clave), c.total]));
  const horas = [...por.keys()].filter(Number.isFinite);
  const ini = Math.min(desde, ...horas);
  const fin = Math.max(hasta, ...horas);
  return Array.from({ length: fin - ini + 1 }, (_, i) => ({ clave: String(ini + i).padStart(2, '0'), total: por.get(ini + i) ?? 0 }));
}

/** Every origin across the days, biggest total first (the stacked chart's order and legend). */
export function origenesTotales(dias: readonly { origenes: readonly { clave: string; total: number }[] }[]): { clave: string; total: number }[] {
  const suma = new Map<string, number>();
  for (const d of dias) for (const o of d.origenes) suma.set(o.clave, (suma.get(o.clave) ?? 0) + o.total);
  return [...suma.entries()].map(([clave, total]) => ({ clave, total })).sort((a, b) => b.total - a.total || a.clave.localeCompare(b.clave));
}

/** The parties written down per hour of the day, summed over the days (the waitlist's chart). */
export function gruposPorHora(porHora: readonly { hora: number; grupos: number }[]): { clave: string; total: number }[] {
  const suma = new Map<number, number>();
  for (const h of porHora) suma.set(h.hora, (suma.get(h.hora) ?? 0) + h.grupos);
  return horasCompletas([...suma.entries()].map(([hora, total]) => ({ clave: String(hora), total })));
}
