/** The birthday mark a ticket prints beside the celebrants: black line art, as a thermal head prints. */
export function ImagenCumpleanos({ className = 'h-[22mm] w-auto' }: { className?: string }) {
  return (
    <svg viewBox="0 0 96 80" role="img" aria-label="Pastel de cumpleaños" className={className} fill="none" stroke="#000" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
      {/* candles and flames */}
      <path d="M34 30V20M48 30V16M62 30V20" />
      <path d="M34 14c-2.5-2.5-1-5 0-7 1 2 2.5 4.5 0 7ZM48 10c-2.5-2.5-1-5 0-7 1 2 2.5 4.5 0 7ZM62 14c-2.5-2.5-1-5 0-7 1 2 2.5 4.5 0 7Z" fill="#000" />
      {/* top tier */}
      <rect x="24" y="30" width="48" height="16" rx="3" />
      <path d="M24 38c4 4 8 4 12 0s8-4 12 0 8 4 12 0 8-4 12 0" />
      {/* bottom tier */}
      <rect x="14" y="46" width="68" height="22" rx="3" />
      <path d="M14 55c5 5 10 5 15 0s10-5 15 0 10 5 15 0 10-5 15 0 6 4 8 2" />
      {/* plate */}
      <path d="M6 72h84" />
      {/* confetti */}
      <path d="M10 20l4 4M14 20l-4 4M84 22l4 4M88 22l-4 4M18 8h4M78 8h4" />
    </svg>
  );
}
