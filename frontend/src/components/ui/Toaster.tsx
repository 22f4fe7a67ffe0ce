import { useSyncExternalStore } from 'react';
import { CheckCircleIcon, ExclamationTriangleIcon, InformationCircleIcon, XMarkIcon } from '@heroicons/react/24/outline';
import { cerrarToast, dialogoDeToasts, leerToasts, suscribirDialogos, suscribirToasts, type TipoToast } from '@/stores/toasts';

const estilos: Record<TipoToast, { caja: string; icono: string }> = {
  error: { caja: 'border-red-200 bg-white', icono: 'text-red-600' },
  exito: { caja: 'border-emerald-200 bg-white', icono: 'text-emerald-600' },
  info: { caja: 'border-stone-200 bg-white', icono: 'text-sky-600' },
};

const iconos = { error: ExclamationTriangleIcon, exito: CheckCircleIcon, info: InformationCircleIcon };

/** The dialog that shows the toasts now, or `null` when the corner does. */
export function useDialogoDeToasts(): string | null {
  return useSyncExternalStore(suscribirDialogos, dialogoDeToasts, dialogoDeToasts);
}

/** The toasts themselves (at most two; each hides itself after 6000 ms or on its close button). */
function Avisos({ enDialogo }: { enDialogo: boolean }) {
  const toasts = useSyncExternalStore(suscribirToasts, leerToasts, leerToasts);
  return (
    <div
      aria-live="polite"
      className={
        enDialogo
          ? 'flex flex-col gap-2 px-5 pt-4 empty:hidden sm:px-6'
          : 'pointer-events-none fixed inset-x-4 top-4 z-[100] flex flex-col items-end gap-2 sm:left-auto sm:right-4 sm:w-96'
      }
      data-testid={enDialogo ? 'avisos-dialogo' : 'avisos'}
    >
      {toasts.map((t) => {
        const Icono = iconos[t.tipo];
        return (
          <div
            key={t.id}
            role={t.tipo === 'error' ? 'alert' : 'status'}
            data-toast={t.tipo}
            className={`pointer-events-auto flex w-full items-start gap-3 rounded-xl border ${enDialogo ? 'p-3' : 'p-4 shadow-lg shadow-stone-900/10'} ${estilos[t.tipo].caja}`}
          >
            <Icono aria-hidden className={`mt-0.5 size-5 shrink-0 ${estilos[t.tipo].icono}`} />
            <p className="flex-1 text-sm font-medium text-stone-800">{t.mensaje}</p>
            <button
              type="button"
              onClick={() => cerrarToast(t.id)}
              className="-m-1 rounded-md p-1 text-stone-400 hover:bg-stone-100 hover:text-stone-600"
              aria-label="Cerrar aviso"
            >
              <XMarkIcon aria-hidden className="size-4" />
            </button>
          </div>
        );
      })}
    </div>
  );
}

/** Top-right stack of toasts, while no dialog is open. */
export function Toaster() {
  const dialogo = useDialogoDeToasts();
  return dialogo === null ? <Avisos enDialogo={false} /> : null;
}

/** The toasts inside dialog `id`, in its flow above its buttons, while it is the top-most one. */
export function AvisosDeDialogo({ id }: { id: string }) {
  const dialogo = useDialogoDeToasts();
  return dialogo === id ? <Avisos enDialogo /> : null;
}
