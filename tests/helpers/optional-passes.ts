import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * The test passes that run only when their server is given. A run that leaves one out says so in its
 * last lines: this file is a vitest reporter (vite.config.ts) and the last step of `npm test`.
 */
const OPTIONAL_PASSES = [
  {
    variable: 'TEST_DATABASE_URL',
    example: 'postgres://postgres@127.0.0.1:5432/test',
    what: 'the PostgreSQL pass (the server tests again on PostgreSQL, and the two-server tests)',
    // How a test file takes part: databaseKinds() of tests/helpers/server.ts, or the variable itself.
    takesPart: /\bdatabaseKinds\(|\bTEST_DATABASE_URL\b/,
  },
  {
    variable: 'TEST_REDIS_URL',
    example: 'redis://127.0.0.1:6379',
    what: 'the Redis pass (the login rate limits kept in Redis)',
    takesPart: /\bTEST_REDIS_URL\b/,
  },
];

/**
 * A line for each optional pass whose variable is unset, among those the given test files (their
 * source text) take part in; every pass when no files are given (the whole suite).
 */
export function leftOutPasses(sources?: string[]): string[] {
  return OPTIONAL_PASSES.filter(
    (pass) =>
      !process.env[pass.variable] &&
      (!sources || sources.some((text) => pass.takesPart.test(text))),
  ).map(
    (pass) =>
      `Left out ${pass.what}: set ${pass.variable} (e.g. ${pass.example}) to run it; see the README.`,
  );
}

function print(lines: string[]): void {
  if (lines.length > 0) console.log(`\n${lines.join('\n')}`);
}

/** Listed after the default reporter, so its lines come after vitest's summary. */
export default class OptionalPassesReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    print(leftOutPasses(testModules.map((module) => readFileSync(module.moduleId, 'utf8'))));
  }
}

// The last step of `npm test` (node --import tsx tests/helpers/optional-passes.ts).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  print(leftOutPasses());
}
