import { EnvelopeIcon } from '@heroicons/react/24/outline';
import { haceCuanto } from '@/lib/formato';
import type { Esquema } from '@/lib/api-client';
import { useCorreos } from '../api/get-correos';

const TIPOS: Record<string, string> = { confirmacion: 'Confirmación', verificacion: 'Verificación' };

function Estado({ correo }: { correo: Esquema<'CorreoReservacion'> }) {
  return correo.estado === 'fallido' ? (
    <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200">Fallido</span>
  ) : (
    <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200">Pendiente</span>
  );
}

/**
 * The reservation's e-mails that have not gone out (the outbox): pending ones wait for
 * the mail job, failed ones say why. Nothing shows while all went out, or for a role that may not
 * see them.
 */
export function CorreosReservacion({ id }: { id: string }) {
  const consulta = useCorreos(id);
  const sinEnviar = consulta.data?.filter((c) => c.estado !== 'enviado') ?? [];
  if (sinEnviar.length === 0) return null;
  return (
    <section aria-labelledby="titulo-correos" className="mt-1 rounded-xl bg-stone-50 px-4 py-3" data-testid="correos-reservacion">
      <h3 id="titulo-correos" className="flex items-center gap-2 text-xs font-medium tracking-wide text-stone-500 uppercase">
        <EnvelopeIcon aria-hidden className="size-4" />
        Correos sin enviar
      </h3>
      <ul className="mt-2 divide-y divide-stone-200/70">
        {sinEnviar.map((c) => (
          <li key={c._id} className="py-2 text-sm" data-correo={c._id} data-estado-correo={c.estado}>
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-medium text-stone-900">{TIPOS[c.tipo] ?? c.tipo}</span>
              <Estado correo={c} />
              {c.destinatario && <span className="min-w-0 truncate text-stone-600">{c.destinatario}</span>}
            </div>
            <p className="mt-0.5 text-xs text-stone-500">
              {c.intentos === 0 ? 'Sin intentos todavía' : c.intentos === 1 ? '1 intento' : `${c.intentos} intentos`} · creado{' '}
              {haceCuanto(c.creado_en)}
            </p>
            {c.ultimo_error && <p className="mt-0.5 text-xs break-words text-red-800">{c.ultimo_error}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
