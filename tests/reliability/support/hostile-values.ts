/** The hostile values the hostile-input test sends, by kind. */

/** Strings of 8 to 30 UTF-16 units: past every minimum length, under every maximum. */
export const SHORT_TEXTS = {
  'SQL quote': "' OR '1'='1' --",
  'SQL statement': "x'; DROP TABLE users; --",
  'SQL union': "' UNION SELECT 1--",
  'LIKE wildcards': '%_%_%_%_',
  'lone surrogate': 'abcd\ud800efgh',
  'right-to-left override': 'abc\u202egpj.exe',
  emoji: '😀😀😀😀',
  'zero-width joiner': 'a\u200db\u200dc\u200dd\u200de',
  'HTML tag': '<img src=x onerror=alert(1)>',
} as const;

/** Longer than every maximum length of a text field. */
export const LONG_TEXTS = {
  '10k combining marks': `a${'\u0301'.repeat(10_000)}`,
  '60,000 characters': 'x'.repeat(60_000),
} as const;

export const NUL_TEXT = 'ab\u0000cd';

/** Values of the wrong JSON type for a text field, and for a number field. */
export const NOT_TEXT = { number: 123, boolean: true, list: ['a'], object: { a: 1 }, null: null };
export const NOT_NUMBER = {
  'digits as text': '100',
  text: 'abc',
  boolean: true,
  list: [100],
  object: { value: 100 },
  null: null,
};

/** Dollar amounts; each answer is the endpoint's own. NaN and Infinity cannot be JSON: see RAW_AMOUNTS. */
export const AMOUNTS = {
  '-1': -1,
  '0': 0,
  '-0': -0,
  '"NaN"': 'NaN',
  '"Infinity"': 'Infinity',
  '"100.00.0"': '100.00.0',
  '100.001': 100.001,
  '1e15': 1e15,
  '1e21': 1e21,
  '1e308': 1e308,
} as const;

/** Number tokens JSON does not have: a body holding one is not JSON at all. */
export const NOT_JSON_NUMBERS = ['NaN', 'Infinity', '-Infinity'] as const;

/** Valid JSON that parses to Infinity. */
export const INFINITE_JSON_NUMBER = '1e999';

/** Whole-number ids that name nothing (or nothing a database integer can hold). */
export const IDS = {
  '-1': -1,
  '0': 0,
  '1.5': 1.5,
  '"1e3"': '1e3',
  '" 1"': ' 1',
  '"99999"': '99999',
  '2^31': 2 ** 31,
  '2^53': 2 ** 53,
  '1e20': 1e20,
} as const;
