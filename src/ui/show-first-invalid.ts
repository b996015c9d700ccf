import { useCallback, useEffect, useState, type RefObject } from 'react';

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * Issue 31 point 6: a refused submit shows where it is wrong. The first field of `container` marked
 * `aria-invalid="true"` is scrolled to the middle of the screen and focused (a group, such as a
 * choice of radio buttons, gives the focus to its chosen or first option), so that a phone shows it
 * and a screen reader reads it with its message. False when no field is marked.
 */
export function showFirstInvalid(container: ParentNode | null | undefined): boolean {
  const field = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return false;
  const target = field.matches(FOCUSABLE)
    ? field
    : (field.querySelector<HTMLElement>('input:checked:not([disabled])') ??
      field.querySelector<HTMLElement>(FOCUSABLE));
  field.scrollIntoView({ block: 'center' });
  // Scrolled once, to the middle: the focus would otherwise scroll again, to the nearest edge.
  (target ?? field).focus({ preventScroll: true });
  return true;
}

/**
 * Returns `show`, to call where a submit is refused (by the form's rules or by the server): once the
 * refusal is drawn, the first invalid field of `container` is shown (showFirstInvalid). Each call
 * shows it again, even when the message has not changed.
 */
export function useShowFirstInvalid(container: RefObject<HTMLElement | null>): () => void {
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked > 0) showFirstInvalid(container.current);
  }, [asked, container]);
  return useCallback(() => setAsked((count) => count + 1), []);
}
