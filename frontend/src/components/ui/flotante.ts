/**
 * The look of whatever floats over the page from a button (user menu, notifications, branch
 * list), so they open and read alike. Each adds its own width, corners and padding.
 */
export const PANEL_FLOTANTE =
  'z-50 bg-white shadow-xl ring-1 ring-stone-900/10 transition duration-100 ease-out focus:outline-none data-closed:opacity-0';
