/**
 * Why a click was not billed although its id was new (design §5, issue 18): every reason once, in
 * the order the rules judge them (src/server/domain/clicks/README.md). The screens, their CSVs, the
 * contracts' shapes, the billing statement's answer and roll-up columns and the stats' sums are made
 * from this list (issue 34 point 4), so each reason has one label everywhere.
 *
 * Adding a reason: an entry here, a migration adding its roll-up column (its code in snake_case:
 * rollupColumn in src/server/domain/clicks/rollup-columns.ts) to
 * click_hours and user_click_hours and to the trigger function that keeps the latter (as migration
 * 0260 did for `unidentified`), its description for partners (InvalidClickCounts in
 * contract/partner.ts: the type check asks for it) and the rule that gives the verdict (classify.ts
 * for one judged before the statement, statement.ts for one that needs the database).
 *
 * No valibot here, and only text the screens show: the module is loaded with the charts.
 */
export interface InvalidReason {
  /** The verdict: in the click log's `invalid`, the answers' and metrics' keys. */
  code: string;
  /** A column's heading (screens' tables, CSVs). */
  label: string;
  /** A count of one in a sentence, after the number: `1 double click`. */
  one: string;
  /** A count of several, when not the same as `one`: `2 double clicks`. */
  many?: string;
  /**
   * Judged before the billing statement and not kept in the click log (dated outside the accept
   * window): only counted, at the hour they came and on no campaign.
   */
  notKept?: true;
  /** Shown on the tracker's chart of a campaign's clicks (DailyClicksResponse). */
  tracker?: true;
}

export const INVALID_REASONS = [
  { code: 'bot', label: 'Bots', one: 'from a bot', many: 'from bots', tracker: true },
  {
    code: 'unidentified',
    label: 'Unidentified visitors',
    one: 'from an unidentified visitor',
    many: 'from unidentified visitors',
    tracker: true,
  },
  {
    code: 'doubleClick',
    label: 'Double clicks',
    one: 'double click',
    many: 'double clicks',
    tracker: true,
  },
  { code: 'dailyCap', label: 'Over daily cap', one: 'over the daily cap', tracker: true },
  { code: 'notPlaced', label: 'Not placed', one: 'not placed' },
  { code: 'tooOld', label: 'Too old', one: 'too old', notKept: true },
  { code: 'future', label: 'Future', one: 'dated in the future', notKept: true },
] as const satisfies readonly InvalidReason[];

type Entry = (typeof INVALID_REASONS)[number];
export type InvalidClickReason = Entry['code'];
/** The reasons the tracker's chart shows. */
export type TrackerReason = Extract<Entry, { tracker: true }>['code'];

// Pure (for Rolldown): a module that imports this one and uses neither list does not keep it.
export const INVALID_CLICK_REASONS: readonly InvalidClickReason[] =
  /* @__PURE__ */ INVALID_REASONS.map(({ code }) => code);
export const TRACKER_REASONS = /* @__PURE__ */ INVALID_REASONS.filter(
  (reason): reason is Extract<Entry, { tracker: true }> => 'tracker' in reason,
);

/** A count of 0 for every reason: the counts of clicks none of which was invalid. */
export function noInvalidClicks(): Record<InvalidClickReason, number> {
  return Object.fromEntries(INVALID_REASONS.map(({ code }) => [code, 0])) as Record<
    InvalidClickReason,
    number
  >;
}

/** How many clicks of these counts were invalid. */
export function invalidTotal(invalid: Partial<Record<InvalidClickReason, number>>): number {
  return INVALID_REASONS.reduce((sum, { code }) => sum + (invalid[code] ?? 0), 0);
}

/** `2 from bots, 1 double click`: the reasons that have clicks, in the registry's order. */
export function reasonsText(invalid: Partial<Record<InvalidClickReason, number>>): string {
  const parts: string[] = [];
  for (const reason of INVALID_REASONS as readonly InvalidReason[]) {
    const n = invalid[reason.code as InvalidClickReason] ?? 0;
    if (n > 0)
      parts.push(
        `${n.toLocaleString('en-US')} ${n === 1 ? reason.one : (reason.many ?? reason.one)}`,
      );
  }
  return parts.join(', ');
}
