import { ArrowDownTrayIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { Link } from 'react-router';
import { Buscador } from '@/components/ui/Buscador';
import { Button } from '@/components/ui/Button';
import { CampoFecha } from '@/components/ui/CampoFecha';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { TABLA } from '@/components/ui/formulario';
import { Paginacion } from '@/components/ui/Paginacion';
import { useDiferido } from '@/lib/use-diferido';
import { useTitulo } from '@/lib/use-titulo';
import { POR_PAGINA, rutaBitacora, useBitacora, type TipoBitacora } from '../api/get-bitacora';
import { descargarCsv } from '../csv';
import { rutaDeRegistro } from '../registro';
import { diaEn, fechaHoraBitacora, sumarDias } from '@/lib/formato';
import { ahora } from '@/lib/reloj';
import type { Esquema } from '@/lib/api-client';

const TITULOS: Record<TipoBitacora, string> = { walkin: 'Bitácora de walk-in', reserva: 'Bitácora de reservaciones' };

/** The before/after of an entry, in the server's words: changed fields, at most three, then "+N". */
function Cambios({ entrada }: { entrada: Esquema<'EntradaBitacora'> }) {
  const lista = entrada.cambios;
  if (lista.length === 0) return <span className="text-stone-400">—</span>;
  const vistos = lista.slice(0, 3);
  return (
    <ul className="space-y-0.5 text-xs">
      {vistos.map((c) => (
        <li key={c.campo} className="min-w-0 truncate" title={`${c.campo}: ${c.antes ?? '—'} → ${c.despues ?? '—'}`}>
          <span className="font-medium text-stone-700">{c.campo}:</span>{' '}
          {c.antes != null && <span className="text-stone-500 line-through decoration-stone-300">{c.antes}</span>}
          {c.antes != null && c.despues != null && <span aria-hidden className="text-stone-400"> → </span>}
          {c.despues != null && <span className="text-stone-900">{c.despues}</span>}
        </li>
      ))}
      {lista.length > vistos.length && <li className="text-stone-500">+{lista.length - vistos.length} más</li>}
    </ul>
  );
}

/** The record an entry is about: the guest's name (and folio), linking to it while it exists. */
function Registro({ entrada }: { entrada: Esquema<'EntradaBitacora'> }) {
  const texto = entrada.registro || '—';
  if (!entrada.enlace) return <span>{texto}</span>;
  return (
    <Link to={rutaDeRegistro(entrada.enlace)} className="font-medium text-primary-800 underline-offset-2 hover:underline focus-visible:underline">
      {texto}
    </Link>
  );
}

/** /logs/walk-in and /logs/reserva: the branch's audit log, by date range and search, with CSV. */
export function BitacoraPantalla({ tipo }: { tipo: TipoBitacora }) {
  const titulo = TITULOS[tipo];
  useTitulo(titulo);
  const hoy = diaEn(ahora());
  const [desde, setDesde] = useState(() => sumarDias(hoy, -6));
  const [hasta, setHasta] = useState(hoy);
  const [texto, setTexto] = useState('');
  const q = useDiferido(texto, 300);
  const [pagina, setPagina] = useState(1);
  const [descargando, setDescargando] = useState(false);
  // A reversed range is read as the same days in order.
  const [ini, fin] = desde && hasta && desde > hasta ? [hasta, desde] : [desde, hasta];
  const filtro = { desde: ini, hasta: fin, q };
  const lista = useBitacora(tipo, filtro, pagina);
  const paginas = lista.data ? Math.max(1, Math.ceil(lista.data.total / (lista.data.limit || POR_PAGINA))) : 1;

  const descargar = async () => {
    if (!lista.sucursal) return;
    setDescargando(true);
    const partes = [`bitacora-${tipo}`, lista.sucursal, ini, fin].filter(Boolean).join('-');
    await descargarCsv(rutaBitacora(tipo), { tag: lista.sucursal, desde: ini, hasta: fin, q: q.trim() }, `${partes}.csv`);
    setDescargando(false);
  };

  const alFiltrar = (f: () => void) => {
    f();
    setPagina(1);
  };

  return (
    <section aria-labelledby="titulo-pantalla" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="titulo-pantalla" className="text-2xl font-bold tracking-tight text-stone-900">
          {titulo}
        </h1>
        <Button variante="secundario" onClick={descargar} cargando={descargando} disabled={!lista.sucursal}>
          {!descargando && <ArrowDownTrayIcon aria-hidden className="size-5" />}
          Descargar CSV
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <CampoFecha etiqueta="Desde" value={desde} max={hasta || undefined} onChange={(v) => alFiltrar(() => setDesde(v))} className="w-48" />
        <CampoFecha etiqueta="Hasta" value={hasta} min={desde || undefined} onChange={(v) => alFiltrar(() => setHasta(v))} className="w-48" />
        <div className="min-w-60 flex-1 sm:max-w-md">
          <Buscador
            etiqueta="Buscar en la bitácora"
            placeholder="Buscar por usuario, acción o registro"
            valor={texto}
            alCambiar={(v) => alFiltrar(() => setTexto(v))}
            buscando={lista.isFetching && q !== ''}
          />
        </div>
      </div>
      <div className={TABLA.marco}>
        <table className={TABLA.tabla}>
          <thead className="bg-stone-50">
            <tr>
              <th scope="col" className={TABLA.th} aria-sort="descending">Fecha y hora</th>
              <th scope="col" className={TABLA.th}>Usuario</th>
              <th scope="col" className={TABLA.th}>Acción</th>
              <th scope="col" className={`${TABLA.th} hidden md:table-cell`}>Registro</th>
              <th scope="col" className={`${TABLA.th} hidden lg:table-cell`}>Antes / después</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {lista.isPending &&
              Array.from({ length: 6 }, (_, i) => (
                <tr key={i} data-esqueleto="">
                  <td colSpan={5} className={TABLA.td}>
                    <Esqueleto className="h-6 w-full" />
                  </td>
                </tr>
              ))}
            {lista.data?.items.length === 0 && (
              <tr>
                <td colSpan={5} className="px-3 py-10 text-center text-stone-500">
                  {q ? 'Ningún registro coincide con la búsqueda.' : 'No hay registros en este periodo.'}
                </td>
              </tr>
            )}
            {lista.data?.items.map((e) => (
              <tr key={e._id} className={TABLA.fila}>
                <td className={`${TABLA.td} whitespace-nowrap tabular-nums`}>
                  <time dateTime={e.at}>{fechaHoraBitacora(e.at)}</time>
                </td>
                <td className={TABLA.td}>{e.usuario_name}</td>
                <td className={TABLA.td}>
                  <div className="font-medium text-stone-900">{e.accion_etiqueta}</div>
                  <div className="truncate text-xs md:hidden">
                    <Registro entrada={e} />
                  </div>
                </td>
                <td className={`${TABLA.td} hidden md:table-cell`}>
                  <Registro entrada={e} />
                </td>
                <td className={`${TABLA.td} hidden max-w-xs lg:table-cell`} data-cambios>
                  <Cambios entrada={e} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-stone-500 tabular-nums">{lista.data ? `${lista.data.total} ${lista.data.total === 1 ? 'registro' : 'registros'}` : ''}</p>
        <Paginacion pagina={pagina} paginas={paginas} alCambiar={setPagina} />
      </div>
    </section>
  );
}

export const BitacoraWalkin = () => <BitacoraPantalla tipo="walkin" />;
export const BitacoraReserva = () => <BitacoraPantalla tipo="reserva" />;
