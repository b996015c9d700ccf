import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { MIN_CAMPAIGN_DEPOSIT_DOLLARS } from '../../../shared/constants';
import type { AdPackage, Campaign } from '../../../shared/contract/campaigns';
import {
  CAMPAIGN_RULE_MESSAGES,
  categoryProblem,
  clicksForDeposit,
  isMainCategory,
  needsCategory,
} from '../../../shared/rules/campaign-rules';
import { ErrorBox } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { TextField } from '../../../ui/field';
import { WriteStatus } from '../../../ui/write-status';
import * as styles from '../../../ui/select.css';
import { useAuthUser } from '../../auth/api/check-auth';
import { useReactivateWithNewPackage } from '../api/assign-ad-package';
import { useAdPackages } from '../api/get-ad-packages';
import { useCategories } from '../api/get-categories';
import * as dialog from './campaign-dialogs.css';

interface AssignValues {
  packageId: string;
  category: string;
  deposit: string;
}

/**
 * Spec §5 Assign package: the first problem, or null. A new package is a new campaign deposit
 * (design §2), so the create form's $100 minimum (§9) and balance rule come after "above 0".
 */
export function assignProblem(values: AssignValues, balance: number): string | null {
  if (!values.packageId) return 'Please select a package';
  const category = categoryProblem(Number(values.packageId), values.category);
  if (category) return category;
  const deposit = Number(values.deposit);
  if (values.deposit.trim() === '' || !Number.isFinite(deposit) || deposit <= 0)
    return 'Please enter a valid deposit amount';
  if (deposit < MIN_CAMPAIGN_DEPOSIT_DOLLARS) return CAMPAIGN_RULE_MESSAGES.minimumDeposit;
  if (deposit > balance) return 'You do not have enough balance to create this campaign';
  return null;
}

function CategorySelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  const categories = useCategories();
  return (
    <div className={styles.selectField}>
      <label htmlFor={id} className={styles.selectLabel}>
        Category
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(event) => onChange(event.target.value)}
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
 * A package by its name alone: its rate shows in the Rate row below as soon as it is chosen, and the
 * name with its rate would be cut in the closed select on a phone (issue 17).
 */
function packageLabel(adPackage: AdPackage): string {
  return adPackage.name;
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
  const balance = useAuthUser()?.crypto_balance ?? 0;
  const packages = useAdPackages();
  const reactivate = useReactivateWithNewPackage();
  const [values, setValues] = useState<AssignValues>({ packageId: '', category: '', deposit: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const username = campaign.Profile.username;
  const chosen = packages.data?.find((adPackage) => String(adPackage.id) === values.packageId);
  const isCategoryPackage = needsCategory(chosen?.id ?? null);

  function change(next: boolean) {
    if (!next) {
      setValues({ packageId: '', category: '', deposit: '' });
      setProblem(null);
      reactivate.reset();
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reactivate.busy) return;
    const found = assignProblem(values, balance);
    setProblem(found);
    if (found) return;
    reactivate.mutate(
      {
        username,
        package_id: Number(values.packageId),
        category_name: isCategoryPackage ? values.category : null,
        amount_deposit: Number(values.deposit),
      },
      {
        onSuccess: (answer) => {
          change(false);
          onDone(answer.message);
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title="Assign Ad Package"
      description={`Choose a new package and deposit for ${username}.`}
    >
      <form className={dialog.form} onSubmit={submit} noValidate>
        {reactivate.isError ? (
          <ErrorBox>{errorMessage(reactivate.error, 'Error assigning package')}</ErrorBox>
        ) : null}
        {problem ? <ErrorBox>{problem}</ErrorBox> : null}
        <div className={styles.selectField}>
          <label htmlFor={packageSelectId} className={styles.selectLabel}>
            Package
          </label>
          <select
            id={packageSelectId}
            className={styles.select}
            value={values.packageId}
            onChange={(event) =>
              setValues({ ...values, packageId: event.target.value, category: '' })
            }
          >
            <option value="">Select a package</option>
            {(packages.data ?? []).map((adPackage) => (
              <option key={adPackage.id} value={adPackage.id}>
                {packageLabel(adPackage)}
              </option>
            ))}
          </select>
        </div>
        {isCategoryPackage ? (
          <CategorySelect
            value={values.category}
            onChange={(category) => setValues({ ...values, category })}
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
          onChange={(event) => setValues({ ...values, deposit: event.target.value })}
          aria-describedby={depositHintId}
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
            <dd>{clicksForDeposit(Number(values.deposit), chosen).toLocaleString('en-US')}</dd>
          </dl>
        ) : null}
        <WriteStatus write={reactivate.inFlight} />
        <div className={dialog.dialogActions}>
          <Button variant="secondary" onClick={() => change(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={reactivate.busy}>
            {reactivate.busy ? 'Assigning...' : 'Assign Package'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
