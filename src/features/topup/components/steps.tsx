import * as styles from './topup.css';

const STEPS = [
  'Choose a coin and the amount in USD',
  'Send the amount to your deposit address (Ethereum network)',
  'We detect your payment and wait for its confirmations',
  'Your balance is credited once the payment is confirmed',
] as const;

/** Spec §2: the step list; `current` is the 1-based step the advertiser is on. */
export function Steps({ current }: { current: number }) {
  return (
    <ol className={styles.steps} aria-label="How it works">
      {STEPS.map((step, index) => {
        const number = index + 1;
        const state = number < current ? 'done' : number === current ? 'current' : 'todo';
        return (
          <li
            key={step}
            className={styles.step[state]}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className={styles.stepNumber} aria-hidden="true">
              {state === 'done' ? '✓' : number}
            </span>
            <span>{step}</span>
          </li>
        );
      })}
    </ol>
  );
}
