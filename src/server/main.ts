import { startServer } from './server';

/**
 * The production entry (`NODE_ENV=production npm start`): the server alone. It never loads src/dev,
 * so outside production it runs as with DEV_ENVIRONMENT=off.
 */
await startServer();
