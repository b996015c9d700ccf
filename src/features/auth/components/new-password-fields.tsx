import { useId } from 'react';
import { ErrorBox } from '@/ui/alert';
import { PasswordField } from '@/ui/field';
import { fieldOfProblem } from '../validation';

/**
 * A new password and its confirmation with the form's Error box (spec §5): a reset and an account's
 * first password alike. The field the message is about is marked invalid and described by it
 * (issue 17); `describedBy` adds the form's own words about the password.
 */
export function NewPasswordFields({
  problem,
  password,
  confirmPassword,
  onPasswordChange,
  onConfirmPasswordChange,
  describedBy,
}: {
  problem: string | null;
  password: string;
  confirmPassword: string;
  onPasswordChange: (value: string) => void;
  onConfirmPasswordChange: (value: string) => void;
  describedBy?: string;
}) {
  const errorId = useId();
  const invalid = (name: string) =>
    problem && fieldOfProblem(problem) === name ? errorId : undefined;
  return (
    <>
      {problem ? <ErrorBox id={errorId}>{problem}</ErrorBox> : null}
      <PasswordField
        label="New Password"
        name="newPassword"
        autoComplete="new-password"
        required
        aria-describedby={describedBy}
        errorId={invalid('password')}
        value={password}
        onChange={(event) => onPasswordChange(event.target.value)}
      />
      <PasswordField
        label="Confirm Password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        errorId={invalid('confirmPassword')}
        value={confirmPassword}
        onChange={(event) => onConfirmPasswordChange(event.target.value)}
      />
    </>
  );
}
