import * as v from 'valibot';

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
  rateLimit: { windowMs: number; perIp: number; perAccount: number };
  partnerSlug: string;
  partnerName: string;
  partnerUrl: string;
  partnerSecret: string;
  /** How long a call to the partner site may take before it counts as unreachable. */
  partnerTimeoutMs: number;
  links: {
    partnerProfile: string;
    partnerForgotPassword: string;
    terms: string;
    privacy: string;
    chatSupport: string;
    supportEmail: string;
    explorerTx: string;
  };
  rpcUrl: string | undefined;
  walletAddress: string | undefined;
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
  staticDir: string;
  logLevel: string;
}

type Env = Record<string, string | undefined>;

/** Required in production; in development each has an embedded default. */
const REQUIRED_IN_PRODUCTION = [
  'DATABASE_URL',
  'SMTP_URL',
  'RPC_URL',
  'WALLET_ADDRESS',
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
  if (env.WALLET_ADDRESS && !/^0x[0-9a-fA-F]{40}$/.test(env.WALLET_ADDRESS)) {
    throw new ConfigError(
      'WALLET_ADDRESS must be an Ethereum address (0x followed by 40 hex characters)',
    );
  }
  const portResult = v.safeParse(Port, env.PORT ?? '8080');
  if (!portResult.success) throw new ConfigError(portResult.issues[0].message);
  const port = portResult.output;
  const devEnvironment = env.DEV_ENVIRONMENT ?? 'on';
  if (devEnvironment !== 'on' && devEnvironment !== 'off') {
    throw new ConfigError('DEV_ENVIRONMENT must be on or off');
  }
  const appUrl = (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const partnerUrl = (env.PARTNER_URL ?? 'http://127.0.0.1:8090').replace(/\/$/, '');
  return {
    production,
    port,
    host: env.HOST ?? '0.0.0.0',
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
    },
    partnerSlug: env.PARTNER_SLUG ?? 'partner',
    partnerName: env.PARTNER_NAME ?? 'CreatorFinder',
    partnerUrl,
    partnerSecret: env.PARTNER_SECRET ?? 'development-partner-secret',
    partnerTimeoutMs: positiveInteger(env, 'PARTNER_TIMEOUT_MS', 5000),
    links: {
      partnerProfile: env.PARTNER_PROFILE_URL ?? `${partnerUrl}/profile/{username}`,
      partnerForgotPassword: env.PARTNER_FORGOT_PASSWORD_URL ?? `${partnerUrl}/forgot-password`,
      terms: env.TERMS_URL ?? `${partnerUrl}/terms`,
      privacy: env.PRIVACY_URL ?? `${partnerUrl}/privacy`,
      chatSupport: env.CHAT_SUPPORT_URL ?? 'https://t.me/promoclicks_support',
      supportEmail: env.SUPPORT_EMAIL ?? 'support@promoclicks.local',
      explorerTx: env.EXPLORER_TX_URL ?? 'https://etherscan.io/tx/{hash}',
    },
    rpcUrl: env.RPC_URL || undefined,
    walletAddress: env.WALLET_ADDRESS || undefined,
    confirmations: positiveInteger(env, 'CONFIRMATIONS', production ? 12 : 1),
    chainId: env.CHAIN_ID ? positiveInteger(env, 'CHAIN_ID', 1) : undefined,
    priceMaxAgeSeconds: positiveInteger(env, 'PRICE_MAX_AGE_SECONDS', 3900),
    stablecoinPaymentWindowHours: positiveInteger(env, 'STABLECOIN_PAYMENT_WINDOW_HOURS', 24),
    jobIntervalSeconds: positiveInteger(env, 'JOB_INTERVAL_SECONDS', 60),
    idempotencyWaitSeconds: positiveInteger(env, 'IDEMPOTENCY_WAIT_SECONDS', 10),
    devEnvironment: !production && devEnvironment === 'on',
    staticDir: env.STATIC_DIR ?? './dist',
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'info'),
  };
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
