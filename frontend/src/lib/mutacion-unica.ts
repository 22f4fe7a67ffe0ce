// A save happens once per intended action, whatever the user's fingers or the network do.
// `useMutacionUnica` is TanStack's `useMutation` with two guarantees:
// - the same call again while the first is on its way sends nothing: it waits for the same
//   answer (a double tap on "Registrar" registers one walk-in, and the flow moves on once);
//   a different call (another row's switch) goes ahead as usual;
// - every attempt of one action carries the same `Idempotency-Key`, so if the network lost the
//   answer and the user taps again with the same data, the server answers with what it saved.
// The key is renewed once the server has answered, or when the data change.
import { useCallback, useRef } from 'react';
import { useMutation, type MutateOptions, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError, nuevaClave } from './api-client';

export interface OpcionesMutacionUnica<TData, TVars> extends Omit<UseMutationOptions<TData, Error, TVars>, 'mutationFn'> {
  /** The save; `clave` goes in the call's `Idempotency-Key` (`params: { header: conClave(clave) }`). */
  mutationFn: (variables: TVars, clave: string) => Promise<TData>;
}

const huella = (variables: unknown) => JSON.stringify(variables ?? null);

export function useMutacionUnica<TData, TVars = void>(opciones: OpcionesMutacionUnica<TData, TVars>) {
  const { mutationFn, ...resto } = opciones;
  // The key of each action not yet answered, by its data; and the calls on their way.
  const claves = useRef(new Map<string, string>());
  const enCurso = useRef(new Map<string, Promise<TData>>());

  const mutacion = useMutation<TData, Error, TVars>({
    ...resto,
    mutationFn: (variables) => {
      const datos = huella(variables);
      let clave = claves.current.get(datos);
      if (!clave) {
        clave = nuevaClave();
        claves.current.set(datos, clave);
      }
      return mutationFn(variables, clave);
    },
    onSettled: (...args) => {
      const [, error, variables] = args;
      // Without an answer the save may have landed: the same data keep the same key.
      if (!(error instanceof ApiError && error.status === 0)) claves.current.delete(huella(variables));
      return resto.onSettled?.(...args);
    },
  });
  const { mutateAsync: mutarAsync } = mutacion;

  const mutateAsync = useCallback(
    (variables: TVars, callbacks?: MutateOptions<TData, Error, TVars>): Promise<TData> => {
      const datos = huella(variables);
      const yaVa = enCurso.current.get(datos);
      if (yaVa) return yaVa;
      const promesa = mutarAsync(variables, callbacks).finally(() => {
        enCurso.current.delete(datos);
      });
      enCurso.current.set(datos, promesa);
      return promesa;
    },
    [mutarAsync],
  );

  const mutate = useCallback(
    (variables: TVars, callbacks?: MutateOptions<TData, Error, TVars>) => {
      if (enCurso.current.has(huella(variables))) return;
      // The error is the mutation's to report (its state, the callbacks); nothing else awaits it.
      mutateAsync(variables, callbacks).catch(() => undefined);
    },
    [mutateAsync],
  );

  return { ...mutacion, mutate, mutateAsync };
}
