import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { BellIcon } from '@heroicons/react/24/outline';
import { PANEL_FLOTANTE } from '../../../components/ui/flotante';

/**
 * The bell of the top bar. The live list of new reservations arrives with the notifications
 * screen; until then the popup says there is nothing to show.
 */
export function CampanaNotificaciones() {
  return (
    <Popover className="relative">
      <PopoverButton
        aria-label="Notificaciones"
        className="grid size-10 place-items-center rounded-full text-stone-600 hover:bg-stone-100 focus:outline-none data-focus:ring-2 data-focus:ring-primary-600 data-open:bg-stone-100"
      >
        <BellIcon aria-hidden className="size-6" />
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom end', gap: 8 }}
        transition
        className={`${PANEL_FLOTANTE} w-[360px] max-w-[calc(100vw-1rem)] rounded-2xl`}
      >
        <div className="border-b border-stone-100 px-5 py-4">
          <h2 className="text-base font-semibold text-stone-900">Notificaciones</h2>
        </div>
        <div className="flex flex-col items-center gap-2 px-5 py-10 text-center">
          <BellIcon aria-hidden className="size-8 text-stone-300" />
          <p className="text-sm text-stone-500">Aún no tienes notificaciones.</p>
        </div>
      </PopoverPanel>
    </Popover>
  );
}
