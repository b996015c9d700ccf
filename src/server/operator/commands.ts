import { existsSync, readFileSync } from 'node:fs';
import type { Config } from '../config';
import type { Db } from '../db/db';
import { ChainUnavailableError, createChain } from '../domain/deposits/chain';
import { HttpError } from '../errors';
import { OperatorError, plural, REASON_MAX_LENGTH } from './actions';
import { adjustBalance } from './adjust-balance';
import { refundClicks } from './refund-clicks';
import { describeTransfer, rescanDeposits } from './rescan';
import { findStuck } from './stuck';

/** An operator command as read from the command line (cli.ts), ready to run. */
export type Command =
  | { name: 'help' }
  | {
      name: 'credit' | 'debit';
      email: string;
      amountCents: number;
      reason: string;
      key: string | undefined;
    }
  | { name: 'rescan'; from: bigint; to: bigint; reason: string }
  | { name: 'refund-clicks'; campaignId: number; eventIds: string[]; reason: string }
  | { name: 'stuck' };

/** The options each command takes. */
const OPTIONS = {
  credit: ['email', 'amount', 'reason', 'key'],
  debit: ['email', 'amount', 'reason', 'key'],
  rescan: ['from', 'to', 'reason'],
  'refund-clicks': ['campaign', 'ids', 'reason'],
  stuck: [],
} as const satisfies Record<string, readonly string[]>;

type CommandName = keyof typeof OPTIONS;
const SEE_HELP = 'See npm run ops -- --help.';
const KEY_MAX_LENGTH = 200;

/**
 * Reads `npm run ops -- <command> [--option value | --option=value]…`. Bad input throws an
 * OperatorError that says what is wrong; nothing has been opened or changed yet.
 */
export function parseCommand(argv: string[]): Command {
  if (argv.length === 0 || argv.some((arg) => arg === '--help' || arg === '-h')) {
    return { name: 'help' };
  }
  const [name, ...rest] = argv as [string, ...string[]];
  if (name === 'help') return { name: 'help' };
  if (!Object.hasOwn(OPTIONS, name)) {
    throw new OperatorError(
      `Unknown command "${name}". Commands: ${Object.keys(OPTIONS).join(', ')}. ${SEE_HELP}`,
    );
  }
  const command = name as CommandName;
  const options = readOptions(command, rest);
  switch (command) {
    case 'credit':
    case 'debit':
      return {
        name: command,
        email: required(options, 'email', "the advertiser's e-mail"),
        amountCents: amountCents(required(options, 'amount', 'dollars, such as 12.50')),
        reason: reason(options),
        key: key(options.get('key')),
      };
    case 'rescan':
      return {
        name: command,
        from: block('from', required(options, 'from', 'the first block to scan')),
        to: block('to', required(options, 'to', 'the last block to scan')),
        reason: reason(options),
      };
    case 'refund-clicks':
      return {
        name: command,
        campaignId: campaignId(required(options, 'campaign', 'the campaign id')),
        eventIds: clickIds(
          required(options, 'ids', 'click ids separated by commas, or a file of them'),
        ),
        reason: reason(options),
      };
    case 'stuck':
      return { name: command };
  }
}

/** Runs a command on an open, migrated database; answers the lines to print. */
export async function runCommand(
  db: Db,
  config: Config,
  command: Exclude<Command, { name: 'help' }>,
): Promise<string[]> {
  switch (command.name) {
    case 'credit':
    case 'debit': {
      const { name, ...adjustment } = command;
      return [(await adjustBalance(db, { direction: name, ...adjustment })).summary];
    }
    case 'rescan': {
      if (!config.rpcUrl) {
        throw new OperatorError(
          "rescan needs RPC_URL: the JSON-RPC URL of the chain the deposits are paid on (the servers').",
        );
      }
      const chain = createChain({
        rpcUrl: config.rpcUrl,
        confirmations: config.confirmations,
        chainId: config.chainId,
        priceMaxAgeSeconds: config.priceMaxAgeSeconds,
      });
      const sweepFunders = config.sweepFunderAddresses.map((address) => address.toLowerCase());
      const result = await rescanDeposits(db, chain, { sweepFunders }, command);
      return [...result.transfers.map(describeTransfer), result.summary];
    }
    case 'refund-clicks': {
      const result = await refundClicks(db, command);
      return [
        ...result.alreadyRefunded.map((id) => `${id}: refunded before`),
        ...result.notFound.map((id) => `${id}: not found in the click log`),
        ...result.notBilledHere.map((id) => `${id}: not billed to campaign ${command.campaignId}`),
        ...result.notClickIds.map((id) => `${id}: not a click id (a UUIDv7)`),
        result.summary,
      ];
    }
    case 'stuck': {
      const items = await findStuck(db.read, { confirmations: config.confirmations });
      return [
        ...items.map((item) => item.line),
        items.length === 0
          ? 'Nothing looks stuck.'
          : `${plural(items.length, 'thing')} ${items.length === 1 ? 'looks' : 'look'} stuck.`,
      ];
    }
  }
}

/**
 * The message to print for a failure the operator can act on; undefined for a bug (the caller lets
 * it end the process with its stack). The node's answer is cut to its first line: viem's longer text
 * names RPC_URL, which may hold an API key.
 */
export function operatorMessage(error: unknown): string | undefined {
  if (error instanceof ChainUnavailableError) {
    const reason = error.reason as { shortMessage?: string; message?: string } | undefined;
    const text = String(reason?.shortMessage ?? reason?.message ?? reason).split('\n')[0];
    return `The chain at RPC_URL does not answer: ${text}`;
  }
  if (error instanceof OperatorError || error instanceof HttpError) return error.message;
  return undefined;
}

function readOptions(command: CommandName, args: string[]): Map<string, string> {
  const allowed: readonly string[] = OPTIONS[command];
  const options = new Map<string, string>();
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      throw new OperatorError(`Unexpected "${arg}": options are written --name value. ${SEE_HELP}`);
    }
    const eq = arg.indexOf('=');
    const option = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    if (!allowed.includes(option)) {
      throw new OperatorError(`${command} takes no option --${option}. ${SEE_HELP}`);
    }
    if (options.has(option)) throw new OperatorError(`--${option} is given twice.`);
    let value: string | undefined;
    if (eq !== -1) value = arg.slice(eq + 1);
    else if (i + 1 < args.length && !args[i + 1]!.startsWith('--')) value = args[(i += 1)];
    if (value === undefined) throw new OperatorError(`--${option} needs a value.`);
    options.set(option, value);
  }
  return options;
}

function required(options: Map<string, string>, option: string, what: string): string {
  const value = options.get(option)?.trim();
  if (!value) throw new OperatorError(`Missing --${option}: ${what}.`);
  return value;
}

function reason(options: Map<string, string>): string {
  const text = required(
    options,
    'reason',
    'say why, in a few words (it is kept with what is done)',
  );
  if (text.length > REASON_MAX_LENGTH) {
    throw new OperatorError(
      `--reason must be at most ${REASON_MAX_LENGTH} characters (it has ${text.length}).`,
    );
  }
  return text;
}

function key(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text === '' || text.length > KEY_MAX_LENGTH) {
    throw new OperatorError(`--key must be 1 to ${KEY_MAX_LENGTH} characters.`);
  }
  return text;
}

/**
 * Dollars with at most 2 decimals, above 0, to exact cents: read from the text, never through a
 * floating-point number (money is integer cents inside, design §2).
 */
export function amountCents(text: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  const cents = match ? BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0')) : 0n;
  if (cents <= 0n || cents > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new OperatorError(
      `--amount must be dollars above 0 with at most 2 decimals, such as 12.50 (not "${text}").`,
    );
  }
  return Number(cents);
}

function block(option: string, text: string): bigint {
  if (!/^\d+$/.test(text)) {
    throw new OperatorError(`--${option} must be a block number (0 or more), not "${text}".`);
  }
  return BigInt(text);
}

function campaignId(text: string): number {
  const id = /^\d+$/.test(text) ? Number(text) : 0;
  if (!Number.isSafeInteger(id) || id < 1) {
    throw new OperatorError(
      `--campaign must be a campaign id (a whole number above 0), not "${text}".`,
    );
  }
  return id;
}

/**
 * --ids: the name of a file of click ids (one a line; commas and spaces separate too), or else the
 * ids separated by commas.
 */
function clickIds(value: string): string[] {
  let text = value;
  if (existsSync(value)) {
    try {
      text = readFileSync(value, 'utf8');
    } catch (error) {
      throw new OperatorError(`Cannot read the --ids file ${value}: ${(error as Error).message}`);
    }
  } else if (!/^[0-9a-fA-F,\s-]+$/.test(value)) {
    throw new OperatorError(
      `--ids: there is no file ${value}, nor is it click ids separated by commas.`,
    );
  }
  const ids = text.split(/[\s,]+/).filter(Boolean);
  if (ids.length === 0) throw new OperatorError('--ids names no click id.');
  return ids;
}
