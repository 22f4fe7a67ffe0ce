import { EVENTOS } from '@/lib/eventos';
import { PAISES, paisPorIso } from '@/lib/paises';
import type { Evento } from '@/lib/wasm';
import { entrada, etiqueta } from './estilos';
import type { Contacto } from './use-envio';

/** Who books: name, e-mail, phone with its country, the event and comments. */
export function CamposContacto({
  id,
  contacto,
  cambiar,
  invalido,
  incrustado,
}: {
  /** The form's id prefix for the boxes' ids. */
  id: string;
  contacto: Contacto;
  cambiar: <K extends keyof Contacto>(campo: K, valor: Contacto[K]) => void;
  invalido: (campo: string) => true | undefined;
  incrustado: boolean;
}) {
  const { name, email, pais, local, evento, comentarios } = contacto;
  const codigo = paisPorIso(pais).codigo;
  return (
    <fieldset className="min-w-0 space-y-4">
      <legend className="sr-only">Tus datos</legend>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-name`} className={etiqueta}>
          Nombre
        </label>
        <input
          id={`${id}-name`}
          name="name"
          autoComplete="name"
          value={name}
          aria-invalid={invalido('name')}
          onChange={(e) => cambiar('name', e.target.value)}
          className={entrada}
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-email`} className={etiqueta}>
          Correo electrónico
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          aria-invalid={invalido('email')}
          onChange={(e) => cambiar('email', e.target.value)}
          className={entrada}
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-phone`} className={etiqueta}>
          Teléfono
        </label>
        <div className="flex gap-2">
          {/* The country's code shows; the native list (every country, by name) opens on it. */}
          <div className="relative flex shrink-0 items-center gap-1 rounded-lg bg-stone-50 px-3 text-sm font-semibold text-stone-800 shadow-sm ring-1 ring-stone-300 ring-inset focus-within:ring-2 focus-within:ring-primary-600">
            <span aria-hidden className="text-xs text-stone-500">
              {pais}
            </span>
            <span aria-hidden className="tabular-nums" data-campo="codigo-pais">
              +{codigo}
            </span>
            <span aria-hidden className="text-stone-400">
              ▾
            </span>
            <select
              aria-label={`País: ${paisPorIso(pais).nombre} (+${codigo})`}
              name="pais"
              value={pais}
              onChange={(e) => cambiar('pais', e.target.value)}
              className="absolute inset-0 size-full cursor-pointer opacity-0"
            >
              {PAISES.map((p) => (
                <option key={p.iso} value={p.iso}>
                  {p.nombre} (+{p.codigo})
                </option>
              ))}
            </select>
          </div>
          <input
            id={`${id}-phone`}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={local}
            aria-invalid={invalido('phone')}
            onChange={(e) => cambiar('local', e.target.value)}
            className={`${entrada} min-w-0 flex-1 tabular-nums`}
          />
        </div>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-evento`} className={etiqueta}>
          Evento
        </label>
        <select id={`${id}-evento`} name="evento" value={evento} onChange={(e) => cambiar('evento', e.target.value as Evento)} className={entrada}>
          {EVENTOS.map((ev) => (
            <option key={ev} value={ev}>
              {ev}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-comentarios`} className={etiqueta}>
          Comentarios <span className="font-normal text-stone-500">(opcional)</span>
        </label>
        <textarea
          id={`${id}-comentarios`}
          name="comentarios"
          rows={incrustado ? 2 : 3}
          value={comentarios}
          aria-invalid={invalido('comentarios')}
          onChange={(e) => cambiar('comentarios', e.target.value)}
          className={entrada}
        />
      </div>
    </fieldset>
  );
}
