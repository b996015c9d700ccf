import { v7 as uuidv7 } from 'uuid';
import { loadConfig } from '@/server/config';
import { clickRulesOf, type ClickRules } from '@/server/domain/clicks';
import { noInvalidClicks, type InvalidClickReason } from '@/shared/invalid-clicks';

/**
 * Click ids are UUIDv7s that carry the click's time (contract ClickEventInput). Tests name their
 * events (`e1`, `dave-3`); each name stands for one id, made the first time it is asked for, with
 * the time given (now by default): the same name is the same id, so a replay is a replay.
 */
const ids = new Map<string, string>();

export function clickId(name: string, at: Date | number = Date.now()): string {
  let id = ids.get(name);
  if (id === undefined) {
    id = uuidv7({ msecs: typeof at === 'number' ? at : at.getTime() });
    ids.set(name, id);
  }
  return id;
}

/** The rules the server runs with by default (config CLICK_*), with a fixed hash key. */
export const TEST_CLICK_RULES: ClickRules = {
  ...clickRulesOf(loadConfig({}).clicks, 'test-session-secret'),
  visitorHashKey: 'test-visitor-hash-key',
};

/** A count of 0 for every reason of an invalid click (src/shared/invalid-clicks.ts). */
export const noInvalidReasons = (): Record<InvalidClickReason, number> => noInvalidClicks();

/** No visitor rules' counts: the answer of a batch with no invalid click. */
export const NO_INVALID = { invalid: 0, invalidReasons: noInvalidReasons() } as const;
