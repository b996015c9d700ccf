import { userInfo } from 'node:os';
import type { Tx, Writer } from '../db/db';

/**
 * The record of what the operator commands did (table operator_actions, migration 0180): command,
 * arguments, reason, the summary printed, who ran it and when.
 */

/** A refusal the operator must read: printed as is, exit code 1, nothing changed. */
export class OperatorError extends Error {}

export const REASON_MAX_LENGTH = 500;

export interface ActionInput {
  command: string;
  /** As the command read them: the same intent gives the same arguments (compared for --key). */
  arguments: Record<string, unknown>;
  reason: string;
  /** The operator's own reference: a second run with it does nothing (adjust-balance.ts). */
  key?: string;
}

export type StartedAction =
  | { id: number; earlier?: undefined }
  /** The key was used before, for this same command and arguments: that action's id and summary. */
  | { id: number; earlier: { result: string } };

/**
 * Records the start of an action inside the caller's transaction, so it exists exactly when its
 * effects do. With a key used before: answers that action when it was this command with these
 * arguments (the caller then does nothing), and refuses one that was not. Two runs with one key at
 * once: the unique key makes the second wait for the first and then find it.
 */
export async function startAction(tx: Tx, input: ActionInput): Promise<StartedAction> {
  const args = JSON.stringify(input.arguments);
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO operator_actions (command, arguments, reason, key, run_by)
      VALUES ($1, $2::jsonb, $3, $4, $5)
      ON CONFLICT (key) DO NOTHING
      RETURNING id`,
    [input.command, args, input.reason, input.key ?? null, runBy()],
  );
  if (row) return { id: Number(row.id) };
  const [earlier] = await tx.query<{ id: number; same: boolean; result: string | null }>(
    `SELECT id, command = $2 AND arguments = $3::jsonb AS same, result
       FROM operator_actions WHERE key = $1`,
    [input.key, input.command, args],
  );
  if (!earlier!.same) {
    throw new OperatorError(
      `--key ${input.key} was used by action ${earlier!.id} for another command or other options. Nothing was changed.`,
    );
  }
  return { id: Number(earlier!.id), earlier: { result: earlier!.result ?? '' } };
}

/** Writes the summary of a finished action (inside its transaction, or after a rescan). */
export async function finishAction(db: Writer, id: number, result: string): Promise<void> {
  await db.query('UPDATE operator_actions SET result = $2, finished_at = now() WHERE id = $1', [
    id,
    result,
  ]);
}

/** Who runs the command: the user behind sudo, else the process's own. */
function runBy(): string {
  try {
    return process.env.SUDO_USER || userInfo().username;
  } catch {
    // No entry in the system's user list (a container running under a bare uid).
    return `uid ${process.getuid?.() ?? 'unknown'}`;
  }
}

/** "1 click", "2 clicks". */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The operator's reason as the end of a sentence: with its own full stop, or one added. */
export function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
