/** What tests/e2e/run.ts hands to the browser tests; each missing setting is named. */
function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set: run the browser tests with \`npm run test:e2e\`.`);
  }
  return value;
}

export const e2eEnv = {
  baseUrl: required('E2E_BASE_URL'),
  outboxDir: required('E2E_OUTBOX_DIR'),
  chromiumPath: required('CHROMIUM_PATH'),
  staticDir: required('E2E_STATIC_DIR'),
};
