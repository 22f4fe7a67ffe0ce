import { CheckCircleIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Buscador } from '@/components/ui/Buscador';
import { Dialogo } from '@/components/ui/Dialogo';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { useDiferido } from '@/lib/use-diferido';
import type { ClienteDetalle, ClienteResumen } from '@/types/api';
import { useEscribirCliente } from '../api/escribir-cliente';
import { useClientes } from '../api/get-clientes';
import { ultimaVisita } from '@/lib/fechas';
import { avisoFusion, candidatosFusion, telefonoCliente, textoVisitas } from '../visitas';

const CANDIDATOS = 8;

/**
 * Merges a duplicate into this client: search the other record, pick it, read what will happen,
 * confirm. The duplicate's visits move here and the duplicate goes away.
 */
export function FusionarDialogo({ cliente, alCerrar }: { cliente: ClienteDetalle; alCerrar: () => void }) {
  const [texto, setTexto] = useState('');
  const q = useDiferido(texto, 300);
  const [elegido, setElegido] = useState<ClienteResumen | null>(null);
  const busqueda = useClientes(q, 1, CANDIDATOS + 1, q.trim() !== '');
  const fusionar = useEscribirCliente();
  const candidatos = candidatosFusion(busqueda.data?.items ?? [], cliente._id).slice(0, CANDIDATOS);

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
          <ul className="max-h-72 divide-y divide-stone-100 overflow-y-auto rounded-lg ring-1 ring-stone-200" aria-label="Clientes encontrados">
            {q.trim() === '' && <li className="px-3 py-6 text-center text-sm text-stone-500">Escribe para buscar.</li>}
            {q.trim() !== '' && busqueda.isPending && (
              <li className="px-3 py-3">
                <Esqueleto className="h-10 w-full" />
              </li>
            )}
            {q.trim() !== '' && busqueda.data && candidatos.length === 0 && <li className="px-3 py-6 text-center text-sm text-stone-500">Ningún otro cliente coincide.</li>}
            {q.trim() !== '' &&
              candidatos.map((c) => (
                <li key={c._id}>
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
      {elegido && (
        <p className="flex items-center gap-2 rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-700 ring-1 ring-stone-200">
          <CheckCircleIcon aria-hidden className="size-5 text-primary-700" />
          Duplicado elegido: <strong className="truncate">{elegido.name}</strong>
        </p>
      )}
    </Dialogo>
  );
}
