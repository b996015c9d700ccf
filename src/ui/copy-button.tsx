import { useEffect, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '../shared/constants';
import { visuallyHidden } from './frame.css';
import { Icon } from './icons';
import * as styles from './copy-button.css';

function CopyIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M9 9h11v11H9zM5 15H4V4h11v1" />
    </svg>
  );
}

/** Copies `value`; the confirmation shows for 2 seconds (spec §9). */
export function CopyButton({
  value,
  label,
  compact,
}: {
  value: string;
  label: string;
  /** Icon only (table cells): the confirmation is a green tick, and read out. */
  compact?: boolean;
}) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    await navigator.clipboard.writeText(value);
    setCopied(true);
  }

  return (
    <button
      type="button"
      className={copied ? `${styles.copy} ${styles.copied}` : styles.copy}
      aria-label={label}
      onClick={() => void copy()}
    >
      {copied ? <Icon name="check" width={16} height={16} /> : <CopyIcon />}
      <span aria-live="polite" className={compact ? visuallyHidden : undefined}>
        {copied ? 'Copied!' : compact ? null : 'Copy'}
      </span>
    </button>
  );
}
