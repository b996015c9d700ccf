/**
 * The client's pages: the full paths of the file routes in src/routes (TanStack Router's spelling, a
 * `$name` segment is any one segment). The server answers them with the app shell, and every other
 * page-like path with the shell as a 404 (issue 32 finding 6). Written out here so that the server
 * needs no client code; tests/unit/app-routes.test.ts fails when a route file is added, moved or
 * removed without this list.
 */
export const APP_ROUTES = [
  '/',
  '/login',
  '/login/$product',
  '/register',
  '/forgot-password',
  '/reset-password/$token',
  '/account',
  '/account/$link/$token',
  '/dashboard',
  '/campaigns',
  '/campaign-history',
  '/create-campaign',
  '/create-campaign/profile/$username',
  '/analytics/$username',
  '/notifications',
  '/support',
  '/topup',
  '/topup-balance',
  '/topup-balance/$id',
  '/transactions',
  '/statement',
  '/error',
] as const;
