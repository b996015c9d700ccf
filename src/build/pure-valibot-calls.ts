import type { Plugin } from 'vite';

/**
 * valibot's functions are pure, but called through the namespace import (`v.object(…)`) Rolldown
 * cannot tell, and kept every schema of each contract module the client imports, with every valibot
 * function they use, in the app chunk. Declaring calls of `v` pure (Rolldown then treats `v(…)` and
 * `v.anything(…)` as such) lets unused schemas go. Measured with `npm run test:size` (with
 * client-endpoints.ts): /login 123,478 -> 122,854 B, /dashboard 127,843 -> 127,292 B gzip.
 *
 * That is right only while every `v` the client calls for its effect is valibot's: the build stops at
 * a module that calls a `v` of its own as a statement (a call whose answer is used stays either way).
 */
const CALLS_V_FOR_ITS_EFFECT = /(?:^|[;{}])\s*v(?:\.[\w$]+)*\s*\(/m;
const IMPORTS_VALIBOT_AS_V = /import \* as v from 'valibot';/;

export function pureValibotCalls(): Plugin {
  return {
    name: 'pure-valibot-calls',
    apply: 'build',
    enforce: 'pre',
    config: () => ({ build: { rolldownOptions: { treeshake: { manualPureFunctions: ['v'] } } } }),
    transform(code, id) {
      if (/[\\/]node_modules[\\/]valibot[\\/]/.test(id) || IMPORTS_VALIBOT_AS_V.test(code)) return;
      if (/\.(m?[jt]sx?)$/.test(id.split('?')[0]!) && CALLS_V_FOR_ITS_EFFECT.test(code)) {
        this.error(`pure-valibot-calls: ${id} calls a v(…) that is not valibot's; rename it`);
      }
    },
  };
}
