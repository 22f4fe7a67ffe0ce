import { horaCorta } from '@/lib/formato';
import { tramosDelDia, type TramoDia } from '@/lib/wasm';

/** Minutes from midnight of an `HH:MM` (`24:00` is the end of the day). */
function minutos(hhmm: string): number {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

/** What a stretch of the day means for the host, in the words of the order step. */
function descripcion(t: TramoDia): { texto: string; color: string } {
  if (t.servido === null) return { texto: 'Sin buffet · las comandas empiezan en regular', color: 'bg-stone-200' };
  if (t.servido === 'Promo') return { texto: 'Buffet de promoción · comandas en promoción', color: 'bg-primary-600' };
  if (t.comanda === 'Promo') return { texto: 'Buffet regular · las comandas nuevas empiezan en promoción (corte de la tarde)', color: 'bg-amber-400' };
  return { texto: 'Buffet regular · comandas regulares', color: 'bg-emerald-500' };
}

/**
 * The day as the three hours above make it (core's `ReglasHorario::tramos`): a bar from 00:00 to
 * 24:00 and a line per stretch, so the pair of the late cutoff and the promo start is read before
 * it is saved. Hours out of order show core's refusal instead, under the box it names.
 */
export function LineaDelDia({ inicio_regular, inicio_promo, corte_tarde }: { inicio_regular: string; inicio_promo: string; corte_tarde: string }) {
  const tramos = tramosDelDia({ zona: null, inicio_regular, inicio_promo, corte_tarde });
  if ('error' in tramos) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200" data-testid="linea-del-dia-error" data-campo={tramos.error.campo ?? undefined}>
        {tramos.error.mensaje}
      </p>
    );
  }
  return (
    <figure className="space-y-2" data-testid="linea-del-dia" aria-label="El día con estos horarios">
      <div className="flex h-3 overflow-hidden rounded-full ring-1 ring-stone-200" aria-hidden>
        {tramos.ok.map((t) => (
          <div key={t.desde} className={descripcion(t).color} style={{ width: `${((minutos(t.hasta) - minutos(t.desde)) / 1440) * 100}%` }} />
        ))}
      </div>
      <ul className="space-y-1 text-sm text-stone-700">
        {tramos.ok.map((t) => {
          const d = descripcion(t);
          return (
            <li key={t.desde} className="flex items-baseline gap-2" data-tramo={`${t.desde}-${t.hasta}`}>
              <span aria-hidden className={`inline-block size-2.5 shrink-0 translate-y-px rounded-full ${d.color}`} />
              <span className="w-44 shrink-0 font-medium whitespace-nowrap tabular-nums text-stone-900">
                {horaCorta(t.desde)}–{horaCorta(t.hasta)}
              </span>
              <span>{d.texto}</span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
