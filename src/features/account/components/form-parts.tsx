import { ApiError } from '@/lib/api';
import * as alert from '@/ui/alert.css';
import * as styles from './profile.css';

/** What a form of the account page last said: spec §8's green or red box. */
export type Message = { kind: 'success' | 'error'; text: string } | null;

/**
 * A polite live region that is always there, showing `message` in its box: a region inserted
 * together with its text is often not read out, one that was there already is.
 */
export function LiveMessage({ message }: { message: Message }) {
  return (
    <div aria-live="polite" className={styles.liveRegion}>
      {message ? <div className={alert.alert[message.kind]}>{message.text}</div> : null}
    </div>
  );
}

/** A field's error, under it; the field names it with aria-describedby={id}. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className={styles.fieldError}>
      {message}
    </p>
  ) : null;
}

/** The attributes that tie a field to its error. */
export function describedBy(id: string, message: string | undefined) {
  return message ? { 'aria-invalid': true, 'aria-describedby': id } : {};
}

export interface FieldProblem<Field extends string> {
  field: Field;
  message: string;
}

/** The server's refusal of what was typed (400, 409): its message belongs by a field. */
export function refusalOf(error: unknown): string | undefined {
  return error instanceof ApiError && (error.status === 400 || error.status === 409)
    ? error.serverMessage
    : undefined;
}
