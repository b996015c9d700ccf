import {
  INVALID_REASONS,
  TRACKER_REASONS,
  type InvalidClickReason,
} from '../../../shared/invalid-clicks';

/**
 * Issue 34 point 4: the roll-ups' columns of the reasons of invalid clicks (click_hours and
 * user_click_hours keep a count per reason, in snake_case: `doubleClick` is `double_click`), made
 * from the registry (shared/invalid-clicks.ts) for the statements that read and write them. A new
 * reason's column comes with a migration (as 0260 did for `unidentified`).
 */
export const rollupColumn = (code: InvalidClickReason): string =>
  code.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Every reason with its column, in the registry's order; `kept` for those the billing statement
 * judges or records (in the click log), not for those only counted (dated outside the window).
 */
export const REASON_COLUMNS = INVALID_REASONS.map((reason) => ({
  code: reason.code,
  column: rollupColumn(reason.code),
  kept: !('notKept' in reason),
}));

/** Reasons of clicks recorded in the click log, and of those only counted. */
export const KEPT_COLUMNS = REASON_COLUMNS.filter(({ kept }) => kept);
export const NOT_KEPT_COLUMNS = REASON_COLUMNS.filter(({ kept }) => !kept);

/** The reasons the tracker's chart shows (DailyClicksResponse), with their columns. */
export const TRACKER_COLUMNS = TRACKER_REASONS.map(({ code }) => ({
  code,
  column: rollupColumn(code),
}));
