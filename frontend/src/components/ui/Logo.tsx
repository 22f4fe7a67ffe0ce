/** The Anfitrión mark: a dark red tile with the "A" of the host's stand. */
export function Logo({ className = 'size-10' }: { className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 32 32" className={className}>
      <rect width="32" height="32" rx="8" className="fill-primary-700" />
      <path d="M9 23 16 8l7 15h-3.4l-1.4-3.2h-4.4L12.4 23Zm5.9-6h2.2L16 14.3Z" fill="#fff" />
    </svg>
  );
}
