import { CakeIcon, PlusIcon, TrashIcon } from '@heroicons/react/20/solid';
import { useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { CampoSelect, CampoTexto } from '@/components/ui/Campo';
import { CampoNumero } from '@/components/ui/CampoNumero';
import { Paginacion } from '@/components/ui/Paginacion';
import { SiNo } from '@/components/ui/SiNo';
import { agregarPromo, eliminarPromo, mensajes, validarCantidadPromo, validarPromos, type PromoAplicada, type ReglaError } from '@/lib/wasm';
import { enterEnSelectEnvia } from '@/lib/teclado';
import { cerrarToast, toast } from '@/stores/toasts';
import { usePromocionesActivas } from '../api/get-promociones-activas';
import { paginar, pideFestejados, PROMOS_POR_PAGINA, type FormularioOrden } from '../orden';
import { enfocarCampo } from './FormularioComanda';

/** The default quantity of a promotion when picked. */
const CANTIDAD_INICIAL = 1;

function Dato({ etiqueta, children }: { etiqueta: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">{etiqueta}</dt>
      <dd className="truncate text-base font-semibold text-stone-900">{children}</dd>
    </div>
  );
}

/**
 * The abre step: the guest, party and table read-only; whether a promotion
 * applies; the picker (promotion, quantity, and the celebrants' names for a promotion whose
 * `pide_nombres` is on, and for the birthday one) and
 * the added promotions three a page. Every check is core's. The last button saves: a promotion
 * picked but not yet added is added first, so a host who forgot "Agregar" loses nothing.
 */
export function FormularioAbre({
  orden,
  alCambiar,
  alRegistrar,
  acciones,
}: {
  orden: FormularioOrden;
  alCambiar: (cambios: Partial<FormularioOrden>) => void;
  /** Called with the promotions to save once they pass core's rules. */
  alRegistrar: (promos: PromoAplicada[]) => void;
  acciones: ReactNode;
}) {
  const promos = usePromocionesActivas();
  const [aplica, setAplica] = useState(orden.listPromos.length > 0);
  const [promoId, setPromoId] = useState('');
  const [cantidad, setCantidad] = useState<number | null>(CANTIDAD_INICIAL);
  const [festejados, setFestejados] = useState('');
  const [pagina, setPagina] = useState(1);
  const formulario = useRef<HTMLFormElement>(null);
  // The picker's last refusal ("Escribe el nombre de los festejados", …) says what the picker
  // lacks: it goes once that is mended, not when its six seconds run out.
  const rechazo = useRef<{ id: number; codigo: string } | null>(null);

  const lista = orden.listPromos;
  const elegida = promos.data?.find((p) => p._id === promoId) ?? null;
  const conNombres = elegida ? pideFestejados(elegida) : false;
  const cantidadR = validarCantidadPromo(cantidad, orden.no_personas);
  const pag = paginar(lista, pagina, PROMOS_POR_PAGINA);

  /** Takes the picker's refusal down (all of them, or only one of `codigo`). */
  function retirarRechazo(codigo?: string) {
    if (!rechazo.current || (codigo && rechazo.current.codigo !== codigo)) return;
    cerrarToast(rechazo.current.id);
    rechazo.current = null;
  }

  function rechazar(error: ReglaError) {
    rechazo.current = { id: toast.error(error.mensaje), codigo: error.codigo };
    const campos: Record<string, string> = { promo: 'promo', qty: 'qty', field: 'field' };
    enfocarCampo(formulario.current, campos[error.campo ?? '']);
  }

  /** Adds what the picker holds; answers the new list, or null when core refused it. */
  function agregar(): PromoAplicada[] | null {
    const nueva: PromoAplicada | null = elegida
      ? { _id: elegida._id, name: elegida.name, qty: cantidad, field: conNombres ? festejados : null, pide_nombres: elegida.pide_nombres }
      : null;
    const r = agregarPromo(lista, nueva, orden.no_personas);
    if ('error' in r) {
      rechazar(r.error);
      return null;
    }
    alCambiar({ listPromos: r.ok });
    retirarRechazo();
    setPromoId('');
    setCantidad(CANTIDAD_INICIAL);
    setFestejados('');
    setPagina(Math.ceil(r.ok.length / PROMOS_POR_PAGINA));
    return r.ok;
  }

  function eliminar(id: string) {
    const r = eliminarPromo(lista, id);
    if ('error' in r) {
      toast.error(r.error.mensaje);
      return;
    }
    alCambiar({ listPromos: r.ok });
    toast.exito(mensajes().promoEliminada);
  }

  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    let guardar: PromoAplicada[] = aplica ? lista : [];
    if (aplica && promoId) {
      const conPendiente = agregar();
      if (!conPendiente) return;
      guardar = conPendiente;
    }
    const r = validarPromos(guardar, orden.no_personas);
    if ('error' in r) {
      toast.error(r.error.mensaje);
      return;
    }
    alRegistrar(guardar);
  }

  // Enter inside the picker adds the promotion; it never saves the whole step by surprise.
  function teclasSelector(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key !== 'Enter' || e.target instanceof HTMLButtonElement) return;
    e.preventDefault();
    if (agregar()) enfocarCampo(formulario.current, 'promo');
  }

  return (
    <form noValidate ref={formulario} onSubmit={enviar} onKeyDown={enterEnSelectEnvia} className="space-y-6" aria-label="Abre" data-paso="abre">
      <dl className="grid grid-cols-3 gap-4 rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200">
        <Dato etiqueta="Cliente">
          <span data-campo="cliente" title={orden.name}>
            {orden.name}
          </span>
        </Dato>
        <Dato etiqueta="Personas">
          <span data-campo="personas">{orden.no_personas ?? 0}</span>
        </Dato>
        <Dato etiqueta="Mesa">
          <span data-campo="mesa">{orden.mesa}</span>
        </Dato>
      </dl>

      <SiNo pregunta="Aplica alguna promoción" valor={aplica} alCambiar={setAplica} autoFocus />

      {aplica && (
        <div className="space-y-4">
          <div
            onKeyDown={teclasSelector}
            className="grid items-start gap-4 rounded-xl p-4 ring-1 ring-stone-200 sm:grid-cols-[minmax(0,1fr)_10rem_auto]"
            data-testid="selector-promocion"
          >
            <CampoSelect etiqueta="Promoción" name="promo" value={promoId} onChange={(e) => {
                setPromoId(e.target.value);
                retirarRechazo();
              }} disabled={!promos.data}>
              <option value="">{promos.isPending ? 'Cargando promociones…' : 'Elige una promoción'}</option>
              {promos.data?.map((p) => (
                <option key={p._id} value={p._id}>
                  {p.name}
                </option>
              ))}
            </CampoSelect>
            <CampoNumero
              etiqueta="Cantidad"
              nombre="qty"
              valor={cantidad}
              alCambiar={setCantidad}
              mensaje={'error' in cantidadR ? cantidadR.error.mensaje : null}
            />
            {/* Before Agregar in the tab order (select, quantity, names, Agregar), on a row of its own. */}
            {conNombres && (
              <CampoTexto
                etiqueta="Nombre de los festejados"
                name="field"
                autoComplete="off"
                value={festejados}
                onChange={(e) => {
                  setFestejados(e.target.value);
                  if (e.target.value.trim()) retirarRechazo('festejados_requeridos');
                }}
                className="order-last sm:col-span-3"
              />
            )}
            <Button variante="secundario" onClick={() => agregar()} className="min-h-11 sm:mt-[1.625rem]">
              <PlusIcon aria-hidden className="size-5" />
              Agregar
            </Button>
            {elegida?.descripcion && <p className="order-last text-sm text-stone-500 sm:col-span-3">{elegida.descripcion}</p>}
          </div>

          {lista.length > 0 && (
            <div className="overflow-hidden rounded-xl ring-1 ring-stone-200">
              <table className="w-full text-left text-sm" aria-label="Promociones agregadas">
                <thead className="bg-stone-50 text-xs font-semibold tracking-wide text-stone-500 uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-2.5">
                      Promoción
                    </th>
                    <th scope="col" className="px-4 py-2.5 text-right">
                      Cantidad
                    </th>
                    <th scope="col" className="px-4 py-2.5">
                      <span className="sr-only">Acciones</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-100">
                  {pag.items.map((p) => (
                    <tr key={p._id} data-promo={p.name}>
                      <td className="px-4 py-2">
                        <span className="font-semibold text-stone-900">{p.name}</span>
                        {p.field && (
                          <span className="flex items-center gap-1 text-stone-600">
                            <CakeIcon aria-hidden className="size-4 text-amber-600" />
                            {p.field}
                          </span>
                        )}
                      </td>
                      <td className="px-4 py-2 text-right font-semibold tabular-nums">{p.qty}</td>
                      <td className="px-2 py-1.5 text-right">
                        <Button variante="peligro-suave" onClick={() => eliminar(p._id)} className="min-h-10 px-3">
                          <TrashIcon aria-hidden className="size-4" />
                          Eliminar
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <div className="border-t border-stone-100 px-3 py-2 empty:hidden">
                <Paginacion pagina={pag.pagina} paginas={pag.paginas} alCambiar={setPagina} />
              </div>
            </div>
          )}
        </div>
      )}

      {acciones}
    </form>
  );
}
