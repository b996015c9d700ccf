import type { InvalidClickReason } from '../../../shared/invalid-clicks';

/** A click event as the partner reports it (contract ClickEventInput). */
export interface ClickEvent {
  /** A UUIDv7: its first 48 bits are the click's time in milliseconds. */
  id: string;
  username: string;
  at: Date;
  visitorId?: string | undefined;
  userAgent?: string | undefined;
  ip?: string | undefined;
}

export type InvalidCounts = Record<InvalidClickReason, number>;

export interface ClickBatchResult {
  received: number;
  duplicates: number;
  billed: number;
  unbilled: number;
  /** Of the unbilled, those no campaign took because each had spent its daily budget (issue 36). */
  budgetReached: number;
  invalid: number;
  invalidReasons: InvalidCounts;
  endedCampaigns: number;
}

/**
 * An event ready for the billing statement (classify.ts): what can be judged without the database
 * is judged, and the visitor is reduced to keyed hashes.
 */
export interface PreparedEvent {
  id: string;
  username: string;
  at: Date;
  /** The UTC day of the id's time, `YYYY-MM-DD`: the click log's partition; none if not kept. */
  day: string | null;
  /** Judged before the statement: not kept (tooOld, future) or kept as invalid (bot, unidentified). */
  verdict: 'bot' | 'unidentified' | 'tooOld' | 'future' | null;
  /**
   * The key the double-click rule follows: the visitor's on this profile, else the address's (a
   * 64-bit keyed hash, in decimal: classify.ts).
   */
  visitorKey: string | null;
  /** The address's key when the visitor has its own: the daily cap holds for both. */
  addressKey: string | null;
}

/** A group's answers, and each campaign it used up with the batch that took its last click. */
export interface Recorded {
  results: ClickBatchResult[];
  usedUp: { batch: number; id: number }[];
}
