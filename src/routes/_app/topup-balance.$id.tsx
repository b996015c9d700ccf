import { createFileRoute } from '@tanstack/react-router';

/**
 * A deposit's page, /topup-balance/{id}, drawn by the parent route (topup-balance.tsx), which also
 * draws its receipt at ?view=receipt. No component, search schema or receipt route of its own: every
 * route and route option is in the first load, and /dashboard had 58 B of its 128,362 B budget
 * to spare (`npm run test:size`): a route costs 43 to 52 B gzip, a valibot search schema about 18.
 */
export const Route = createFileRoute('/_app/topup-balance/$id')();
