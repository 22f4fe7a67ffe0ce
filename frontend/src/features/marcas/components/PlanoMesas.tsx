// The plan editor of a branch's tables: each table drawn where it stands in the room, dragged with
// the pointer (or moved with the arrow keys once focused) to its place; the position is kept in
// percent of the plan, so the floor draws it the same at any width. Saved with the tables' list.
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { posicionEnPlano } from '@/modulos/salon/plano';
import type { FilaMesa } from '../sucursal';

const posicionDe = (f: FilaMesa, i: number) => posicionEnPlano(f.x, f.y, i);

const limitar = (v: number) => Math.max(0, Math.min(100, Math.round(v)));

export function PlanoMesas({
  filas,
  editable,
  alMover,
}: {
  filas: readonly FilaMesa[];
  editable: boolean;
  alMover: (i: number, x: number, y: number) => void;
}) {
  const plano = useRef<HTMLDivElement>(null);
  const arrastre = useRef<{ i: number; id: number } | null>(null);

  function mover(e: PointerEvent<HTMLButtonElement>) {
    const a = arrastre.current;
    const caja = plano.current?.getBoundingClientRect();
    if (!a || a.id !== e.pointerId || !caja) return;
    alMover(a.i, limitar(((e.clientX - caja.left) / caja.width) * 100), limitar(((e.clientY - caja.top) / caja.height) * 100));
  }

  function teclas(e: KeyboardEvent<HTMLButtonElement>, i: number) {
    const paso = e.shiftKey ? 5 : 1;
    const delta: Record<string, [number, number]> = { ArrowLeft: [-paso, 0], ArrowRight: [paso, 0], ArrowUp: [0, -paso], ArrowDown: [0, paso] };
    const d = delta[e.key];
    const fila = filas[i];
    if (!d || !fila || !editable) return;
    e.preventDefault();
    const { x, y } = posicionDe(fila, i);
    alMover(i, limitar(x + d[0]), limitar(y + d[1]));
  }

  return (
    <div className="mt-4">
      <p className="mb-2 text-sm text-stone-600">
        {editable ? 'Arrastra cada mesa a su lugar en el salón (o elígela y muévela con las flechas). Se guarda con «Guardar».' : 'Así se ve el salón.'}
      </p>
      <div className="overflow-x-auto">
        <div ref={plano} data-testid="plano-mesas" className="relative h-[26rem] min-w-[40rem] touch-none rounded-xl bg-stone-50 ring-1 ring-stone-200">
          {filas.map((f, i) => {
            const { x, y } = posicionDe(f, i);
            const lado = (f.asientos ?? 4) <= 2 ? 52 : (f.asientos ?? 4) <= 4 ? 60 : 72;
            return (
              <button
                key={i}
                type="button"
                data-plano-mesa={f.numero ?? ''}
                aria-label={`Mesa ${f.numero ?? ''} en el plano: ${x}% a lo ancho, ${y}% a lo alto`}
                disabled={!editable}
                onPointerDown={(e) => {
                  if (!editable) return;
                  e.currentTarget.setPointerCapture(e.pointerId);
                  arrastre.current = { i, id: e.pointerId };
                }}
                onPointerMove={mover}
                onPointerUp={() => (arrastre.current = null)}
                onPointerCancel={() => (arrastre.current = null)}
                onKeyDown={(e) => teclas(e, i)}
                className={`absolute flex -translate-x-1/2 -translate-y-1/2 cursor-grab flex-col items-center justify-center bg-white text-stone-800 shadow-sm ring-2 ring-stone-400 select-none focus:outline-none focus-visible:ring-4 focus-visible:ring-primary-600 active:cursor-grabbing disabled:cursor-default ${f.forma === 'redonda' ? 'rounded-full' : 'rounded-lg'}`}
                style={{ left: `${x}%`, top: `${y}%`, width: (f.asientos ?? 4) > 6 ? lado * 1.6 : lado, height: lado }}
              >
                <span className="text-base leading-none font-bold tabular-nums">{f.numero ?? '?'}</span>
                <span className="text-[11px] leading-tight text-stone-500">{f.area}</span>
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
}
