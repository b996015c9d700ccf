import type { ButtonHTMLAttributes } from 'react';
import * as styles from './button.css';

export type ButtonVariant = keyof typeof styles.button;

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  block?: boolean;
}

export function Button({ variant = 'primary', block, className, type, ...props }: ButtonProps) {
  const classes = [styles.button[variant], block ? styles.block : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return <button type={type ?? 'button'} className={classes} {...props} />;
}

/** Class names for links that look like buttons. */
export function buttonClass(variant: ButtonVariant = 'primary', block = false): string {
  return block ? `${styles.button[variant]} ${styles.block}` : styles.button[variant];
}
