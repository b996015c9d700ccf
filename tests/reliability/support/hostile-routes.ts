import type { FastifyInstance } from 'fastify';

/**
 * Every route the app has registered, as "METHOD /path", read from Fastify's own route tree
 * (`printRoutes()`): each line is a piece of path under its parent, indented 4 characters a level,
 * with its methods in brackets. (`commonPrefix: false` would print whole paths, but it prints
 * `/avatars/*` as `*`.) Each route read is checked with `hasRoute`, so a misread fails loudly.
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const match = /^([│ ]*)(?:[└├]── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (prefixes[depth - 1] ?? '') + match[2]!;
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) {
      if (!app.hasRoute({ method: method as 'GET', url: path })) {
        throw new Error(`read ${method} ${path} from printRoutes, but it is not a route`);
      }
      routes.push(`${method} ${path}`);
    }
  }
  return routes.sort();
}
