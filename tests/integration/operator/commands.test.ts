import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OperatorError } from '@/server/operator/actions';
import { amountCents, parseCommand } from '@/server/operator/commands';

/**
 * Issue 20, point 5: the operator's command line is read before anything is opened; bad input is
 * refused with a message that says what is wrong.
 */

const workDir = mkdtempSync(join(tmpdir(), 'promo-ops-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const refusal = (argv: string[]) => {
  try {
    parseCommand(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(OperatorError);
    return (error as OperatorError).message;
  }
  throw new Error(`${argv.join(' ')} was not refused`);
};

const ID_A = '0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b';
const ID_B = '0190a1b2-c3d4-7e5f-9a6b-7c8d9e0f1a2c';

describe('npm run ops: reading the command line', () => {
  it('reads credit and debit, with amounts in exact cents and the e-mail as given', () => {
    expect(
      parseCommand([
        'credit',
        '--email',
        'Ava@Example.com',
        '--amount',
        '12.5',
        '--reason',
        ' Goodwill ',
        '--key=ticket-7',
      ]),
    ).toEqual({
      name: 'credit',
      email: 'Ava@Example.com',
      amountCents: 1_250,
      reason: 'Goodwill',
      key: 'ticket-7',
    });
    expect(
      parseCommand(['debit', '--email=a@b.c', '--amount=0.01', '--reason', 'Chargeback']),
    ).toEqual({
      name: 'debit',
      email: 'a@b.c',
      amountCents: 1,
      reason: 'Chargeback',
      key: undefined,
    });
    // 0.29 * 100 is 28.999999999999996 in floating point: the cents come from the text.
    expect([amountCents('0.29'), amountCents('1000'), amountCents('1000.10')]).toEqual([
      29, 100_000, 100_010,
    ]);
  });

  it.each(['0', '0.00', '-5', '12.555', 'abc', '1e3', '12.', '.5', '1,000', '99999999999999999'])(
    'refuses the amount %s',
    (amount) => {
      expect(
        refusal(['credit', '--email', 'a@b.c', '--amount', amount, '--reason', 'Goodwill']),
      ).toBe(
        `--amount must be dollars above 0 with at most 2 decimals, such as 12.50 (not "${amount}").`,
      );
    },
  );

  it('refuses a missing option, a blank or long reason, and options a command does not take', () => {
    expect(refusal(['credit', '--amount', '5', '--reason', 'x'])).toBe(
      "Missing --email: the advertiser's e-mail.",
    );
    expect(refusal(['debit', '--email', 'a@b.c', '--reason', 'x'])).toBe(
      'Missing --amount: dollars, such as 12.50.',
    );
    const noReason = 'Missing --reason: say why, in a few words (it is kept with what is done).';
    expect(refusal(['credit', '--email', 'a@b.c', '--amount', '5'])).toBe(noReason);
    expect(refusal(['credit', '--email', 'a@b.c', '--amount', '5', '--reason', '  '])).toBe(
      noReason,
    );
    expect(
      refusal(['credit', '--email', 'a@b.c', '--amount', '5', '--reason', 'x'.repeat(501)]),
    ).toBe('--reason must be at most 500 characters (it has 501).');
    expect(refusal(['credit', '--emial', 'a@b.c'])).toBe(
      'credit takes no option --emial. See npm run ops -- --help.',
    );
    expect(refusal(['credit', '--email', 'a@b.c', '--email', 'd@e.f'])).toBe(
      '--email is given twice.',
    );
    expect(refusal(['credit', '--email', '--amount', '5'])).toBe('--email needs a value.');
    expect(refusal(['credit', 'a@b.c'])).toBe(
      'Unexpected "a@b.c": options are written --name value. See npm run ops -- --help.',
    );
    expect(
      refusal(['credit', '--email', 'a@b.c', '--amount', '5', '--reason', 'x', '--key', ' ']),
    ).toBe('--key must be 1 to 200 characters.');
    expect(refusal(['stuck', '--all'])).toBe(
      'stuck takes no option --all. See npm run ops -- --help.',
    );
    expect(refusal(['refund'])).toBe(
      'Unknown command "refund". Commands: credit, debit, rescan, refund-clicks, stuck. See npm run ops -- --help.',
    );
  });

  it('reads rescan blocks as whole numbers', () => {
    expect(
      parseCommand(['rescan', '--from', '19000000', '--to', '19000100', '--reason', 'x']),
    ).toEqual({ name: 'rescan', from: 19_000_000n, to: 19_000_100n, reason: 'x' });
    expect(refusal(['rescan', '--from', '-1', '--to', '5', '--reason', 'x'])).toBe(
      '--from must be a block number (0 or more), not "-1".',
    );
    expect(refusal(['rescan', '--from', '1', '--to', '0x10', '--reason', 'x'])).toBe(
      '--to must be a block number (0 or more), not "0x10".',
    );
  });

  it('reads click ids from a list or a file, one a line', () => {
    expect(
      parseCommand([
        'refund-clicks',
        '--campaign',
        '12',
        '--ids',
        `${ID_A}, ${ID_B}`,
        '--reason',
        'x',
      ]),
    ).toEqual({ name: 'refund-clicks', campaignId: 12, eventIds: [ID_A, ID_B], reason: 'x' });
    const file = join(workDir, 'ids.txt');
    writeFileSync(file, `${ID_A}\n\n${ID_B}\r\n`);
    expect(
      parseCommand(['refund-clicks', '--campaign', '12', '--ids', file, '--reason', 'x']),
    ).toEqual({ name: 'refund-clicks', campaignId: 12, eventIds: [ID_A, ID_B], reason: 'x' });
    const missing = join(workDir, 'missing.txt');
    expect(refusal(['refund-clicks', '--campaign', '12', '--ids', missing, '--reason', 'x'])).toBe(
      `--ids: there is no file ${missing}, nor is it click ids separated by commas.`,
    );
    writeFileSync(file, '\n');
    expect(refusal(['refund-clicks', '--campaign', '12', '--ids', file, '--reason', 'x'])).toBe(
      '--ids names no click id.',
    );
    expect(refusal(['refund-clicks', '--campaign', 'c12', '--ids', ID_A, '--reason', 'x'])).toBe(
      '--campaign must be a campaign id (a whole number above 0), not "c12".',
    );
  });

  it('answers help for --help anywhere, or no command at all', () => {
    expect(parseCommand([])).toEqual({ name: 'help' });
    expect(parseCommand(['help'])).toEqual({ name: 'help' });
    expect(parseCommand(['credit', '--help'])).toEqual({ name: 'help' });
  });
});
