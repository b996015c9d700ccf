import { startServer } from '../server/server';
import { startDevEnvironment } from './environment';

/**
 * The development entry (`npm start` outside production, `npm run dev`): the server with the partner
 * simulator, dev chain and demo data beside it (unless DEV_ENVIRONMENT=off), and the demo logins.
 */
await startServer({
  startDevEnvironment: async (config, db) => {
    const dev = await startDevEnvironment(config, db);
    const banner = [
      `Demo login (/login): ${dev.demoLogin.email} / ${dev.demoLogin.password}`,
      `Partner login (/login/${config.partnerSlug}): ${dev.partnerLogin.username} / ${dev.partnerLogin.password}`,
    ];
    if (dev.chain) {
      banner.push(
        `Dev chain: ${dev.chain.rpcUrl}; pay a pending deposit with npm run dev:pay -- <transaction id>`,
      );
    }
    return { ...dev, banner };
  },
});
