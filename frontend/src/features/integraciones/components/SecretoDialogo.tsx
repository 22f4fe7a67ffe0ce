import { CheckIcon, ClipboardDocumentIcon } from '@heroicons/react/20/solid';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialogo } from '@/components/ui/Dialogo';

/**
 * A secret the server answered once (a key's `anf_…`, an endpoint's `whsec_…`): shown here with a
 * copy button and the warning that it will not be shown again. Closing asks first until it was copied.
 */
export function SecretoDialogo({ titulo, secreto, uso, alCerrar }: { titulo: string; secreto: string; uso: string; alCerrar: () => void }) {
  const [copiado, setCopiado] = useState(false);
  const caja = useRef<HTMLInputElement>(null);
  const copiar = async () => {
    try {
      await navigator.clipboard.writeText(secreto);
      setCopiado(true);
    } catch {
      // Without the clipboard (an address without HTTPS): the text is selected for Ctrl+C.
      caja.current?.select();
    }
  };
  return (
    <Dialogo
      abierto
      alCerrar={alCerrar}
      titulo={titulo}
      sinGuardar={!copiado}
      ancho="sm:max-w-xl"
      descripcion="Cópialo ahora y guárdalo en un lugar seguro: no se volverá a mostrar."
      acciones={<Button onClick={alCerrar}>Listo</Button>}
    >
      <div className="space-y-3">
        <div className="flex gap-2">
          <input
            ref={caja}
            readOnly
            value={secreto}
            aria-label="Secreto"
            onFocus={(e) => e.currentTarget.select()}
            className="min-w-0 flex-1 rounded-lg bg-stone-50 px-3 py-2.5 font-mono text-sm text-stone-900 ring-1 ring-stone-300 ring-inset focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600"
          />
          <Button variante="secundario" onClick={() => void copiar()}>
            {copiado ? <CheckIcon aria-hidden className="size-5 text-emerald-600" /> : <ClipboardDocumentIcon aria-hidden className="size-5" />}
            {copiado ? 'Copiado' : 'Copiar'}
          </Button>
        </div>
        <p className="text-sm text-stone-600">{uso}</p>
      </div>
    </Dialogo>
  );
}
