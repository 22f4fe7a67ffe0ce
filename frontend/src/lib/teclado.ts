import type { KeyboardEvent } from 'react';

/**
 * Enter on a select submits its form, as it does in a text box: a wizard step whose last box is
 * a select (Evento, Mesero) still goes on with Enter. Bound as a form's `onKeyDown`; a handler
 * nearer the select that already used the key wins.
 */
export function enterEnSelectEnvia(e: KeyboardEvent<HTMLFormElement>): void {
  if (e.key !== 'Enter' || e.defaultPrevented || !(e.target instanceof HTMLSelectElement)) return;
  e.preventDefault();
  e.currentTarget.requestSubmit();
}
