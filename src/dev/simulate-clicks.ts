import { parseArgs } from 'node:util';
import {
  placedProfiles,
  REALISTIC_TRAFFIC,
  seededRandom,
  sendClicks,
  type ClickReport,
} from './click-traffic';

/**
 * `npm run simulate:clicks -- [--username NAME] [--count N] [--seed N]`: the partner simulator
 * reports clicks to the running server (API_URL, default http://localhost:8080) signed with
 * PARTNER_SECRET. Without --username it clicks every profile placed right now. The clicks are the
 * realistic mix (about 5% bots, 5% double clicks, never billed); --seed repeats a run's mix and
 * visitors (so a repeat on the same profile within 60 s is all double clicks).
 */
const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    count: { type: 'string', default: '10' },
    seed: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log('Usage: npm run simulate:clicks -- [--username NAME] [--count N] [--seed N]');
  process.exit(0);
}

const count = Number(values.count);
if (!Number.isInteger(count) || count < 1 || count > 1000) {
  console.error('--count must be a whole number from 1 to 1000');
  process.exit(1);
}

const seed = values.seed === undefined ? undefined : Number(values.seed);
if (seed !== undefined && !Number.isInteger(seed)) {
  console.error('--seed must be a whole number');
  process.exit(1);
}
const random = seed === undefined ? Math.random : seededRandom(seed);

/** "2 invalid (bot 1, doubleClick 1)", or nothing when every click was valid. */
function invalidSummary(report: ClickReport): string {
  if (report.invalid === 0) return '';
  const reasons = Object.entries(report.invalidReasons)
    .filter(([, clicks]) => clicks > 0)
    .map(([reason, clicks]) => `${reason} ${clicks}`);
  return `, ${report.invalid} invalid (${reasons.join(', ')})`;
}

const target = {
  apiUrl: (process.env.API_URL ?? 'http://localhost:8080').replace(/\/$/, ''),
  secret: process.env.PARTNER_SECRET ?? 'development-partner-secret',
};

try {
  const usernames = values.username ? [values.username] : await placedProfiles(target);
  if (usernames.length === 0)
    console.log('No profile is placed right now: start a campaign first.');
  for (const username of usernames) {
    const report = await sendClicks(target, username, count, { mix: REALISTIC_TRAFFIC, random });
    console.log(
      `${username}: ${report.billed} billed, ${report.unbilled} not billed` +
        invalidSummary(report) +
        (report.endedCampaigns > 0
          ? `, ${report.endedCampaigns} campaign ended (clicks used up)`
          : ''),
    );
  }
} catch (error) {
  console.error(`Could not send clicks to ${target.apiUrl}: ${(error as Error).message}`);
  process.exit(1);
}
