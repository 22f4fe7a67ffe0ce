/** A grey placeholder block that pulses while the real content loads. */
export function Esqueleto({ className = 'h-4 w-full' }: { className?: string }) {
  return <span aria-hidden className={`block animate-pulse rounded-md bg-stone-200/80 ${className}`} />;
}
