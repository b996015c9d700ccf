import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import * as styles from './field.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
}

/** A labelled input. */
export function TextField({ label, className, ...props }: TextFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input id={id} className={`${styles.input} ${className ?? ''}`} {...props} />
    </div>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** A labelled password input with a show/hide toggle. */
export function PasswordField({ label, ...props }: PasswordFieldProps) {
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
