import type { Plugin } from 'vite';

/**
 * The client's build leaves out the request-body schemas of the endpoint declarations
 * (src/shared/contract): the browser sends a body typed by its schema but never runs the schema (the
 * server validates), and with the schemas in, every valibot function any of them uses landed in the
 * first load, since valibot is one module of the app chunk. Measured with `npm run test:size`
 * (with vite.config.ts's pure valibot calls): /login 123,485 -> 122,854 B, /dashboard 127,846 ->
 * 127,292 B gzip; the budget of each is 128,362 B.
 *
 * Each declaration is written `endpoint({ … body: Schema, … })` (prettier keeps one property a line);
 * the `body: Schema,` line is dropped from the calls of the contract modules. Only the build uses
 * this: the tests and the server run the declarations as written.
 */
const BODY_PROPERTY = /(\bendpoint\(\{[^()]*?)\n\s*body: [\w$]+,/g;

export function clientEndpoints(): Plugin {
  return {
    name: 'client-endpoints',
    apply: 'build',
    // On the source as written, before TypeScript is compiled away.
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/]shared[\\/]contract[\\/][^\\/]+\.ts$/.test(id)) return null;
      if (!code.includes('endpoint({')) return null;
      const stripped = code.replace(BODY_PROPERTY, '$1');
      // A declaration written another way would keep its schema silently: refuse it instead.
      if (/\bendpoint\(\{[^()]*?\bbody:/.test(stripped)) {
        this.error(`client-endpoints: a body schema in ${id} is not written as "body: Schema,"`);
      }
      return { code: stripped, map: null };
    },
  };
}
