import { ConfigError, loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { MAX_RESCAN_BLOCKS } from './rescan';
import { MAX_CLICK_IDS } from './refund-clicks';
import { operatorMessage, parseCommand, runCommand } from './commands';

const HELP = `Usage: npm run ops -- <command> [options]

Operator commands. Each command that changes something records what it did, with your reason, in
the table operator_actions and prints a one-line summary; stuck and --help change nothing.
They read the server's settings: PostgreSQL when DATABASE_URL is set (the servers may keep running),
else the embedded PGlite database in DATA_DIR (default ./.data).

The embedded PGlite database belongs to one process: stop the server before running a command on it.

  credit --email <e-mail> --amount <dollars> --reason "<text>" [--key <reference>]
      Adds the amount to the advertiser's balance: one ledger row with your reason as its note, and
      a notification that tells the advertiser the amount and the reason.
  debit --email <e-mail> --amount <dollars> --reason "<text>" [--key <reference>]
      Takes the amount from the balance, the same way; refused when the balance cannot cover it.
      --amount: dollars above 0 with at most 2 decimals (12.50). --key: a reference of yours, such
      as a ticket number: the same command run again with it does nothing the second time.
  rescan --from <block> --to <block> --reason "<text>"
      Scans those blocks of the chain again for transfers to the deposit addresses, and credits those
      with enough confirmations not credited yet: each transfer once, however often it is scanned.
      Needs RPC_URL. At most ${MAX_RESCAN_BLOCKS} blocks at once; the watcher's cursor is left alone.
  refund-clicks --campaign <id> --ids <id,id,… | file> --reason "<text>"
      Credits back clicks billed to the campaign and found invalid later, at the campaign's rate, to
      the advertiser's balance: one ledger row with your reason, and a notification with it. Each
      click is refunded once, ever; ids refunded before, not found in the click log (it keeps
      CLICK_LOG_RETENTION_DAYS days) or not billed to the campaign are listed, not refunded. --ids
      takes click ids separated by commas, or a file with one a line (at most ${MAX_CLICK_IDS}).
  stuck
      Lists deposits and campaigns that look stuck: transfers detected and not credited, requests
      past their window the expiry job did not close, a watcher that stopped scanning, active
      campaigns with no clicks left, on a profile no longer listed, or with no billed click in 7 days.

Exit code 0 when the command did its work, 1 when it was refused (the message says why; nothing was
changed).`;

/** The operator's command line (npm run ops); the commands' rules live in their own modules. */
async function operate(argv: string[]): Promise<number> {
  let command;
  try {
    command = parseCommand(argv);
  } catch (error) {
    const message = operatorMessage(error);
    if (message === undefined) throw error;
    console.error(message);
    return 1;
  }
  if (command.name === 'help') {
    console.log(HELP);
    return argv.length === 0 ? 1 : 0;
  }
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await migrate(db);
    for (const line of await runCommand(db, config, command)) console.log(line);
    return 0;
  } catch (error) {
    const message = operatorMessage(error);
    if (message === undefined) throw error;
    console.error(message);
    return 1;
  } finally {
    await db.close();
  }
}

try {
  process.exitCode = await operate(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
