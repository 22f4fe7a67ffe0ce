// What a manager must know before promising guests a message: which channel this server lacks,
// in plain words, and who can set it up.
import { ExclamationTriangleIcon } from '@heroicons/react/20/solid';
import { useCanales } from '../api/get-canales';
import type { Esquema } from '@/lib/api-client';

/** One sentence per channel that is not set up; none when every channel is. */
export function avisosDeCanales(c: Esquema<'Canales'>): string[] {
  const avisos: string[] = [];
  if (!c.correo) {
    avisos.push(
      'El correo no está configurado en este servidor: las confirmaciones y los recordatorios por correo no se envían. Quien administra el servidor lo configura (ANFITRION_SMTP_URL).',
    );
  }
  if (!c.telefono) {
    avisos.push(
      'Los mensajes a teléfonos (SMS o WhatsApp) no están configurados: en la lista de espera «Avisar» se vuelve «Llamar», y los recordatorios no van al teléfono.',
    );
  }
  if (!c.enlaces) {
    avisos.push(
      'Falta la dirección pública de las páginas de reservación: no se envían confirmaciones ni recordatorios, porque sus enlaces no llevarían a ningún lado. Quien administra el servidor la configura (ANFITRION_URL_PUBLICA).',
    );
  }
  return avisos;
}

/** The notice, once the server said what it has; nothing while it is read or when all is set up. */
export function AvisoCanales() {
  const canales = useCanales();
  const avisos = canales.data ? avisosDeCanales(canales.data) : [];
  if (avisos.length === 0) return null;
  return (
    <div role="status" data-testid="aviso-canales" className="flex gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
      <ExclamationTriangleIcon aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-500" />
      <ul className="space-y-1">
        {avisos.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
    </div>
  );
}
