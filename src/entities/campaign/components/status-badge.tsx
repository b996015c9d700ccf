import * as shared from './campaigns.css';

/** A campaign's Active / Inactive badge (on its own: the dashboard shows it without the card's dialogs). */
export function StatusBadge({ active }: { active: boolean }) {
  return (
    <span className={active ? shared.badge.active : shared.badge.inactive}>
      <span aria-hidden="true">●</span>
      {active ? 'Active' : 'Inactive'}
    </span>
  );
}
