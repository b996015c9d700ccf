import * as v from 'valibot';
import { HDKey } from 'viem/accounts';
import { parseTrustProxy } from './trust-proxy';

/**
 * Settings, read once from the environment (style habit 11). In production every real setting must be
 * present; the error names each missing one. Elsewhere the embedded defaults apply.
 */
export interface Config {
  production: boolean;
  port: number;
  host: string;
  /** Public origin of the app, used in mail links and the Origin check. */
  appUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir: string;
  sessionSecret: string;
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so several apps (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  /** Design §3: login, register, forgot-password and verify calls, per IP and per account. */
  rateLimit: {
    windowMs: number;
    perIp: number;
    perAccount: number;
    perAccountAnyIp: number;
    perAccountPerDay: number;
  };
  /**
   * Which proxies' X-Forwarded-For tells the client's address (Fastify's trustProxy): false (none,
   * the default), a hop count, or addresses / CIDRs.
   */
  trustProxy: false | number | string[];
  partnerSlug: string;
  partnerName: string;
  partnerUrl: string;
  partnerSecret: string;
  /** How long a call to the partner site may take before it counts as unreachable. */
  partnerTimeoutMs: number;
  /**
   * Invalid clicks (design §5, domain/clicks/README.md): a visitor's second click on a profile within
   * `doubleClickSeconds` is not billed, nor its clicks on one profile past `dailyCap` a UTC day (per
   * visitor and per address), nor clicks dated more than `acceptDays` ago. The click log keeps
   * `retentionDays` of days (more than `acceptDays`, so an id is billed once however late it is sent
   * again). A click with neither a visitor id nor an address is invalid (`unidentified`) unless
   * `allowUnidentified` (CLICK_ALLOW_UNIDENTIFIED=on, for a partner that cannot send either).
   */
  clicks: {
    doubleClickSeconds: number;
    dailyCap: number;
    acceptDays: number;
    retentionDays: number;
    allowUnidentified: boolean;
  };
  links: {
    partnerProfile: string;
    partnerForgotPassword: string;
    terms: string;
    privacy: string;
    chatSupport: string;
    supportEmail: string;
    /** EXPLORER_TX_URL; unset: the chain's own (explorerOfChain, asked of the chain once). */
    explorerTx: string | undefined;
  };
  /**
   * Issue 35 point 10: who issues the deposit receipts (RECEIPT_ISSUER, lines parted by `|`): a name,
   * then the address lines (and any tax number) an accounting document shows.
   */
  receiptIssuer: string[];
  rpcUrl: string | undefined;
  /**
   * Deposits (design §2): the extended public key (BIP-32) each advertiser's deposit address is
   * derived from, child by child. The server holds no private key.
   */
  depositXpub: string;
  /** ETH from these addresses (gas the operator sends for sweeping) is never credited. */
  sweepFunderAddresses: string[];
  /** Deposits: how often the chain watcher looks for new blocks. */
  chainPollMs: number;
  /** Deposits: how often each address's ETH balance is reconciled (contract wallets' ETH). */
  balanceReconcileSeconds: number;
  /** Deposits: blocks a transfer needs (its own included) before it counts (design §2). */
  confirmations: number;
  /** Deposits: the chain's id when known beforehand; else asked of RPC_URL once. */
  chainId: number | undefined;
  /** Deposits: an ETH/USD price older than this refuses ETH deposits (feed heartbeat 1 h + 5 min). */
  priceMaxAgeSeconds: number;
  /** Deposits: an unpaid USDC or USDT deposit is closed this long after it was created. */
  stablecoinPaymentWindowHours: number;
  /** Background jobs (src/server/jobs): seconds between two runs in each server process. */
  jobIntervalSeconds: number;
  /**
   * A write repeated with the Idempotency-Key of one still running waits this long for it before
   * answering 409 (src/server/idempotency.ts).
   */
  idempotencyWaitSeconds: number;
  /**
   * Outside production, the development entry (src/dev/start.ts) starts the development parts beside
   * the app (partner simulator, dev chain, demo data); DEV_ENVIRONMENT=off leaves them out. Always
   * false in production.
   */
  devEnvironment: boolean;
  /**
   * Issue 34 point 2: every answer of a declared call is checked against its endpoint's response
   * schema, and one that does not match becomes a 500 naming the difference. For tests (the test
   * harness sets CHECK_ANSWERS=on); off by default: in `npm start`, the bench and production.
   */
  checkAnswers: boolean;
  staticDir: string;
  logLevel: string;
  /**
   * Issue 20: how the log is written: `pretty` (development's default: a quiet, human-readable log)
   * or `json` (production's default: one JSON line per entry, with request ids).
   */
  logFormat: 'pretty' | 'json';
  /**
   * Issue 20: the bearer token `GET /metrics` asks for. Unset: open to callers on this machine
   * (loopback) outside production, and closed in production.
   */
  metricsToken: string | undefined;
  /**
   * Issue 20: on SIGTERM, how long /readyz answers 503 while requests are still served, before the
   * server stops taking them, so the load balancer has moved traffic away first.
   */
  shutdownDrainSeconds: number;
}

type Env = Record<string, string | undefined>;

/** Required in production; in development each has an embedded default. */
const REQUIRED_IN_PRODUCTION = [
  'DATABASE_URL',
  'SMTP_URL',
  'RPC_URL',
  'DEPOSIT_XPUB',
  'SESSION_SECRET',
  'APP_URL',
  'PARTNER_URL',
  'PARTNER_SECRET',
] as const;

const Port = v.pipe(
  v.string(),
  v.transform(Number),
  v.integer('PORT must be a whole number'),
  v.minValue(0, 'PORT must be between 0 and 65535'),
  v.maxValue(65535, 'PORT must be between 0 and 65535'),
);

export class ConfigError extends Error {}

export function loadConfig(env: Env = process.env): Config {
  const production = env.NODE_ENV === 'production';
  if (production) {
    const missing = REQUIRED_IN_PRODUCTION.filter((name) => !env[name]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Refusing to start in production: missing settings ${missing.join(', ')}. ` +
          'Set each of them (see README, "Settings").',
      );
    }
    if ((env.SESSION_SECRET ?? '').length < 32) {
      throw new ConfigError(
        'Refusing to start in production: SESSION_SECRET must be at least 32 characters.',
      );
    }
  }
  if (env.WALLET_ADDRESS) {
    throw new ConfigError(
      'WALLET_ADDRESS is no longer used: each advertiser has a deposit address of their own, ' +
        'derived from DEPOSIT_XPUB (see README, "Deposits").',
    );
  }
  const depositXpub = env.DEPOSIT_XPUB || DEV_DEPOSIT_XPUB;
  checkXpub(depositXpub);
  if (production && depositXpub === DEV_DEPOSIT_XPUB) {
    throw new ConfigError(
      'Refusing to start in production: DEPOSIT_XPUB is the development key, whose private keys are public. Set your own.',
    );
  }
  if (production && env.CONFIRMATIONS !== undefined && Number(env.CONFIRMATIONS) < 2) {
    throw new ConfigError(
      'Refusing to start in production: CONFIRMATIONS must be at least 2 (a reorganisation of one block could otherwise undo a credited payment).',
    );
  }
  const sweepFunderAddresses = (env.SWEEP_FUNDER_ADDRESSES ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter((address) => address !== '');
  for (const address of sweepFunderAddresses) {
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) {
      throw new ConfigError(
        `SWEEP_FUNDER_ADDRESSES: "${address}" is not an Ethereum address (0x followed by 40 hex characters)`,
      );
    }
  }
  const portResult = v.safeParse(Port, env.PORT ?? '8080');
  if (!portResult.success) throw new ConfigError(portResult.issues[0].message);
  const port = portResult.output;
  const devEnvironment = env.DEV_ENVIRONMENT ?? 'on';
  if (devEnvironment !== 'on' && devEnvironment !== 'off') {
    throw new ConfigError('DEV_ENVIRONMENT must be on or off');
  }
  const checkAnswers = env.CHECK_ANSWERS ?? 'off';
  if (checkAnswers !== 'on' && checkAnswers !== 'off') {
    throw new ConfigError('CHECK_ANSWERS must be on or off');
  }
  const appUrl = (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const partnerUrl = (env.PARTNER_URL ?? 'http://127.0.0.1:8090').replace(/\/$/, '');
  return {
    production,
    port,
    // Development listens on this machine only; a production server is reached from outside.
    host: env.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    appUrl,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? './.data',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'PromoClicks <no-reply@promoclicks.local>',
    outboxDir: env.OUTBOX_DIR ?? './.data/outbox',
    sessionSecret: env.SESSION_SECRET ?? 'development-only-session-secret-change-me',
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'promoclicks:',
    rateLimit: {
      windowMs: positiveInteger(env, 'RATE_LIMIT_WINDOW_SECONDS', 15 * 60) * 1000,
      perIp: positiveInteger(env, 'RATE_LIMIT_PER_IP', 30),
      perAccount: positiveInteger(env, 'RATE_LIMIT_PER_ACCOUNT', 10),
      ...guessLimits(env),
    },
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    partnerSlug: env.PARTNER_SLUG ?? 'partner',
    partnerName: env.PARTNER_NAME ?? 'CreatorFinder',
    partnerUrl,
    partnerSecret: env.PARTNER_SECRET ?? 'development-partner-secret',
    partnerTimeoutMs: positiveInteger(env, 'PARTNER_TIMEOUT_MS', 5000),
    clicks: clickSettings(env),
    links: {
      partnerProfile: env.PARTNER_PROFILE_URL ?? `${partnerUrl}/profile/{username}`,
      partnerForgotPassword: env.PARTNER_FORGOT_PASSWORD_URL ?? `${partnerUrl}/forgot-password`,
      terms: env.TERMS_URL ?? `${partnerUrl}/terms`,
      privacy: env.PRIVACY_URL ?? `${partnerUrl}/privacy`,
      chatSupport: env.CHAT_SUPPORT_URL ?? 'https://t.me/promoclicks_support',
      supportEmail: env.SUPPORT_EMAIL ?? 'support@promoclicks.local',
      explorerTx: env.EXPLORER_TX_URL || undefined,
    },
    receiptIssuer: receiptIssuerSetting(env.RECEIPT_ISSUER),
    rpcUrl: env.RPC_URL || undefined,
    depositXpub,
    sweepFunderAddresses,
    chainPollMs: positiveInteger(env, 'CHAIN_POLL_MS', production ? 4000 : 1000),
    balanceReconcileSeconds: positiveInteger(env, 'BALANCE_RECONCILE_SECONDS', 600),
    confirmations: positiveInteger(env, 'CONFIRMATIONS', production ? 12 : 1),
    chainId: env.CHAIN_ID ? positiveInteger(env, 'CHAIN_ID', 1) : undefined,
    priceMaxAgeSeconds: positiveInteger(env, 'PRICE_MAX_AGE_SECONDS', 3900),
    stablecoinPaymentWindowHours: positiveInteger(env, 'STABLECOIN_PAYMENT_WINDOW_HOURS', 24),
    jobIntervalSeconds: positiveInteger(env, 'JOB_INTERVAL_SECONDS', 60),
    idempotencyWaitSeconds: positiveInteger(env, 'IDEMPOTENCY_WAIT_SECONDS', 10),
    devEnvironment: !production && devEnvironment === 'on',
    checkAnswers: checkAnswers === 'on',
    staticDir: env.STATIC_DIR ?? './dist',
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: logFormatSetting(env.LOG_FORMAT, production),
    metricsToken: env.METRICS_TOKEN || undefined,
    shutdownDrainSeconds: nonNegativeInteger(env, 'SHUTDOWN_DRAIN_SECONDS', production ? 10 : 0),
  };
}

/** RECEIPT_ISSUER's lines, blank ones dropped; unset or blank, the product's name. */
function receiptIssuerSetting(setting: string | undefined): string[] {
  const lines = (setting ?? '')
    .split('|')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return lines.length > 0 ? lines : ['PromoClicks'];
}

function logFormatSetting(setting: string | undefined, production: boolean): Config['logFormat'] {
  if (setting === undefined || setting === '') return production ? 'json' : 'pretty';
  if (setting !== 'pretty' && setting !== 'json') {
    throw new ConfigError('LOG_FORMAT must be pretty or json');
  }
  return setting;
}

/**
 * Development's DEPOSIT_XPUB: m/44'/60'/1'/0 of the dev chain's mnemonic ("test test ... junk"), so no
 * deposit address is one of anvil's funded accounts (m/44'/60'/0'/0/0-9). Child i is the address of
 * mnemonicToAccount(mnemonic, { accountIndex: 1, addressIndex: i }) (tests/unit/deposit-addresses).
 */
export const DEV_DEPOSIT_XPUB =
  'xpub6EFHUEbYV13535ChA9yg5xZTWowwFCmFoWnhLbwkd91xHoirGu89GTZwBSUBnBpFeY5EV2cgof8yuyDnkeGALcD8DgGYJSiQfkxKpunWTX1';

/** Block explorers of the chains whose id is known, for their transaction links. */
const EXPLORERS: Record<number, string> = {
  1: 'https://etherscan.io/tx/{hash}',
  11155111: 'https://sepolia.etherscan.io/tx/{hash}',
};

/**
 * Issue 17: the transaction link of the chain the deposits are on, when EXPLORER_TX_URL does not say:
 * Etherscan's for mainnet and Sepolia; none for the local dev chain or an unknown one, which no public
 * explorer knows (the screens then show no link rather than one to mainnet's that finds nothing).
 */
function clickSettings(env: Env): Config['clicks'] {
  const acceptDays = positiveInteger(env, 'CLICK_ACCEPT_DAYS', 7);
  const retentionDays = positiveInteger(env, 'CLICK_LOG_RETENTION_DAYS', acceptDays + 3);
  if (retentionDays <= acceptDays) {
    throw new ConfigError(
      `CLICK_LOG_RETENTION_DAYS (${retentionDays}) must be more than CLICK_ACCEPT_DAYS (${acceptDays}): an id re-sent inside the accept window must still find its day in the click log.`,
    );
  }
  const allowUnidentified = env.CLICK_ALLOW_UNIDENTIFIED ?? 'off';
  if (allowUnidentified !== 'on' && allowUnidentified !== 'off') {
    throw new ConfigError('CLICK_ALLOW_UNIDENTIFIED must be on or off');
  }
  return {
    doubleClickSeconds: positiveInteger(env, 'CLICK_DOUBLE_CLICK_SECONDS', 60),
    dailyCap: positiveInteger(env, 'CLICK_DAILY_CAP', 10),
    acceptDays,
    retentionDays,
    allowUnidentified: allowUnidentified === 'on',
  };
}

export function explorerOfChain(chainId: number): string {
  return EXPLORERS[chainId] ?? '';
}

function checkXpub(xpub: string): void {
  if (/^[xtyzuv]prv/.test(xpub)) {
    throw new ConfigError(
      'DEPOSIT_XPUB must be an extended public key (xpub...), never a private key: the server must not hold one.',
    );
  }
  const message = 'DEPOSIT_XPUB must be an extended public key (xpub followed by 107 characters)';
  if (!/^xpub[1-9A-HJ-NP-Za-km-z]{107}$/.test(xpub)) throw new ConfigError(message);
  try {
    HDKey.fromExtendedKey(xpub);
  } catch {
    throw new ConfigError(`${message}: its checksum or key is not valid`);
  }
}

/** TRUST_PROXY (src/server/trust-proxy.ts): none, a hop count, or proxies that are not everyone. */
function trustProxySetting(raw: string | undefined): false | number | string[] {
  try {
    return parseTrustProxy(raw);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

/**
 * Issue 32 point 2: failed sign-ins to one account from new browsers, every address together: the
 * first RATE_LIMIT_PER_ACCOUNT_ANY_IP at once, then at a pace that allows at most
 * RATE_LIMIT_PER_ACCOUNT_PER_DAY in any 24 hours.
 */
function guessLimits(env: Env): { perAccountAnyIp: number; perAccountPerDay: number } {
  const perAccountAnyIp = positiveInteger(env, 'RATE_LIMIT_PER_ACCOUNT_ANY_IP', 10);
  const perAccountPerDay = positiveInteger(env, 'RATE_LIMIT_PER_ACCOUNT_PER_DAY', 100);
  if (perAccountPerDay <= perAccountAnyIp) {
    throw new ConfigError(
      'RATE_LIMIT_PER_ACCOUNT_PER_DAY must be more than RATE_LIMIT_PER_ACCOUNT_ANY_IP',
    );
  }
  return { perAccountAnyIp, perAccountPerDay };
}

function positiveInteger(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new ConfigError(`${name} must be a whole number above 0`);
  }
  return value;
}

function nonNegativeInteger(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new ConfigError(`${name} must be a whole number, 0 or more`);
  }
  return value;
}
