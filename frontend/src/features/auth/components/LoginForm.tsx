import { Field, Input, Label } from '@headlessui/react';
import { EyeIcon, EyeSlashIcon } from '@heroicons/react/24/outline';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { ESTILO_CAMPO } from '@/components/ui/Campo';
import { ApiError, type Esquema } from '@/lib/api-client';
import { formatoEspera } from '@/lib/reintento';
import { useCuentaRegresiva } from '@/lib/use-cuenta-regresiva';
import { validarCredenciales } from '@/lib/wasm-acceso';
import { toast } from '@/stores/toasts';
import { useLogin } from '../api/login';

/**
 * E-mail and password, checked by the core (WASM) before anything is sent: both typed, the e-mail
 * well-formed. The core's refusal and the server's answers appear as toasts. When the server
 * throttles (429) or is busy (503), the form counts down the wait it named (Retry-After) and
 * sends nothing until it is over.
 */
export function LoginForm({ alEntrar }: { alEntrar: (usuario: Esquema<'Usuario'>) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [verPassword, setVerPassword] = useState(false);
  const entrar = useLogin();
  const campoCorreo = useRef<HTMLInputElement>(null);
  const campoClave = useRef<HTMLInputElement>(null);
  // A wait the server named: for one account from this device (`email`), or for every account
  // from this address (`email` null, or a busy server). Another e-mail is not held by an account's wait.
  const [freno, setFreno] = useState<{ hasta: number; motivo: string; email: string | null } | null>(null);
  // The e-mail the server warned has one try left before its wait.
  const [ultimoIntento, setUltimoIntento] = useState<string | null>(null);
  const correoActual = email.trim().toLowerCase();
  const aplica = freno !== null && (freno.email === null || freno.email === correoActual);
  const restante = useCuentaRegresiva(freno?.hasta ?? null);
  const espera = aplica ? restante : 0;

  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (espera > 0) return;
    const credenciales = validarCredenciales(email, password);
    if ('error' in credenciales) {
      toast.error(credenciales.error.mensaje);
      // The cursor goes where the fix is: the field the core names, else the first one left empty.
      const clave = credenciales.error.campo === 'password' || (credenciales.error.campo === null && email.trim() !== '');
      (clave ? campoClave : campoCorreo).current?.focus();
      return;
    }
    const correo = credenciales.ok.trim().toLowerCase();
    entrar.mutate(
      { email: credenciales.ok, password },
      {
        onSuccess: (sesion) => alEntrar(sesion.user),
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const datos = (error.data ?? {}) as { alcance?: string; intentos_restantes?: number };
          setUltimoIntento(error.status === 401 && datos.intentos_restantes === 1 ? correo : null);
          if (!error.reintentarEn) return;
          const motivo = { 429: 'Demasiados intentos.', 503: 'El servidor está ocupado.' }[error.status];
          const deLaCuenta = error.status === 429 && datos.alcance === 'cuenta';
          if (motivo) setFreno({ hasta: Date.now() + error.reintentarEn * 1000, motivo, email: deLaCuenta ? correo : null });
        },
      },
    );
  }

  return (
    <form onSubmit={enviar} noValidate className="space-y-5" aria-label="Iniciar sesión">
      <Field className="space-y-1.5">
        <Label className="block text-sm font-medium text-stone-700">Correo electrónico</Label>
        <Input
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          autoFocus
          ref={campoCorreo}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className={ESTILO_CAMPO}
          placeholder="nombre@empresa.mx"
        />
      </Field>
      <Field className="space-y-1.5">
        <Label className="block text-sm font-medium text-stone-700">Contraseña</Label>
        <div className="relative">
          <Input
            name="password"
            type={verPassword ? 'text' : 'password'}
            autoComplete="current-password"
            required
            ref={campoClave}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className={`${ESTILO_CAMPO} pr-11`}
          />
          <button
            type="button"
            onClick={() => setVerPassword((v) => !v)}
            aria-label={verPassword ? 'Ocultar contraseña' : 'Mostrar contraseña'}
            aria-pressed={verPassword}
            className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-lg text-stone-500 hover:text-stone-700"
          >
            {verPassword ? <EyeSlashIcon aria-hidden className="size-5" /> : <EyeIcon aria-hidden className="size-5" />}
          </button>
        </div>
      </Field>
      {espera > 0 && (
        <p role="status" className="rounded-lg bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900 ring-1 ring-inset ring-amber-200">
          {freno?.motivo} Podrás intentarlo de nuevo en <span className="font-semibold tabular-nums">{formatoEspera(espera)}</span>
          {freno?.email ? ' con esta cuenta; otra cuenta puede entrar ahora.' : '.'}
        </p>
      )}
      {espera === 0 && ultimoIntento === correoActual && (
        <p role="status" className="rounded-lg bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900 ring-1 ring-inset ring-amber-200" data-aviso="ultimo-intento">
          Te queda un intento con esta cuenta: si la contraseña no es correcta, tendrás que esperar 15 minutos.
        </p>
      )}
      <Button type="submit" cargando={entrar.isPending} disabled={espera > 0} className="w-full py-3">
        {espera > 0 ? `Espera ${formatoEspera(espera)}` : 'Iniciar sesión'}
      </Button>
    </form>
  );
}
