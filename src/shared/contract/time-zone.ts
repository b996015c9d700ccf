import * as v from 'valibot';
import { isTimeZone } from '../stats-range';

/** The advertiser's time zone as the browser names it (IANA), e.g. `Europe/Berlin` (issue 19). */
export const TimeZone = v.pipe(
  v.string('A time zone is required'),
  v.maxLength(64, 'Unknown time zone'),
  v.check(isTimeZone, 'Unknown time zone'),
);
