import { CheckCircleIcon, ExclamationTriangleIcon, PencilSquareIcon, PlusIcon, PrinterIcon, TrashIcon } from '@heroicons/react/20/solid';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { CampoSelect, CampoTexto } from '@/components/ui/Campo';
import { Confirmacion } from '@/components/ui/Confirmacion';
import { AccionesGuardar, Dialogo } from '@/components/ui/Dialogo';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { alRechazar, iguales, MensajeCampo, Seccion, TABLA } from '@/components/ui/formulario';
import { Insignia } from '@/components/ui/Insignia';
import { Interruptor } from '@/components/ui/Interruptor';
import { BotonIcono } from '@/components/ui/PantallaAdmin';
import { ApiError, type Esquema } from '@/lib/api-client';
import { paginasCodigos, validarImpresora } from '@/lib/wasm';
import { useEscribirImpresora, useImpresoras, useProbarImpresora } from '../api/impresoras';

/** What each printer prints, as the form names it. */
const IMPRIME: [Esquema<'DatosImpresora'>['imprime'], string][] = [
  ['ambos', 'Comanda y abre'],
  ['comanda', 'Comanda'],
  ['abre', 'Abre'],
];

const etiquetaImprime = (clave: string) => IMPRIME.find(([c]) => c === clave)?.[1] ?? clave;

/** The answer of the last test print of each printer. */
type ResultadoPrueba = { ok: boolean; mensaje: string };

/**
 * The branch's kitchen printers (ESC/POS over the network, port 9100): what each prints, its
 * paper and code page, and "Imprimir prueba", which says whether it answered. Without any, the
 * tickets print from the browser as always.
 */
export function Impresoras({ sucursal, editable }: { sucursal: string; editable: boolean }) {
  const impresoras = useImpresoras(sucursal);
  const escribir = useEscribirImpresora(sucursal);
  const probar = useProbarImpresora(sucursal);
  const [editando, setEditando] = useState<Esquema<'Impresora'> | 'nueva' | null>(null);
  const [borrando, setBorrando] = useState<Esquema<'Impresora'> | null>(null);
  const [pruebas, setPruebas] = useState<Record<string, ResultadoPrueba>>({});
  const lista = impresoras.data ?? [];
  const imprimirPrueba = (i: Esquema<'Impresora'>) => {
    setPruebas((p) => {
      const { [i._id]: _, ...resto } = p;
      return resto;
    });
    probar.mutate(i._id, {
      onSuccess: ({ message }) => setPruebas((p) => ({ ...p, [i._id]: { ok: true, mensaje: message } })),
      onError: (e) => setPruebas((p) => ({ ...p, [i._id]: { ok: false, mensaje: e instanceof ApiError ? e.message : 'La impresora no respondió' } })),
    });
  };
  return (
    <Seccion
      titulo="Impresoras"
      descripcion="Comandas y abres directo a las impresoras de la sucursal, sin diálogo de impresión."
      acciones={
        editable && (
          <Button variante="secundario" className="py-1.5" onClick={() => setEditando('nueva')}>
            <PlusIcon aria-hidden className="size-4" />
            Agregar impresora
          </Button>
        )
      }
    >
      {impresoras.isPending ? (
        <Esqueleto className="h-16 w-full rounded-lg" />
      ) : lista.length === 0 ? (
        <p className="py-6 text-center text-sm text-stone-500">Sin impresoras: los tickets se imprimen desde el navegador.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[640px] text-sm" aria-label="Impresoras">
            <thead>
              <tr>
                <th scope="col" className={`${TABLA.th} pl-0`}>Nombre</th>
                <th scope="col" className={TABLA.th}>Dirección</th>
                <th scope="col" className={TABLA.th}>Imprime</th>
                <th scope="col" className={TABLA.th}>Papel</th>
                <th scope="col" className={TABLA.th}><span className="sr-only">Acciones</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {lista.map((i) => {
                const prueba = pruebas[i._id];
                return (
                  <tr key={i._id} data-impresora={i.name} className="align-top">
                    <td className="py-2 pr-2 font-medium text-stone-900">
                      {i.name}
                      {!i.activa && <Insignia className="ml-2">Inactiva</Insignia>}
                      {prueba && (
                        <p role="status" data-prueba={prueba.ok ? 'ok' : 'fallo'} className={`mt-1 flex items-start gap-1 text-xs font-normal ${prueba.ok ? 'text-emerald-800' : 'text-red-700'}`}>
                          {prueba.ok ? <CheckCircleIcon aria-hidden className="mt-px size-4 shrink-0" /> : <ExclamationTriangleIcon aria-hidden className="mt-px size-4 shrink-0" />}
                          {prueba.mensaje}
                        </p>
                      )}
                    </td>
                    <td className="px-2 py-2 font-mono text-xs text-stone-700">{i.direccion}</td>
                    <td className="px-2 py-2 text-stone-700">{etiquetaImprime(i.imprime)}</td>
                    <td className="px-2 py-2 whitespace-nowrap text-stone-700">{i.ancho} mm</td>
                    <td className="py-1.5">
                      <div className="flex items-center justify-end gap-1">
                        <Button variante="secundario" className="min-h-9 px-2.5 py-1 text-xs" cargando={probar.isPending && probar.variables === i._id} onClick={() => imprimirPrueba(i)} disabled={!editable}>
                          <PrinterIcon aria-hidden className="size-4" />
                          Imprimir prueba
                        </Button>
                        {editable && (
                          <>
                            <BotonIcono icono={PencilSquareIcon} titulo="Editar" etiqueta={`Editar ${i.name}`} alPulsar={() => setEditando(i)} />
                            <BotonIcono icono={TrashIcon} peligro titulo="Quitar" etiqueta={`Quitar ${i.name}`} alPulsar={() => setBorrando(i)} />
                          </>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {editando && <ImpresoraDialogo sucursal={sucursal} impresora={editando === 'nueva' ? null : editando} alCerrar={() => setEditando(null)} />}
      {borrando && (
        <Confirmacion
          abierto
          alCerrar={() => setBorrando(null)}
          alConfirmar={() => escribir.mutate({ tipo: 'borrar', id: borrando._id }, { onSuccess: () => setBorrando(null) })}
          titulo={`Quitar ${borrando.name}`}
          descripcion="Los tickets que esperaban en esta impresora se descartan; las comandas nuevas irán a las demás impresoras o al navegador."
          confirmar="Quitar impresora"
          cargando={escribir.isPending}
        />
      )}
    </Seccion>
  );
}

type Campo = keyof Esquema<'DatosImpresora'>;

const limpio = (d: Esquema<'DatosImpresora'>): Esquema<'DatosImpresora'> => ({ ...d, name: d.name.trim(), direccion: d.direccion.trim() });

function ImpresoraDialogo({ sucursal, impresora, alCerrar }: { sucursal: string; impresora: Esquema<'Impresora'> | null; alCerrar: () => void }) {
  const inicial: Esquema<'DatosImpresora'> = {
    name: impresora?.name ?? '',
    direccion: impresora?.direccion ?? '',
    ancho: impresora?.ancho ?? 80,
    pagina: impresora?.pagina ?? 'cp858',
    imprime: (impresora?.imprime as Esquema<'DatosImpresora'>['imprime']) ?? 'ambos',
    activa: impresora?.activa ?? true,
  };
  const [f, setF] = useState<Esquema<'DatosImpresora'>>(inicial);
  const [errores, setErrores] = useState<Partial<Record<Campo, string>>>({});
  const escribir = useEscribirImpresora(sucursal);
  const sinCambios = impresora !== null && iguales(limpio(f), limpio(inicial));
  const incompleto = !f.name.trim() || !f.direccion.trim();
  const poner = <K extends Campo>(campo: K, valor: Esquema<'DatosImpresora'>[K]) => {
    setF((a) => ({ ...a, [campo]: valor }));
    setErrores({});
  };
  const guardar = (e?: FormEvent) => {
    e?.preventDefault();
    if (sinCambios || incompleto) return;
    const revision = validarImpresora(limpio(f));
    if ('error' in revision) {
      setErrores({ [(revision.error.campo as Campo | null) ?? 'direccion']: revision.error.mensaje });
      return;
    }
    const opciones = { onSuccess: alCerrar, onError: alRechazar(setErrores) };
    if (impresora) escribir.mutate({ tipo: 'editar', id: impresora._id, datos: limpio(f) }, opciones);
    else escribir.mutate({ tipo: 'crear', datos: limpio(f) }, opciones);
  };
  return (
    <Dialogo
      abierto
      alCerrar={alCerrar}
      sinGuardar={!iguales(limpio(f), limpio(inicial))}
      titulo={impresora ? `Editar ${impresora.name}` : 'Nueva impresora'}
      descripcion="Una impresora térmica ESC/POS en la red de la sucursal."
      ancho="sm:max-w-lg"
      acciones={
        <AccionesGuardar alCerrar={alCerrar} alGuardar={guardar} deshabilitado={sinCambios || incompleto} cargando={escribir.isPending}>
          {impresora ? 'Guardar' : 'Agregar impresora'}
        </AccionesGuardar>
      }
    >
      <form noValidate onSubmit={guardar} className="space-y-4" aria-label="Impresora">
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <CampoTexto etiqueta="Nombre" name="name" autoComplete="off" data-autofocus placeholder="Cocina" value={f.name} invalid={Boolean(errores.name)} onChange={(e) => poner('name', e.target.value)} />
            <MensajeCampo nombre="name" mensaje={errores.name} />
          </div>
          <div>
            <CampoTexto etiqueta="Dirección" name="direccion" autoComplete="off" spellCheck={false} placeholder="192.168.1.50:9100" aria-describedby={errores.direccion ? undefined : 'direccion-permitidas'} value={f.direccion} invalid={Boolean(errores.direccion)} onChange={(e) => poner('direccion', e.target.value)} />
            <MensajeCampo nombre="direccion" mensaje={errores.direccion} />
          </div>
        </div>
        {/* A refused address says the rule itself, under the field: the help would only repeat it. */}
        {!errores.direccion && (
          <p id="direccion-permitidas" className="text-xs text-stone-500">
            La IP o el nombre de la impresora, con su puerto. Nunca se permiten este mismo servidor (127.x.x.x, ::1, localhost), 0.0.0.0, 169.254.x.x ni direcciones de difusión o multidifusión; la red privada (10.x.x.x, 172.16–31.x.x, 192.168.x.x, 100.64–127.x.x, fc00::/7) solo si quien administra el servidor la permite.
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-3">
          <div>
            <CampoSelect etiqueta="Imprime" name="imprime" value={f.imprime} onChange={(e) => poner('imprime', e.target.value as Esquema<'DatosImpresora'>['imprime'])}>
              {IMPRIME.map(([c, t]) => (
                <option key={c} value={c}>
                  {t}
                </option>
              ))}
            </CampoSelect>
            <MensajeCampo nombre="imprime" mensaje={errores.imprime} />
          </div>
          <div>
            <CampoSelect etiqueta="Papel" name="ancho" value={String(f.ancho)} onChange={(e) => poner('ancho', Number(e.target.value))}>
              <option value="80">80 mm</option>
              <option value="58">58 mm</option>
            </CampoSelect>
            <MensajeCampo nombre="ancho" mensaje={errores.ancho} />
          </div>
          <div>
            <CampoSelect etiqueta="Página de códigos" name="pagina" value={f.pagina} onChange={(e) => poner('pagina', e.target.value)}>
              {paginasCodigos().map(([c, n]) => (
                <option key={c} value={c}>
                  {n}
                </option>
              ))}
            </CampoSelect>
            <MensajeCampo nombre="pagina" mensaje={errores.pagina} />
          </div>
        </div>
        <Interruptor etiqueta="Activa" descripcion="Inactiva, no recibe tickets nuevos." valor={f.activa ?? true} alCambiar={(v) => poner('activa', v)} />
        <button type="submit" hidden />
      </form>
    </Dialogo>
  );
}
