import { CheckCircleIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Buscador } from '@/components/ui/Buscador';
import { Dialogo } from '@/components/ui/Dialogo';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { tienePermiso } from '@/lib/session';
import { useDiferido } from '@/lib/use-diferido';
import { useSesion } from '@/lib/use-session';
import { useEscribirCliente } from '../api/escribir-cliente';
import { useCliente } from '../api/get-cliente';
import { useClientes } from '../api/get-clientes';
import { ultimaVisita } from '@/lib/formato';
import { avisoFusion, candidatosFusion, faseBusqueda, mismoNombre, telefonoCliente, textoVisitas, vino } from '../visitas';
import type { Esquema } from '@/lib/api-client';

const CANDIDATOS = 8;

/**
 * One of the two records of one name, with what sets it apart: its e-mail, phone (to those who
 * see a guest's contact) and visits (every visit to the caller's branches, as its page counts them).
 */
function Registro({
  rol,
  titulo,
  cliente,
  visitas,
  contacto,
}: {
  rol: 'destino' | 'duplicado';
  titulo: string;
  cliente: Pick<Esquema<'ClienteResumen'>, 'name' | 'email' | 'phone'>;
  visitas: number | null;
  contacto: boolean;
}) {
  return (
    <li className="min-w-0 rounded-lg bg-stone-50 px-3 py-2.5 ring-1 ring-stone-200" data-registro={rol}>
      <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{titulo}</p>
      <p className="truncate font-medium text-stone-900">{cliente.name}</p>
      {contacto && (
        <>
          <p className="truncate text-sm text-stone-700" data-campo="email" title={cliente.email ?? undefined}>
            {cliente.email ?? 'Sin correo'}
          </p>
          <p className="text-sm text-stone-700" data-campo="telefono">
            {cliente.phone ? telefonoCliente(cliente.phone).texto : 'Sin teléfono'}
          </p>
        </>
      )}
      {visitas === null ? (
        <Esqueleto className="mt-1 h-4 w-20" />
      ) : (
        <p className="text-sm text-stone-600 tabular-nums" data-campo="visitas">
          {textoVisitas(visitas)}
        </p>
      )}
    </li>
  );
}

/**
 * Merges a duplicate into this client: search the other record, pick it, read what will happen,
 * confirm. The duplicate's visits move here and the duplicate goes away. Two records of one name
 * are shown side by side, each with its contact and visits, so the right one is kept.
 */
export function FusionarDialogo({ cliente, alCerrar }: { cliente: Esquema<'ClienteDetalle'>; alCerrar: () => void }) {
  const { usuario } = useSesion();
  const [texto, setTexto] = useState('');
  const q = useDiferido(texto, 300);
  const [elegido, setElegido] = useState<Esquema<'ClienteResumen'> | null>(null);
  const busqueda = useClientes(q, 1, CANDIDATOS + 1, q.trim() !== '');
  const fusionar = useEscribirCliente();
  const candidatos = candidatosFusion(busqueda.data?.items ?? [], cliente._id).slice(0, CANDIDATOS);
  // "Ningún otro cliente coincide" speaks of the text as typed, once its own answer is here.
  const fase = faseBusqueda(texto, q, { llego: busqueda.data !== undefined, anterior: busqueda.isPlaceholderData });
  const homonimo = elegido !== null && mismoNombre(elegido.name, cliente.name);
  // The duplicate's visits as its own page counts them (the search counts this branch's only);
  // not read again once the merge is on its way (the record is going).
  const detalleElegido = useCliente(homonimo ? elegido._id : '', !fusionar.isPending && !fusionar.isSuccess);
  const visitasElegido = detalleElegido.data ? detalleElegido.data.visitas.filter(vino).length : detalleElegido.isError && elegido ? elegido.visitas : null;

  return (
    <Dialogo
      abierto
      alCerrar={alCerrar}
      titulo={`Fusionar un duplicado en ${cliente.name}`}
      descripcion={
        elegido ? (
          avisoFusion(elegido, cliente.name)
        ) : (
          'Busca el otro registro del mismo cliente (por nombre, correo o teléfono).'
        )
      }
      ancho="sm:max-w-lg"
      acciones={
        elegido ? (
          <>
            <Button variante="secundario" onClick={() => setElegido(null)} disabled={fusionar.isPending}>
              Elegir otro
            </Button>
            <Button variante="peligro" cargando={fusionar.isPending} onClick={() => fusionar.mutate({ tipo: 'fusionar', id: cliente._id, duplicado: elegido._id }, { onSuccess: alCerrar })}>
              Fusionar
            </Button>
          </>
        ) : (
          <Button variante="secundario" onClick={alCerrar}>
            Cancelar
          </Button>
        )
      }
    >
      {!elegido && (
        <div className="space-y-3">
          <Buscador etiqueta="Buscar el duplicado" placeholder="Nombre, correo o teléfono" valor={texto} alCambiar={setTexto} buscando={busqueda.isFetching} />
          <ul
            className="max-h-72 divide-y divide-stone-100 overflow-y-auto rounded-lg ring-1 ring-stone-200"
            aria-label="Clientes encontrados"
            aria-busy={fase === 'pendiente'}
            data-fase={fase}
          >
            {fase === 'vacia' && <li className="px-3 py-6 text-center text-sm text-stone-500">Escribe para buscar.</li>}
            {fase === 'pendiente' && candidatos.length === 0 && (
              <li className="px-3 py-3">
                <Esqueleto className="h-10 w-full" />
              </li>
            )}
            {fase === 'respondida' && candidatos.length === 0 && <li className="px-3 py-6 text-center text-sm text-stone-500">Ningún otro cliente coincide.</li>}
            {fase !== 'vacia' &&
              candidatos.map((c) => (
                <li key={c._id} className={fase === 'pendiente' ? 'opacity-60' : undefined}>
                  <button type="button" onClick={() => setElegido(c)} className="flex w-full items-center justify-between gap-3 px-3 py-2.5 text-left hover:bg-stone-50 focus:outline-none focus-visible:bg-primary-50">
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-stone-900">{c.name}</span>
                      <span className="block truncate text-xs text-stone-500">
                        {[c.email, c.phone ? telefonoCliente(c.phone).texto : null].filter(Boolean).join(' · ') || `Última visita ${ultimaVisita(c.ultima_visita)}`}
                      </span>
                    </span>
                    <span className="shrink-0 text-xs text-stone-500 tabular-nums">{textoVisitas(c.visitas)}</span>
                  </button>
                </li>
              ))}
          </ul>
        </div>
      )}
      {elegido && homonimo && (
        <ul className="grid gap-2 sm:grid-cols-2" aria-label="Los dos registros">
          <Registro
            rol="destino"
            titulo="Se queda"
            cliente={cliente}
            visitas={cliente.visitas.filter(vino).length}
            contacto={tienePermiso(usuario, 'reservacion.client')}
          />
          <Registro
            rol="duplicado"
            titulo="Se fusiona y desaparece"
            cliente={elegido}
            visitas={visitasElegido}
            contacto={tienePermiso(usuario, 'reservacion.client')}
          />
        </ul>
      )}
      {elegido && !homonimo && (
        <p className="flex items-center gap-2 rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-700 ring-1 ring-stone-200">
          <CheckCircleIcon aria-hidden className="size-5 text-primary-700" />
          Duplicado elegido: <strong className="truncate">{elegido.name}</strong>
        </p>
      )}
    </Dialogo>
  );
}
