import { Link, useRouter } from '@tanstack/react-router';
import { useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/error-message';
import { adPackageLabel } from '@/lib/ad-package-label';
import { formatMoney } from '@/lib/format';
import {
  isMainCategory,
  needsCategory as packageNeedsCategory,
} from '@/shared/rules/campaign-rules';
import { ErrorBox } from '@/ui/alert';
import { Button, buttonClass } from '@/ui/button';
import { Card, PageHeader } from '@/ui/card';
import { TextField } from '@/ui/field';
import * as fieldStyles from '@/ui/field.css';
import { useShowFirstInvalid } from '@/ui/show-first-invalid';
import { Spinner } from '@/ui/spinner';
import { WriteStatus } from '@/ui/write-status';
import { useAuthUser } from '@/entities/session/api/check-auth';
import { useAdPackages } from '@/entities/campaign/api/get-ad-packages';
import { useCategories } from '@/entities/campaign/api/get-categories';
import { DailyBudgetField } from '@/entities/campaign/components/daily-budget-field';
import { dailyBudgetProblem } from '@/entities/campaign/limits';
import { useNewCampaign } from '../api/new-campaign';
import {
  depositAsTypedProblem,
  depositCapProblem,
  validateCampaignForm,
  type CampaignFormField,
  type CampaignFormProblem,
} from '../campaign-form';
import { EstimatePanel } from './estimate-panel';
import { PackageDetails } from './package-details';
import * as styles from './campaign-form.css';

/** Spec §2 Create campaign form for `username` (shown once the profile is known to be available). */
export function CampaignForm({ username }: { username: string }) {
  const packages = useAdPackages();
  const categories = useCategories();
  const balance = useAuthUser()?.crypto_balance ?? 0;
  const create = useNewCampaign();
  const router = useRouter();
  const categorySelectId = useId();
  const messageId = useId();
  const [packageId, setPackageId] = useState<number | null>(null);
  const [categoryName, setCategoryName] = useState('');
  const [amount, setAmount] = useState('');
  const [dailyBudget, setDailyBudget] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [invalid, setInvalid] = useState<CampaignFormProblem | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const showInvalid = useShowFirstInvalid(form);

  if (packages.isPending) return <Spinner label="Loading packages..." />;
  if (packages.isError) {
    return <ErrorBox>Failed to load ad packages. Please try again later.</ErrorBox>;
  }

  const adPackage = packages.data.find((candidate) => candidate.id === packageId);
  const needsCategory = packageNeedsCategory(packageId);
  const depositProblem = depositAsTypedProblem(amount) ?? depositCapProblem(amount, adPackage);
  const budgetProblem = dailyBudgetProblem(dailyBudget, adPackage?.click_rate);

  /** A message goes away once the user changes what it is about; a server answer, on any change. */
  function edited(field: CampaignFormField) {
    if (invalid?.about.includes(field)) setInvalid(null);
    if (create.isError) create.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (create.busy || budgetProblem !== null) return;
    const problem = validateCampaignForm({ packageId, amount, categoryName }, balance, adPackage);
    setInvalid(problem);
    if (problem) return showInvalid();
    if (packageId === null) return;
    create.mutate(
      {
        username,
        package_id: packageId,
        amount_deposit: Number(amount),
        category_name: needsCategory ? categoryName : null,
        // Issue 36: optional; left out, the campaign has none.
        ...(dailyBudget.trim() === '' ? {} : { daily_budget: Number(dailyBudget) }),
        ...(endsOn === '' ? {} : { ends_on: endsOn }),
      },
      {
        // The tracker route belongs to the campaigns feature: navigate to it by path.
        // The tracker says the server's success message (spec §8) once it is there.
        onSuccess: (answer) =>
          router.history.push(`/analytics/${encodeURIComponent(username)}`, {
            successMessage: answer.message,
          }),
      },
    );
  }

  const message =
    invalid?.message ??
    depositProblem ??
    (create.isError
      ? errorMessage(
          create.error,
          'Failed to create campaign',
          'Failed to create campaign. Please try again.',
        )
      : null);
  // The fields marked invalid are the submit's when it found a problem, else the amount as typed.
  const wrong = (field: CampaignFormField) =>
    invalid ? invalid.fields.includes(field) : field === 'amount' && depositProblem !== null;
  const described = (field: CampaignFormField) => ({
    'aria-invalid': wrong(field),
    'aria-describedby': wrong(field) && message ? messageId : undefined,
  });

  return (
    <>
      <PageHeader title="Create Campaign" subtitle={`Promote @${username} with a click campaign`} />
      <div className={styles.layout}>
        <Card title="Campaign Details">
          <form
            ref={form}
            className={styles.form}
            onSubmit={submit}
            noValidate
            aria-label="Create campaign"
          >
            <TextField
              label="Target Creator"
              value={username}
              readOnly
              className={styles.readOnly}
            />
            {/* Issue 17: a choice of radio buttons, not a select, so that a package's name, rate and
                ranks (spec §2) wrap on a phone instead of being cut in the closed select. A
                radiogroup, which (unlike a group) can be marked invalid. */}
            <fieldset role="radiogroup" className={styles.packages} {...described('packageId')}>
              <legend className={fieldStyles.label}>Ad Package</legend>
              {packages.data.map((option) => (
                <label key={option.id} className={styles.packageOption}>
                  <input
                    type="radio"
                    name="package"
                    value={option.id}
                    checked={packageId === option.id}
                    required
                    onChange={() => {
                      setPackageId(option.id);
                      setCategoryName('');
                      edited('packageId');
                    }}
                  />
                  <span>{adPackageLabel(option)}</span>
                </label>
              ))}
            </fieldset>
            <div className={fieldStyles.field}>
              <label htmlFor={categorySelectId} className={fieldStyles.label}>
                Category
              </label>
              <select
                id={categorySelectId}
                className={`${fieldStyles.input} ${styles.select}`}
                value={categoryName}
                disabled={!needsCategory}
                required={needsCategory}
                {...described('categoryName')}
                onChange={(event) => {
                  setCategoryName(event.target.value);
                  edited('categoryName');
                }}
              >
                <option value="">
                  {needsCategory ? 'Select a category' : 'Only for Category-Specific'}
                </option>
                {(categories.data ?? []).map((category) =>
                  // Spec §5: package 3 cannot target the main categories.
                  isMainCategory(category.name) ? (
                    <option key={category.slug} value={category.name} disabled>
                      {category.name} (Not Available)
                    </option>
                  ) : (
                    <option key={category.slug} value={category.name}>
                      {category.name}
                    </option>
                  ),
                )}
              </select>
              {needsCategory ? (
                <p className={styles.hint}>
                  Note:(Top, New, Free, Popular) categories are not available for this package
                </p>
              ) : null}
              {needsCategory && categories.isError ? (
                <ErrorBox>Error fetching categories, please try again</ErrorBox>
              ) : null}
            </div>
            <div>
              <TextField
                label="Deposit Amount (USD)"
                type="number"
                inputMode="decimal"
                step="0.01"
                min="0"
                placeholder="100.00"
                value={amount}
                {...described('amount')}
                onChange={(event) => {
                  setAmount(event.target.value);
                  edited('amount');
                }}
              />
              <p className={styles.hint}>Minimum deposit: $100</p>
              <p className={styles.balance}>Available balance: {formatMoney(balance)}</p>
            </div>
            {/* Issue 36: both optional, in the account's days. */}
            <DailyBudgetField
              label="Daily Budget (USD, optional)"
              hint="At most this much is spent in one day of your time zone (see Account)."
              value={dailyBudget}
              rate={adPackage?.click_rate}
              onChange={(value) => {
                setDailyBudget(value);
                if (create.isError) create.reset();
              }}
            />
            <TextField
              label="End Date (optional)"
              type="date"
              value={endsOn}
              hint="The last day it runs; then it is paused and the rest refunded."
              onChange={(event) => {
                setEndsOn(event.target.value);
                if (create.isError) create.reset();
              }}
            />
            {/* Issue 31 point 6: by the amount and the button, where a phone shows it when it comes
                (at the top of the form it was drawn 311 px above the screen). */}
            {message ? <ErrorBox id={messageId}>{message}</ErrorBox> : null}
            <WriteStatus write={create.inFlight} />
            <div className={styles.actions}>
              <Link to="/create-campaign" className={buttonClass('secondary')}>
                Cancel
              </Link>
              <Button
                type="submit"
                disabled={
                  packageId === null ||
                  amount === '' ||
                  depositProblem !== null ||
                  budgetProblem !== null ||
                  create.busy
                }
              >
                {create.busy ? 'Creating...' : 'Create Campaign'}
              </Button>
            </div>
          </form>
        </Card>
        <div className={styles.side}>
          <EstimatePanel
            username={username}
            adPackage={adPackage}
            categoryName={categoryName}
            amount={amount}
          />
          <PackageDetails adPackage={adPackage} />
        </div>
      </div>
    </>
  );
}
