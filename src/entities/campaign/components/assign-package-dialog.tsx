import { useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/error-message';
import { adPackageLabel } from '@/lib/ad-package-label';
import { formatMoney } from '@/lib/format';
import { MIN_CAMPAIGN_DEPOSIT_DOLLARS } from '@/shared/constants';
import type { Campaign } from '@/shared/contract/campaigns';
import { clicksForDeposit, isMainCategory, needsCategory } from '@/shared/rules/campaign-rules';
import { ErrorBox } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { TextField } from '@/ui/field';
import { useShowFirstInvalid } from '@/ui/show-first-invalid';
import { WriteStatus } from '@/ui/write-status';
import * as styles from '@/ui/select.css';
import { useAuthUser } from '@/entities/session/api/check-auth';
import { useReactivateWithNewPackage } from '../api/assign-ad-package';
import { useAdPackages } from '../api/get-ad-packages';
import { useCategories } from '../api/get-categories';
import {
  assignProblem,
  depositAsTypedProblem,
  type AssignField,
  type AssignProblem,
  type AssignValues,
} from '../assign-package';
import * as dialog from './campaign-dialogs.css';

/** The ARIA of a field: invalid while the dialog's message is about it, and described by it. */
type FieldAria = { 'aria-invalid': boolean; 'aria-describedby': string | undefined };

function CategorySelect({
  value,
  onChange,
  aria,
}: {
  value: string;
  onChange: (value: string) => void;
  aria: FieldAria;
}) {
  const id = useId();
  const categories = useCategories();
  return (
    <div className={styles.selectField}>
      <label htmlFor={id} className={styles.selectLabel}>
        Category
      </label>
      <select
        id={id}
        className={`${styles.select} ${dialog.checkedSelect}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...aria}
      >
        <option value="">Select a category</option>
        {(categories.data ?? []).map((category) => (
          <option
            key={category.slug}
            value={category.name}
            disabled={isMainCategory(category.name)}
          >
            {isMainCategory(category.name) ? `${category.name} (Not Available)` : category.name}
          </option>
        ))}
      </select>
      {categories.isError ? (
        <p className={dialog.fieldError}>
          {errorMessage(categories.error, 'Error fetching categories, please try again')}
        </p>
      ) : null}
      <p className={dialog.hint}>
        Note:(Top, New, Free, Popular) categories are not available for this package
      </p>
    </div>
  );
}

/**
 * Spec §4: reactivation with a new package. Submitting sends assign-ad-package alone: the server
 * replaces the old package in one transaction, so a refusal leaves the campaign as it was and its
 * message shows here (spec §8 Assign package).
 */
export function AssignPackageDialog({
  campaign,
  open,
  onOpenChange,
  onDone,
}: {
  campaign: Campaign;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: (message: string) => void;
}) {
  const packageSelectId = useId();
  const depositHintId = useId();
  const messageId = useId();
  const balance = useAuthUser()?.crypto_balance ?? 0;
  const packages = useAdPackages();
  const reactivate = useReactivateWithNewPackage();
  const [values, setValues] = useState<AssignValues>({ packageId: '', category: '', deposit: '' });
  const [problem, setProblem] = useState<AssignProblem | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const showInvalid = useShowFirstInvalid(form);
  const username = campaign.Profile.username;
  const chosen = packages.data?.find((adPackage) => String(adPackage.id) === values.packageId);
  const isCategoryPackage = needsCategory(chosen?.id ?? null);
  const typed = depositAsTypedProblem(values.deposit, chosen);

  function change(next: boolean) {
    if (!next) {
      setValues({ packageId: '', category: '', deposit: '' });
      setProblem(null);
      reactivate.reset();
    }
    onOpenChange(next);
  }

  /**
   * Issue 31 point 6: a message goes away once the user changes what it is about (the dialog kept
   * an old one after the amount was fixed); the server's answer, on any change.
   */
  function edit(field: AssignField, next: Partial<AssignValues>) {
    setValues({ ...values, ...next });
    if (problem?.about.includes(field)) setProblem(null);
    if (reactivate.isError) reactivate.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reactivate.busy) return;
    const found = assignProblem(values, balance, chosen);
    setProblem(found);
    if (found) return showInvalid();
    reactivate.mutate(
      {
        username,
        package_id: Number(values.packageId),
        category_name: isCategoryPackage ? values.category : null,
        amount_deposit: Number(values.deposit),
        expected_status: campaign.status,
      },
      {
        onSuccess: (answer) => {
          change(false);
          onDone(answer.message);
        },
      },
    );
  }

  const message =
    problem?.message ??
    typed ??
    (reactivate.isError ? errorMessage(reactivate.error, 'Error assigning package') : null);
  // The field marked invalid is the submit's when it found a problem, else the deposit as typed.
  const aria = (field: AssignField, own?: string): FieldAria => {
    const wrong = problem ? problem.field === field : field === 'deposit' && typed !== null;
    const ids = [wrong ? messageId : undefined, own].filter(Boolean).join(' ');
    return { 'aria-invalid': wrong, 'aria-describedby': ids || undefined };
  };

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title="Assign Ad Package"
      description={`Choose a new package and deposit for ${username}.`}
    >
      <form ref={form} className={dialog.form} onSubmit={submit} noValidate>
        <div className={styles.selectField}>
          <label htmlFor={packageSelectId} className={styles.selectLabel}>
            Package
          </label>
          <select
            id={packageSelectId}
            className={`${styles.select} ${dialog.checkedSelect}`}
            value={values.packageId}
            onChange={(event) => edit('packageId', { packageId: event.target.value, category: '' })}
            {...aria('packageId')}
          >
            <option value="">Select a package</option>
            {/* Spec §2: the options show name, rate and ranks, as the create form's do. */}
            {(packages.data ?? []).map((adPackage) => (
              <option key={adPackage.id} value={adPackage.id}>
                {adPackageLabel(adPackage)}
              </option>
            ))}
          </select>
        </div>
        {isCategoryPackage ? (
          <CategorySelect
            value={values.category}
            onChange={(category) => edit('category', { category })}
            aria={aria('category')}
          />
        ) : null}
        <TextField
          label="Deposit Amount (USD)"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          placeholder="0.00"
          value={values.deposit}
          onChange={(event) => edit('deposit', { deposit: event.target.value })}
          {...aria('deposit', depositHintId)}
        />
        <p id={depositHintId} className={dialog.hint}>
          Minimum deposit: {formatMoney(MIN_CAMPAIGN_DEPOSIT_DOLLARS)}. Available balance:{' '}
          {formatMoney(balance)}
        </p>
        {chosen ? (
          <dl className={dialog.summary}>
            <dt>Rate</dt>
            <dd>{formatMoney(chosen.click_rate)} per click</dd>
            <dt>Maximum clicks</dt>
            {/* A deposit the server would refuse buys nothing: never counted rounded. */}
            <dd>
              {typed === null
                ? clicksForDeposit(Number(values.deposit), chosen).toLocaleString('en-US')
                : '—'}
            </dd>
          </dl>
        ) : null}
        {/* Issue 31 point 6: by the fields and the buttons, where a phone shows it. */}
        {message ? <ErrorBox id={messageId}>{message}</ErrorBox> : null}
        <WriteStatus write={reactivate.inFlight} />
        <div className={dialog.dialogActions}>
          <Button variant="secondary" onClick={() => change(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={reactivate.busy || typed !== null}>
            {reactivate.busy ? 'Assigning...' : 'Assign Package'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
