import * as RadixDialog from '@radix-ui/react-dialog';
import { useRouter } from '@tanstack/react-router';
import { useRef, type ReactNode } from 'react';
import { useBackCloses } from './dialog-history';
import * as styles from './dialog.css';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}

/**
 * The one modal dialog of the app (Radix handles focus trapping, Escape and aria wiring). The app's
 * dialogs open from their own buttons, not from a Radix trigger, so Radix would give the focus back to
 * nobody (the page's body) when one closes: the element that had the focus when it opened gets it
 * back instead (issue 17), or the page's content when that element is gone or disabled. Back closes
 * it, as Escape does, instead of leaving the page (issue 31 point 6, dialog-history.ts).
 */
export function Dialog({ open, onOpenChange, title, description, children }: DialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  // Outside a router (no dialog of the app is) Back would still close it; only the router's
  // navigations would not wait for its entry to go.
  const router = useRouter({ warn: false });
  useBackCloses(open, () => onOpenChange(false), router?.history);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.content}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement as HTMLElement | null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // When the opener went with what the dialog did (a deleted row) or is disabled now, the
            // page's content takes the focus: never the top of the page.
            const back = opener.current;
            const usable = back?.isConnected && !(back as HTMLButtonElement).disabled;
            (usable ? back : document.getElementById('main'))?.focus();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className={styles.description}>
              {description}
            </RadixDialog.Description>
          ) : null}
          {children}
          <RadixDialog.Close className={styles.close} aria-label="Close">
            ×
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
