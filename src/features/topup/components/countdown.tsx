import { formatTimeLeft } from '../deposit-state';
import * as styles from './topup.css';

/** Spec §4: the payment window counting down (ETH 15:00; stablecoins in hours and minutes). */
export function Countdown({ secondsLeft }: { secondsLeft: number }) {
  return (
    <div className={secondsLeft <= 60 ? `${styles.timer} ${styles.timerLow}` : styles.timer}>
      <span>Time remaining to send the payment</span>
      <span role="timer" aria-label="Time remaining" className={styles.timerValue}>
        {formatTimeLeft(secondsLeft)}
      </span>
    </div>
  );
}
