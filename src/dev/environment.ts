import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../server/config';
import type { Db } from '../server/db/db';
import { startClickTraffic } from './click-traffic';
import { DEMO_ADVERTISER, seedDemoData } from './demo-seed';
import { devChainRoutes, startDevChain, type DevChain } from './dev-chain';
import {
  startPartnerSimulator,
  type PartnerAccount,
  type PartnerSimulator,
} from './partner-simulator';

export { DEMO_ADVERTISER } from './demo-seed';

/** The partner-site account for "sign in with the partner" (/login/{product}) in development. */
export const DEMO_PARTNER_ACCOUNT: PartnerAccount = {
  username: 'partner_demo',
  password: 'partner-password',
  email: 'partner_demo@creatorfinder.local',
};

/** Every account the development simulator knows: a second one for tests that need two partner users. */
export const DEMO_PARTNER_ACCOUNTS: PartnerAccount[] = [
  DEMO_PARTNER_ACCOUNT,
  {
    username: 'partner_second',
    password: 'partner-password-2',
    email: 'second@creatorfinder.local',
  },
];

export interface DevEnvironment {
  /** The config with the simulators' URLs filled in. */
  config: Config;
  demoLogin: { email: string; password: string };
  partnerLogin: { username: string; password: string };
  /** The dev chain started when RPC_URL is unset (its RPC URL is in config). */
  chain: DevChain | undefined;
  /** Development-only routes for the app (/api/dev/…, used by `npm run dev:pay`). */
  devRoutes: FastifyPluginAsync;
  stop(): Promise<void>;
}

/** SIMULATE_CLICKS_EVERY_SECONDS: how often the simulator reports clicks (default 20; 0 = never). */
function clickTrafficSeconds(): number {
  const seconds = Number(process.env.SIMULATE_CLICKS_EVERY_SECONDS ?? 20);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}

/** Starts what development needs beside the server: partner simulator, dev chain and demo data. */
export async function startDevEnvironment(config: Config, db: Db): Promise<DevEnvironment> {
  const partner = await startLocalPartner(config);
  // Without RPC_URL: anvil with the test tokens and price feed, kept in DATA_DIR across restarts.
  const chain = config.rpcUrl
    ? undefined
    : await startDevChain({ stateFile: join(config.dataDir, 'dev-chain.json') });
  const seeded = await seedDemoData(db, config.dataDir);
  if (seeded.profilesInserted > 0 || seeded.advertiserCreated) {
    console.log(
      `  Demo data: ${seeded.profilesInserted} creators added` +
        (seeded.advertiserCreated ? ', demo advertiser created with $1,000.00' : ''),
    );
  }
  // The partner simulator's clicks on placed profiles, so the numbers move (off with 0).
  const stopClicks =
    clickTrafficSeconds() > 0
      ? startClickTraffic(
          { apiUrl: `http://127.0.0.1:${config.port}`, secret: config.partnerSecret },
          clickTrafficSeconds() * 1000,
          (line) => console.log(`  ${line}`),
        )
      : undefined;
  const withChain: Config = chain ? { ...config, rpcUrl: chain.rpcUrl } : config;
  return {
    config: partner ? withPartnerUrl(withChain, partner.url) : withChain,
    demoLogin: { email: DEMO_ADVERTISER.email, password: DEMO_ADVERTISER.password },
    partnerLogin: {
      username: DEMO_PARTNER_ACCOUNT.username,
      password: DEMO_PARTNER_ACCOUNT.password,
    },
    chain,
    devRoutes: devChainRoutes,
    stop: async () => {
      stopClicks?.();
      await partner?.stop();
      await chain?.stop();
    },
  };
}

/**
 * Starts the partner simulator where PARTNER_URL points when that is this machine (default
 * 127.0.0.1:8090); when the port is taken (a second server, a test run), on a free port instead.
 * A PARTNER_URL elsewhere is a real partner: nothing is started.
 */
async function startLocalPartner(config: Config): Promise<PartnerSimulator | undefined> {
  const url = new URL(config.partnerUrl);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) return undefined;
  const host = url.hostname === 'localhost' ? '127.0.0.1' : url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  try {
    return await startPartnerSimulator({ host, port, accounts: DEMO_PARTNER_ACCOUNTS });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EADDRINUSE') throw error;
    return startPartnerSimulator({ host, port: 0, accounts: DEMO_PARTNER_ACCOUNTS });
  }
}

/** The config with the partner's URL, and the links derived from it, moved to `partnerUrl`. */
function withPartnerUrl(config: Config, partnerUrl: string): Config {
  const url = partnerUrl.replace(/\/$/, '');
  if (url === config.partnerUrl) return config;
  const move = (link: string | undefined) =>
    link?.startsWith(config.partnerUrl) ? url + link.slice(config.partnerUrl.length) : link;
  const links = Object.fromEntries(
    Object.entries(config.links).map(([name, link]) => [name, move(link)]),
  ) as Config['links'];
  return { ...config, partnerUrl: url, links };
}
