// Lazy screens only: Intl's first-use cost is not on a first screen here.
const clockTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** Issue 35 point 5: when the figures on screen were fetched ("Updated 9:41 AM"), nothing before. */
export function UpdatedAt({ at, className }: { at: number; className?: string }) {
  if (!at) return null;
  return <span className={className}>Updated {clockTime.format(at)}</span>;
}
