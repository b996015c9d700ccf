import { env } from 'node:process';

/**
 * `npm start`: with NODE_ENV=production the production entry, which never loads src/dev; elsewhere
 * the development entry, the whole product on embedded defaults (design §1).
 */
if (env.NODE_ENV === 'production') await import('./server/main');
else await import('./dev/start');
