import { ErrorBox, SuccessBox } from './alert';

/** What an action reported, shown above the page until the next one: a success or an error. */
export type Feedback = { kind: 'success' | 'error'; text: string } | null;

export function FeedbackBox({ feedback }: { feedback: Feedback }) {
  if (!feedback) return null;
  return feedback.kind === 'success' ? (
    <SuccessBox>{feedback.text}</SuccessBox>
  ) : (
    <ErrorBox>{feedback.text}</ErrorBox>
  );
}
