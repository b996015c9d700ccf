import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import * as styles from './field.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** A rule shown under the field before anything is typed (e.g. a password's length). */
  hint?: string;
  /** The id of the message saying what is wrong with this field: it is then marked invalid. */
  errorId?: string | undefined;
}

/**
 * The ARIA of a field (issue 17): invalid while a message names it, and described by its hint and
 * that message, so a screen reader says both when the field gets the focus.
 */
function described(
  hintId: string | undefined,
  errorId: string | undefined,
  own: string | undefined,
) {
  const ids = [own, hintId, errorId].filter(Boolean).join(' ');
  return {
    'aria-invalid': errorId ? true : undefined,
    'aria-describedby': ids || undefined,
  };
}

function Hint({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className={styles.hint}>
      {text}
    </p>
  );
}

/** A labelled input. */
export function TextField({
  label,
  hint,
  errorId,
  className,
  'aria-describedby': own,
  ...props
}: TextFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={`${styles.input} ${className ?? ''}`}
        {...described(hint && `${id}h`, errorId, own)}
        {...props}
      />
      {hint ? <Hint id={`${id}h`} text={hint} /> : null}
    </div>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** A labelled password input with a show/hide toggle. */
export function PasswordField({
  label,
  hint,
  errorId,
  'aria-describedby': own,
  ...props
}: PasswordFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.passwordWrap}>
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={`${styles.input} ${styles.inputWithToggle}`}
          {...described(hint && `${id}h`, errorId, own)}
          {...props}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      {hint ? <Hint id={`${id}h`} text={hint} /> : null}
    </div>
  );
}

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  children: ReactNode;
}

export function Checkbox({ children, ...props }: CheckboxProps) {
  const id = useId();
  return (
    <div className={styles.checkboxRow}>
      <input id={id} type="checkbox" className={styles.checkbox} {...props} />
      <label htmlFor={id}>{children}</label>
    </div>
  );
}
