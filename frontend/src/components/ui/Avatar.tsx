/** Initials of a name in a dark red circle. */
export function Avatar({ nombre, className = 'size-10 text-sm' }: { nombre: string; className?: string }) {
  const iniciales =
    nombre
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((p) => p[0]?.toUpperCase())
      .join('') || '?';
  return (
    <span aria-hidden className={`grid shrink-0 place-items-center rounded-full bg-primary-100 font-semibold text-primary-800 ${className}`}>
      {iniciales}
    </span>
  );
}
