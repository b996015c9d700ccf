import { useEffect, useRef } from 'react';
import { ErrorBox } from './alert';
import { SuccessBox } from './status-boxes';
import type { Feedback } from './feedback';
import * as styles from './feedback-box.css';

/** What useFeedback holds, above the page; focused when it arrived from another page. */

export function FeedbackBox({
  feedback,
  onDismiss,
}: {
  feedback: Feedback;
  onDismiss?: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const arrived = feedback?.arrived === true;

  useEffect(() => {
    // The control that led here is on the page left behind: the message takes the focus, so a
    // screen reader reads it whether or not it announces a status region that appears with a page.
    if (arrived) box.current?.focus();
  }, [arrived, feedback?.text]);

  if (!feedback) return null;
  return (
    <div
      ref={box}
      tabIndex={-1}
      className={onDismiss ? `${styles.feedback} ${styles.dismissible}` : styles.feedback}
    >
      {feedback.kind === 'success' ? (
        <SuccessBox>{feedback.text}</SuccessBox>
      ) : (
        <ErrorBox>{feedback.text}</ErrorBox>
      )}
      {onDismiss ? (
        <button type="button" className={styles.dismiss} aria-label="Dismiss" onClick={onDismiss}>
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  );
}
