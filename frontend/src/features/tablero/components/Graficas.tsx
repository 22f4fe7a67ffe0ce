// Small hand-written SVG charts: bars, lines and stacked bars. The SVG scales to its box; the
// numbers are also in each element's <title> for screen readers and tooltips.
import { centroX, escalaY, marcas, techoBonito, trazo } from '../escala';

export const COLORES = ['#9f1239', '#d97706', '#0f766e', '#4f46e5', '#65a30d', '#db2777', '#0284c7', '#78716c'];

/** The colour of slot `i`, cycling through the palette. */
export const color = (i: number): string => COLORES[i % COLORES.length] ?? '#78716c';

const ANCHO = 600;
const ALTO = 180;
const IZQ = 34;
const ABAJO = 22;
const ARRIBA = 8;

function Ejes({ techo, formato }: { techo: number; formato: (n: number) => string }) {
  const alto = ALTO - ABAJO - ARRIBA;
  return (
    <g aria-hidden>
      {marcas(techo).map((m) => {
        const y = ARRIBA + escalaY(m, techo, alto);
        return (
          <g key={m}>
            <line x1={IZQ} x2={ANCHO} y1={y} y2={y} stroke="#e7e5e4" strokeWidth={1} />
            <text x={IZQ - 6} y={y + 4} textAnchor="end" fontSize={11} fill="#78716c">
              {formato(m)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** Labels under the slots, thinned so they never overlap (every `cada`-th). */
function EtiquetasX({ etiquetas }: { etiquetas: readonly string[] }) {
  // Ten short labels fit across ("13" … "22"), seven dates ("27, nov").
  const caben = Math.max(0, ...etiquetas.map((e) => e.length)) > 4 ? 7 : 10;
  const cada = Math.max(1, Math.ceil(etiquetas.length / caben));
  const ancho = ANCHO - IZQ;
  const ultima = etiquetas.length - 1;
  // Counted back from the last, so the last is always shown and never crowds the one before; at
  // the edges a label stands inside the chart.
  return (
    <g aria-hidden>
      {etiquetas.map((e, i) =>
        (ultima - i) % cada === 0 ? (
          <text
            key={i}
            x={IZQ + centroX(i, etiquetas.length, ancho)}
            y={ALTO - 6}
            textAnchor={cada > 1 && i === ultima ? 'end' : cada > 1 && i === 0 ? 'start' : 'middle'}
            fontSize={11}
            fill="#78716c"
          >
            {e}
          </text>
        ) : null,
      )}
    </g>
  );
}

const entero = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** Vertical bars, one per key. */
export function Barras({ datos, titulo, color = '#9f1239' }: { datos: readonly { clave: string; total: number }[]; titulo: string; color?: string }) {
  const techo = techoBonito(Math.max(0, ...datos.map((d) => d.total)));
  const ancho = ANCHO - IZQ;
  const alto = ALTO - ABAJO - ARRIBA;
  const banda = datos.length ? ancho / datos.length : 0;
  return (
    <svg viewBox={`0 0 ${ANCHO} ${ALTO}`} role="img" aria-label={titulo} data-grafica="barras" className="h-auto w-full">
      <Ejes techo={techo} formato={entero} />
      {datos.map((d, i) => {
        const y = ARRIBA + escalaY(d.total, techo, alto);
        return (
          <rect key={d.clave} x={IZQ + i * banda + banda * 0.18} width={banda * 0.64} y={y} height={ARRIBA + alto - y} rx={3} fill={color}>
            <title>{`${d.clave}: ${d.total}`}</title>
          </rect>
        );
      })}
      <EtiquetasX etiquetas={datos.map((d) => d.clave)} />
    </svg>
  );
}

export interface Serie {
  nombre: string;
  valores: readonly (number | null)[];
  color: string;
}

/** One line per series over the same days; a null value breaks the line. */
export function Lineas({
  series,
  etiquetas,
  titulo,
  techoFijo,
  formato = entero,
}: {
  series: readonly Serie[];
  etiquetas: readonly string[];
  titulo: string;
  techoFijo?: number;
  formato?: (n: number) => string;
}) {
  const max = Math.max(0, ...series.flatMap((s) => s.valores.filter((v): v is number => v !== null)));
  const techo = techoFijo ?? techoBonito(max);
  const ancho = ANCHO - IZQ;
  const alto = ALTO - ABAJO - ARRIBA;
  return (
    <svg viewBox={`0 0 ${ANCHO} ${ALTO}`} role="img" aria-label={titulo} data-grafica="lineas" className="h-auto w-full">
      <Ejes techo={techo} formato={formato} />
      <g transform={`translate(${IZQ} ${ARRIBA})`}>
        {series.map((s) => (
          <g key={s.nombre}>
            <path d={trazo(s.valores, techo, ancho, alto)} fill="none" stroke={s.color} strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" />
            {s.valores.map((v, i) =>
              v === null ? null : (
                <circle key={i} cx={centroX(i, s.valores.length, ancho)} cy={escalaY(v, techo, alto)} r={2.5} fill={s.color}>
                  <title>{`${etiquetas[i] ?? ''} · ${s.nombre}: ${formato(v)}`}</title>
                </circle>
              ),
            )}
          </g>
        ))}
      </g>
      <EtiquetasX etiquetas={etiquetas} />
    </svg>
  );
}

/** Stacked bars: per day, one segment per key, in the order of `claves`. */
export function Apiladas({
  dias,
  claves,
  etiquetas,
  titulo,
  colorDe,
  nombreDe = (clave) => clave,
}: {
  dias: readonly (readonly { clave: string; total: number }[])[];
  claves: readonly string[];
  etiquetas: readonly string[];
  titulo: string;
  /** Each key's colour (an origin's own) and the name it reads as. */
  colorDe: (clave: string) => string;
  nombreDe?: (clave: string) => string;
}) {
  const totales = dias.map((d) => d.reduce((s, c) => s + c.total, 0));
  const techo = techoBonito(Math.max(0, ...totales));
  const ancho = ANCHO - IZQ;
  const alto = ALTO - ABAJO - ARRIBA;
  const banda = dias.length ? ancho / dias.length : 0;
  return (
    <svg viewBox={`0 0 ${ANCHO} ${ALTO}`} role="img" aria-label={titulo} data-grafica="apiladas" className="h-auto w-full">
      <Ejes techo={techo} formato={entero} />
      {dias.map((dia, i) => {
        let base = 0;
        return claves.map((clave) => {
          const total = dia.find((c) => c.clave === clave)?.total ?? 0;
          if (total === 0) return null;
          const y0 = ARRIBA + escalaY(base, techo, alto);
          base += total;
          const y1 = ARRIBA + escalaY(base, techo, alto);
          return (
            <rect key={`${i}-${clave}`} x={IZQ + i * banda + banda * 0.15} width={banda * 0.7} y={y1} height={y0 - y1} fill={colorDe(clave)} data-clave={clave}>
              <title>{`${etiquetas[i] ?? ''} · ${nombreDe(clave)}: ${total}`}</title>
            </rect>
          );
        });
      })}
      <EtiquetasX etiquetas={etiquetas} />
    </svg>
  );
}

/** A legend of coloured keys. */
export function Leyenda({ elementos }: { elementos: readonly { nombre: string; color: string }[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-600">
      {elementos.map((e) => (
        <li key={e.nombre} className="inline-flex items-center gap-1.5">
          <span aria-hidden className="size-2.5 rounded-sm" style={{ backgroundColor: e.color }} />
          {e.nombre}
        </li>
      ))}
    </ul>
  );
}
