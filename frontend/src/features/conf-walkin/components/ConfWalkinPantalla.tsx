import { Description, Field, Input, Label } from '@headlessui/react';
import { type Ref, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { CampoArea, CampoSelect, CampoTexto, ESTILO_CAMPO } from '@/components/ui/Campo';
import { CampoHora } from '@/components/ui/CampoHora';
import { CampoNumero } from '@/components/ui/CampoNumero';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { iguales, MensajeCampo, rechazoDeCampo, Seccion } from '@/components/ui/formulario';
import { Interruptor } from '@/components/ui/Interruptor';
import { horaCorta } from '@/lib/formato';
import { useSesion } from '@/lib/use-session';
import { useTitulo } from '@/lib/use-titulo';
import { AvisoCanales } from '@/modulos/canales/components/AvisoCanales';
import { useConfWalkin } from '../api/get-conf-walkin';
import { useGuardarConfWalkin } from '../api/guardar-conf-walkin';
import { leerRecordatorios, textoRecordatorios } from '../recordatorios';
import { LineaDelDia } from './LineaDelDia';
import type { Esquema } from '@/lib/api-client';

type Numericos = 'gracia_min' | 'llegada_antes_min' | 'paso_min' | 'estancia_min' | 'anticipacion_min' | 'horizonte_dias' | 'cubiertos_por_turno' | 'estancia_mesa_min' | 'vencer_impresion_min' | 'umbral_no_show';
type Horas = 'inicio_regular' | 'inicio_promo' | 'corte_tarde';
/** The hours a business day may end at, the next morning: on the hour, by the regular buffet's start. */
const HORAS_FIN_DIA = Array.from({ length: 13 }, (_, h) => `${String(h).padStart(2, '0')}:00`);

/** /conf-walkin: the current branch's walk-in and booking settings. */
export function ConfWalkinPantalla() {
  useTitulo('Configuración de walk-in');
  const { sucursal } = useSesion();
  const conf = useConfWalkin();
  return (
    <section aria-labelledby="titulo-pantalla" className="space-y-4">
      <h1 id="titulo-pantalla" className="text-2xl font-bold tracking-tight text-stone-900">
        Configuración de walk-in
      </h1>
      <AvisoCanales />
      {conf.isPending || !sucursal ? (
        <Esqueleto className="h-96 w-full rounded-xl" />
      ) : conf.data ? (
        // A new branch or a saved answer restarts the form from what the server holds.
        <Formulario key={`${sucursal}${JSON.stringify(conf.data)}`} tag={sucursal} original={conf.data} />
      ) : null}
    </section>
  );
}

/** A link that opens another page, drawn as a secondary button. */
const CLASE_ENLACE_BOTON =
  'inline-flex min-h-11 items-center rounded-lg bg-white px-4 py-2 text-sm font-semibold text-stone-800 shadow-sm ring-1 ring-stone-300 ring-inset hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600';

function Formulario({ tag, original }: { tag: string; original: Esquema<'DatosConfWalkin'> }) {
  const [form, setForm] = useState(original);
  const [rechazo, setRechazo] = useState<{ campo: string; mensaje: string } | null>(null);
  // The reminders are typed as text ("24, 3") and read into hours when saved.
  const [recordatorios, setRecordatorios] = useState(() => textoRecordatorios(original.recordatorios_horas));
  const cajaRecordatorios = useRef<HTMLInputElement>(null);
  const guardar = useGuardarConfWalkin();
  const lectura = leerRecordatorios(recordatorios);
  // The guests' phone countries are typed as ISO codes ("MX, US"); the server checks them.
  const [paises, setPaises] = useState(() => (original.paises_telefono ?? []).join(', '));
  const codigosPaises = paises.split(/[\s,]+/).filter(Boolean).map((c) => c.toUpperCase());
  const sinCambios =
    iguales(form, original) &&
    'ok' in lectura &&
    iguales(lectura.ok, original.recordatorios_horas ?? []) &&
    iguales(codigosPaises, original.paises_telefono ?? []);
  const poner = <K extends keyof Esquema<'DatosConfWalkin'>>(c: K, v: Esquema<'DatosConfWalkin'>[K]) => {
    setForm((f) => ({ ...f, [c]: v }));
    if (rechazo?.campo === c) setRechazo(null);
  };
  const error = (c: keyof Esquema<'DatosConfWalkin'>) => (rechazo?.campo === c ? rechazo.mensaje : null);
  const hora = (c: Horas, etiqueta: string) => (
    <div>
      <CampoHora etiqueta={etiqueta} name={c} paso={5} value={form[c]} invalid={Boolean(error(c))} onChange={(v) => poner(c, v)} />
      <MensajeCampo nombre={c} mensaje={error(c)} />
    </div>
  );
  // An emptied box is sent as 0 so the server's rule, not this form, names the problem.
  const numero = (c: Numericos, etiqueta: string) => (
    <CampoNumero nombre={c} etiqueta={etiqueta} valor={form[c]} alCambiar={(v) => poner(c, v ?? 0)} mensaje={error(c)} />
  );
  const enviar = () => {
    setRechazo(null);
    if ('error' in lectura) {
      setRechazo({ campo: 'recordatorios_horas', mensaje: lectura.error });
      // To the middle of the screen: at its edge the sticky Guardar bar would cover it.
      cajaRecordatorios.current?.scrollIntoView({ block: 'center' });
      cajaRecordatorios.current?.focus({ preventScroll: true });
      return;
    }
    guardar.mutate(
      { tag, datos: { ...form, recordatorios_horas: lectura.ok, paises_telefono: codigosPaises } },
      { onError: (e) => setRechazo(rechazoDeCampo(e)) },
    );
  };

  return (
    <form noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!sinCambios) enviar();
      }}
    >
      <div className="grid gap-4 lg:grid-cols-2">
        <Seccion titulo="Buffet" descripcion="Horarios y corte de la tarde.">
          <div className="space-y-4">
          <div className="grid grid-cols-[repeat(auto-fit,minmax(9.5rem,1fr))] gap-4">
            {hora('inicio_regular', 'Inicio regular')}
            {hora('inicio_promo', 'Inicio promoción')}
            {hora('corte_tarde', 'Corte de la tarde')}
          </div>
          <LineaDelDia inicio_regular={form.inicio_regular} inicio_promo={form.inicio_promo} corte_tarde={form.corte_tarde} />
          <div className="max-w-xs">
            <CampoSelect etiqueta="Fin del día de servicio" value={form.fin_dia ?? '05:00'} invalid={Boolean(error('fin_dia'))} onChange={(e) => poner('fin_dia', e.target.value)} aria-describedby="ayuda-fin-dia">
              {HORAS_FIN_DIA.map((h) => (
                <option key={h} value={h}>
                  {horaCorta(h)}
                </option>
              ))}
            </CampoSelect>
            <p id="ayuda-fin-dia" className="mt-1.5 text-sm text-stone-500">
              Hasta esa hora de la madrugada, quienes llegan cuentan en el día anterior: listas de Hoy, tablero y bitácora.
            </p>
            <MensajeCampo nombre="fin_dia" mensaje={error('fin_dia')} />
          </div>
          <Interruptor
            etiqueta="El buffet se cobra según la hora de llegada"
            descripcion="Un grupo que se anotó en la lista de espera antes de la promoción conserva el buffet regular aunque se siente después."
            valor={form.cobro_por_llegada ?? false}
            alCambiar={(v) => poner('cobro_por_llegada', v)}
          />
          </div>
        </Seccion>
        <Seccion
          titulo="Llegadas"
          descripcion="Desde cuándo se registra la llegada de una reservación, la tolerancia antes de marcarla como no asistida, y cuántas veces sin llegar en los últimos 90 días marcan a un cliente con «Riesgo de no-show»."
        >
          <div className="grid grid-cols-[repeat(auto-fit,minmax(9.5rem,1fr))] gap-4">
            {numero('llegada_antes_min', 'Llegada anticipada (minutos)')}
            {numero('gracia_min', 'Tolerancia (minutos)')}
            {numero('umbral_no_show', 'No-shows para marcar riesgo')}
          </div>
        </Seccion>
        <Seccion titulo="Lista de espera en línea" descripcion="Los huéspedes se anotan desde su celular y siguen su lugar en vivo.">
          <Interruptor
            etiqueta={`Lista en línea: ${form.espera_en_linea ? 'abierta' : 'cerrada'}`}
            descripcion={
              <>
                Abierta, cualquiera se anota en <a className="font-medium text-primary-800 underline" href={`/espera/${encodeURIComponent(tag)}`} target="_blank" rel="noreferrer">/espera/{tag}</a> mientras la sucursal está en su horario; fuera de él, la página lo dice y no anota a nadie.
              </>
            }
            valor={form.espera_en_linea ?? false}
            alCambiar={(v) => poner('espera_en_linea', v)}
          />
          <div className="mt-4 flex flex-wrap gap-2">
            <a href={`/espera/${encodeURIComponent(tag)}/cartel`} target="_blank" rel="noreferrer" className={CLASE_ENLACE_BOTON} data-accion="cartel">
              Imprimir cartel
            </a>
            <a href={`/espera/${encodeURIComponent(tag)}/kiosco`} target="_blank" rel="noreferrer" className={CLASE_ENLACE_BOTON} data-accion="kiosco">
              Abrir kiosco de la entrada
            </a>
          </div>
        </Seccion>
        <Seccion titulo="Cocina" descripcion="El pronóstico de comensales de la pantalla Cocina, en papel.">
          <Interruptor
            etiqueta="Imprimir el pronóstico cada 30 minutos"
            descripcion="Mientras la sucursal está en su horario, a las en punto y a las y media, en las impresoras activas que imprimen la comanda. Sin ninguna, no se imprime nada."
            valor={form.pronostico_automatico ?? false}
            alCambiar={(v) => poner('pronostico_automatico', v)}
          />
        </Seccion>
        <Seccion titulo="Tickets" descripcion="Prefijo del folio y texto al pie del ticket.">
          <div className="grid gap-4">
            <div className="max-w-xs">
              <CampoTexto etiqueta="Prefijo de folio" value={form.prefijo_folio} invalid={Boolean(error('prefijo_folio'))} onChange={(e) => poner('prefijo_folio', e.target.value)} autoComplete="off" />
              <MensajeCampo nombre="prefijo_folio" mensaje={error('prefijo_folio')} />
            </div>
            <div>
              <CampoArea etiqueta="Pie del ticket" rows={3} value={form.pie_ticket} invalid={Boolean(error('pie_ticket'))} onChange={(e) => poner('pie_ticket', e.target.value)} />
              <MensajeCampo nombre="pie_ticket" mensaje={error('pie_ticket')} />
            </div>
          </div>
        </Seccion>
        <Seccion titulo="Datos requeridos" descripcion="Lo que el registro de walk-in pide al cliente.">
          <div className="space-y-4">
            <Interruptor etiqueta="Correo requerido" valor={form.correo_requerido} alCambiar={(v) => poner('correo_requerido', v)} />
            <Interruptor etiqueta="Teléfono requerido" valor={form.telefono_requerido} alCambiar={(v) => poner('telefono_requerido', v)} />
          </div>
        </Seccion>
      </div>
      <Seccion titulo="Reservaciones en línea" descripcion="Cómo se calculan los horarios disponibles, y cuándo se recuerda al cliente su reservación.">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {numero('paso_min', 'Paso (minutos)')}
          {numero('estancia_min', 'Estancia (minutos)')}
          {numero('anticipacion_min', 'Anticipación (minutos)')}
          {numero('horizonte_dias', 'Horizonte (días)')}
          {numero('cubiertos_por_turno', 'Cubiertos por turno')}
        </div>
        <div className="mt-4 border-t border-stone-100 pt-4">
          <CampoLista
            ref={cajaRecordatorios}
            nombre="recordatorios_horas"
            etiqueta="Recordatorios (horas antes)"
            valor={recordatorios}
            ejemplo="Por ejemplo: 24, 3"
            descripcion="Vacío: sin recordatorios. Se envía por correo (y por SMS si el grupo lo tiene configurado) con enlaces para confirmar o cancelar."
            error={error('recordatorios_horas')}
            alCambiar={(v) => {
              setRecordatorios(v);
              if (rechazo?.campo === 'recordatorios_horas') setRechazo(null);
            }}
          />
        </div>
        <div className="mt-4 border-t border-stone-100 pt-4">
          <CampoLista
            nombre="paises_telefono"
            etiqueta="Países de los teléfonos de huéspedes"
            valor={paises}
            ejemplo="Por ejemplo: MX, US"
            descripcion="Códigos de país separados por comas. En la reservación en línea solo se aceptan teléfonos de estos países, y nunca números especiales o con costo (800, 900…). El personal puede anotar cualquier teléfono."
            error={error('paises_telefono')}
            alCambiar={(v) => {
              setPaises(v);
              if (rechazo?.campo === 'paises_telefono') setRechazo(null);
            }}
          />
        </div>
      </Seccion>
      <Seccion titulo="Salón e impresión" descripcion="Cuándo una mesa se ve excedida, y cuánto espera un ticket a su impresora antes de darse por vencido.">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {numero('estancia_mesa_min', 'Estancia en mesa (minutos)')}
          {numero('vencer_impresion_min', 'Espera de impresión (minutos)')}
        </div>
      </Seccion>
      <div className="sticky bottom-0 -mx-1 flex justify-end gap-2 border-t border-stone-200 bg-stone-50 px-1 py-3">
        <Button variante="secundario" disabled={sinCambios || guardar.isPending} onClick={() => { setForm(original); setRecordatorios(textoRecordatorios(original.recordatorios_horas)); setPaises((original.paises_telefono ?? []).join(', ')); setRechazo(null); }}>
          Descartar cambios
        </Button>
        <Button type="submit" disabled={sinCambios} cargando={guardar.isPending}>
          Guardar
        </Button>
      </div>
    </form>
  );
}

/** A list typed as text ("24, 3"; "MX, US"), read and checked when saved, its refusal under it. */
function CampoLista({
  nombre,
  etiqueta,
  valor,
  ejemplo,
  descripcion,
  error,
  alCambiar,
  ref,
}: {
  nombre: string;
  etiqueta: string;
  valor: string;
  ejemplo: string;
  descripcion: string;
  error: string | null;
  alCambiar: (valor: string) => void;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <Field className="max-w-xl space-y-1.5" data-campo={nombre}>
      <Label className="block text-sm font-medium text-stone-700">{etiqueta}</Label>
      <Input
        ref={ref}
        name={nombre}
        value={valor}
        placeholder={ejemplo}
        autoComplete="off"
        invalid={Boolean(error)}
        onChange={(e) => alCambiar(e.target.value)}
        className={`${ESTILO_CAMPO} max-w-xs data-invalid:ring-red-400`}
      />
      <Description className="text-sm text-stone-500">{descripcion}</Description>
      <MensajeCampo nombre={nombre} mensaje={error} />
    </Field>
  );
}
