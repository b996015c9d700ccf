import { parseArgs } from 'node:util';
import { placedProfiles, sendClicks } from './click-traffic';

/**
 * `npm run simulate:clicks -- [--username NAME] [--count N]`: the partner simulator reports clicks to
 * the running server (API_URL, default http://localhost:8080) signed with PARTNER_SECRET. Without
 * --username it clicks every profile placed right now.
 */
const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    count: { type: 'string', default: '10' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log('Usage: npm run simulate:clicks -- [--username NAME] [--count N]');
  process.exit(0);
}

const count = Number(values.count);
if (!Number.isInteger(count) || count < 1 || count > 1000) {
  console.error('--count must be a whole number from 1 to 1000');
  process.exit(1);
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
    const report = await sendClicks(target, username, count);
    console.log(
      `${username}: ${report.billed} billed, ${report.unbilled} not billed` +
        (report.endedCampaigns > 0
          ? `, ${report.endedCampaigns} campaign ended (clicks used up)`
          : ''),
    );
  }
} catch (error) {
  console.error(`Could not send clicks to ${target.apiUrl}: ${(error as Error).message}`);
  process.exit(1);
}
