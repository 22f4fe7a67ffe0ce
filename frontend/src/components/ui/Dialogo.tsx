import { CloseButton, Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { XMarkIcon } from '@heroicons/react/24/outline';
import { useEffect, useId, useState, type ReactNode, type RefObject } from 'react';
import { abrirDialogo } from '@/stores/toasts';
import { AvisosDeDialogo } from './Toaster';
import { Button } from './Button';

/**
 * The console's modal dialog: a title, an optional line under it, the content and a row of
 * actions. On a phone it rises from the bottom edge, where a thumb reaches its buttons. While
 * `sinGuardar` (something typed and not saved), a click outside, Escape or the close button asks
 * first instead of dropping it.
 *
 * `enfocar` is the box a dialog opens on, on every screen. On a touch screen Headless UI focuses
 * no box of its own accord (so that a phone's keyboard does not cover the dialog): a dialog whose
 * first job is typing (a name at the stand's tablet, with its keyboard) names its box here.
 */
export function Dialogo({
  abierto,
  alCerrar,
  titulo,
  descripcion,
  children,
  acciones,
  ancho = 'sm:max-w-md',
  sinGuardar = false,
  enfocar,
}: {
  abierto: boolean;
  alCerrar: () => void;
  titulo: string;
  descripcion?: ReactNode;
  children?: ReactNode;
  /** Buttons, the main one last (rightmost on wide screens, first under the thumb on phones). */
  acciones?: ReactNode;
  ancho?: string;
  sinGuardar?: boolean;
  enfocar?: RefObject<HTMLElement | null>;
}) {
  const [confirmando, setConfirmando] = useState(false);
  const id = useId();
  useEffect(() => (abierto ? abrirDialogo(id) : undefined), [abierto, id]);
  // After the focus trap has placed the focus (on a touch screen, on the dialog itself), unless
  // the user has already put it somewhere else.
  useEffect(() => {
    if (!abierto || !enfocar) return;
    const cuadro = requestAnimationFrame(() => {
      const caja = enfocar.current;
      const activo = document.activeElement;
      if (caja && (!activo || activo === document.body || activo.getAttribute('role') === 'dialog')) caja.focus();
    });
    return () => cancelAnimationFrame(cuadro);
  }, [abierto, enfocar]);
  const intentarCerrar = () => {
    // Escape while asking goes back to the form; otherwise a dirty form asks first.
    if (confirmando) setConfirmando(false);
    else if (sinGuardar) setConfirmando(true);
    else alCerrar();
  };
  return (
    <Dialog open={abierto} onClose={intentarCerrar} className="fixed inset-0 z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-stone-900/40 transition-opacity duration-150 ease-out data-closed:opacity-0"
      />
      {/* Centred by a box at least as tall as the screen, so a dialog taller than it scrolls from its
          top (its title and close button) rather than being cut above. */}
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-end justify-center sm:items-center sm:p-6">
          <DialogPanel
            transition
            className={`relative w-full ${ancho} rounded-t-2xl bg-white shadow-2xl ring-1 ring-stone-900/10 transition duration-150 ease-out data-closed:translate-y-4 data-closed:opacity-0 sm:rounded-2xl`}
          >
            <div className="flex items-start gap-3 px-5 pt-5 sm:px-6">
              <div className="min-w-0 flex-1">
                <DialogTitle className="text-lg font-semibold text-stone-900">{titulo}</DialogTitle>
                {descripcion && <Description className="mt-1 text-sm text-stone-600">{descripcion}</Description>}
              </div>
              <CloseButton
                aria-label="Cerrar"
                className="-mt-1 -mr-2 grid size-10 shrink-0 place-items-center rounded-full text-stone-500 hover:bg-stone-100 focus:outline-none data-focus:ring-2 data-focus:ring-primary-600"
              >
                <XMarkIcon aria-hidden className="size-5" />
              </CloseButton>
            </div>
            {children && <div className="px-5 pt-4 sm:px-6">{children}</div>}
            <AvisosDeDialogo id={id} />
            <div className="flex flex-col-reverse gap-2 px-5 pt-5 pb-5 sm:flex-row sm:justify-end sm:px-6">{acciones}</div>
            {confirmando && (
              <div
                role="alertdialog"
                aria-labelledby="descartar-titulo"
                className="absolute inset-0 z-10 grid place-items-center rounded-t-2xl bg-white/95 p-6 sm:rounded-2xl"
                data-testid="confirmar-descartar"
              >
                <div className="max-w-sm text-center">
                  <p id="descartar-titulo" className="text-lg font-semibold text-stone-900">
                    ¿Descartar lo que llevas?
                  </p>
                  <p className="mt-1 text-sm text-stone-600">Lo que escribiste en esta ventana no se ha guardado y se perderá.</p>
                  <div className="mt-5 flex flex-col-reverse justify-center gap-2 sm:flex-row">
                    <Button variante="secundario" onClick={() => setConfirmando(false)} className="min-h-12" autoFocus>
                      Seguir aquí
                    </Button>
                    <Button
                      variante="peligro"
                      onClick={() => {
                        setConfirmando(false);
                        alCerrar();
                      }}
                      className="min-h-12"
                    >
                      Descartar
                    </Button>
                  </div>
                </div>
              </div>
            )}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

/** A form dialog's actions: Cancelar, and the save (disabled while there is nothing to save). */
export function AccionesGuardar({
  alCerrar,
  alGuardar,
  deshabilitado = false,
  cargando = false,
  children = 'Guardar',
}: {
  alCerrar: () => void;
  alGuardar: () => void;
  deshabilitado?: boolean;
  cargando?: boolean;
  /** The save's text: Guardar, or Crear … for a new record. */
  children?: ReactNode;
}) {
  return (
    <>
      <Button variante="secundario" onClick={alCerrar}>
        Cancelar
      </Button>
      <Button onClick={() => alGuardar()} disabled={deshabilitado} cargando={cargando}>
        {children}
      </Button>
    </>
  );
}
