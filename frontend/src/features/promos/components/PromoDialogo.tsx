import { Checkbox } from '@headlessui/react';
import { useState, type FormEvent } from 'react';
import { CampoArea, CampoTexto } from '@/components/ui/Campo';
import { CampoFecha } from '@/components/ui/CampoFecha';
import { AccionesGuardar, Dialogo } from '@/components/ui/Dialogo';
import { alRechazar, iguales, MensajeCampo } from '@/components/ui/formulario';
import { Interruptor } from '@/components/ui/Interruptor';
import { horaSucursal, promoVigente, validarPromocion } from '@/lib/wasm';
import { useSesion } from '@/lib/use-session';
import { DIAS, DIAS_CORTOS, diaEn } from '@/lib/formato';
import { useHorarioSucursal } from '@/modulos/sucursales/api/get-sucursales-usuario';
import { useEscribirPromo } from '../api/escribir-promocion';
import { alternarDia, datosDe, formularioDe, type FormularioPromo } from '../vigencia';
import { esCumpleanos } from '@/modulos/orden/orden';
import { ahora as horaDelServidor } from '@/lib/reloj';
import type { Esquema } from '@/lib/api-client';

/** A field of the form, or the window as a whole (a refusal core does not pin on one field). */
type Campo = keyof FormularioPromo | 'vigencia';

/**
 * Creates or edits a promotion: its texts, whether it is on, its window and the celebrants' names.
 * `alCrear` hears of a new one once the list holds it.
 */
export function PromoDialogo({ promo, alCerrar, alCrear }: { promo: Esquema<'Promocion'> | null; alCerrar: () => void; alCrear?: (nueva: Esquema<'Promocion'>) => void }) {
  const inicial = formularioDe(promo);
  const [f, setF] = useState<FormularioPromo>(inicial);
  const [errores, setErrores] = useState<Partial<Record<Campo, string>>>({});
  const escribir = useEscribirPromo();
  const sinCambios = iguales(datosDe(f), datosDe(inicial));
  // Core's rule, on what the form holds now, for today in the branch's own zone (as the server
  // decides `vigente`); the default zone's date until the branch's settings arrive.
  const { sucursal } = useSesion();
  const horario = useHorarioSucursal(sucursal);
  const instante = horaDelServidor();
  const ahora = horaSucursal(instante.toISOString(), horario ?? null);
  const hoy = promoVigente(datosDe(f), 'ok' in ahora ? ahora.ok.fecha : diaEn(instante));
  // Core asks the birthday promotion's names whatever the switch says; the switch shows it.
  const cumpleanos = esCumpleanos({ _id: 'nueva', name: f.name.trim() });
  const poner = <K extends keyof FormularioPromo>(campo: K, valor: FormularioPromo[K]) => {
    setF((actual) => ({ ...actual, [campo]: valor }));
    setErrores({});
  };

  const guardar = (e?: FormEvent) => {
    e?.preventDefault();
    if (sinCambios || !f.name.trim()) return;
    const revision = validarPromocion(datosDe(f));
    if ('error' in revision) {
      setErrores({ [(revision.error.campo as Campo | null) ?? 'vigencia']: revision.error.mensaje });
      return;
    }
    const opciones = {
      onSuccess: alCerrar,
      onError: alRechazar(setErrores),
    };
    if (promo) escribir.mutate({ tipo: 'editar', id: promo._id, datos: datosDe(f) }, opciones);
    else
      escribir.mutate(
        { tipo: 'crear', datos: datosDe(f) },
        {
          ...opciones,
          onSuccess: ({ data }) => {
            if (data) alCrear?.(data);
            alCerrar();
          },
        },
      );
  };

  return (
    <Dialogo
      abierto
      alCerrar={alCerrar}
      titulo={promo ? `Editar ${promo.name}` : 'Nueva promoción'}
      ancho="sm:max-w-lg"
      acciones={<AccionesGuardar alCerrar={alCerrar} alGuardar={guardar} deshabilitado={sinCambios || !f.name.trim()} cargando={escribir.isPending}>{promo ? 'Guardar' : 'Crear promoción'}</AccionesGuardar>}
    >
      <form noValidate onSubmit={guardar} className="space-y-4" aria-label="Promoción">
        <div>
          <CampoTexto etiqueta="Nombre" name="name" autoComplete="off" data-autofocus value={f.name} invalid={Boolean(errores.name)} onChange={(e) => poner('name', e.target.value)} />
          <MensajeCampo nombre="name" mensaje={errores.name} />
        </div>
        <div>
          <CampoArea etiqueta="Descripción" name="descripcion" rows={2} value={f.descripcion} invalid={Boolean(errores.descripcion)} onChange={(e) => poner('descripcion', e.target.value)} />
          <MensajeCampo nombre="descripcion" mensaje={errores.descripcion} />
        </div>
        <Interruptor etiqueta="Activa" descripcion="Apagada, no se ofrece en las comandas aunque esté dentro de su vigencia." valor={f.activa} alCambiar={(v) => poner('activa', v)} />
        <fieldset className="space-y-3 rounded-lg p-3 ring-1 ring-stone-200">
          <legend className="px-1 text-sm font-semibold text-stone-800">Vigencia (opcional)</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <CampoFecha etiqueta="Desde" name="desde" value={f.desde} max={f.hasta || undefined} invalid={Boolean(errores.desde)} onChange={(v) => poner('desde', v)} />
              <MensajeCampo nombre="desde" mensaje={errores.desde} />
            </div>
            <div>
              <CampoFecha etiqueta="Hasta" name="hasta" value={f.hasta} min={f.desde || undefined} invalid={Boolean(errores.hasta)} onChange={(v) => poner('hasta', v)} />
              <MensajeCampo nombre="hasta" mensaje={errores.hasta} />
            </div>
          </div>
          <div role="group" aria-labelledby="promo-dias">
            <p id="promo-dias" className="text-sm font-medium text-stone-700">
              Días de la semana <span className="font-normal text-stone-500">(ninguno: todos los días)</span>
            </p>
            <div className="mt-1.5 flex flex-wrap gap-1.5">
              {DIAS_CORTOS.map((nombre, i) => {
                const dia = i + 1;
                return (
                  <Checkbox
                      key={dia}
                      aria-label={DIAS[i]}
                      checked={f.dias.includes(dia)}
                      onChange={() => poner('dias', alternarDia(f.dias, dia))}
                      data-dia={dia}
                      className="grid h-9 min-w-12 cursor-pointer place-items-center rounded-lg px-2 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 ring-inset data-checked:bg-primary-700 data-checked:text-white data-checked:ring-primary-700 data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-primary-600"
                    >
                      {nombre}
                    </Checkbox>
                );
              })}
            </div>
            <MensajeCampo nombre="dias" mensaje={errores.dias} />
          </div>
          <MensajeCampo nombre="vigencia" mensaje={errores.vigencia} />
        </fieldset>
        <Interruptor
          etiqueta="Pide nombres de festejados"
          descripcion={
            cumpleanos
              ? 'Cumpleaños siempre pide los nombres de los festejados.'
              : 'Al agregarla a un abre se piden los nombres de los festejados.'
          }
          valor={f.pide_nombres || cumpleanos}
          deshabilitado={cumpleanos}
          alCambiar={(v) => poner('pide_nombres', v)}
        />
        {'ok' in hoy && (
          <p className={`rounded-lg px-3 py-2 text-sm ${hoy.ok ? 'bg-emerald-50 text-emerald-800' : 'bg-stone-100 text-stone-600'}`} data-campo="vigente-hoy" aria-live="polite">
            {hoy.ok ? 'Así, hoy se ofrece en las comandas.' : 'Así, hoy no se ofrece en las comandas.'}
          </p>
        )}
        <button type="submit" hidden />
      </form>
    </Dialogo>
  );
}
