import fc from 'fast-check';

// Hostile input for the fuzz test (test/hardening/fuzz.int.test.ts): fixed payloads for the
// table-driven cases and fast-check arbitraries for the random ones. Nothing here knows a route.

/** Database and driver wording, and stack traces: none of it may reach a client. */
export const DB_TEXT =
  /syntax error|invalid byte sequence|violates|duplicate key|relation "|column "|SQLSTATE|pglite|kysely|postgres|pg_|stack|\s{4}at /i;
/** What not even a success may carry (a 2xx can legitimately echo the caller's own text). */
export const DB_TEXT_IN_SUCCESS = /SQLSTATE|invalid byte sequence/i;

const NUL = '\u0000';
const LONE_SURROGATE = /\p{Cs}/u;

/** A NUL or a lone UTF-16 surrogate: text PostgreSQL cannot store as given. */
export const isUnsafeText = (text: string) => text.includes(NUL) || LONE_SURROGATE.test(text);

// ---------------------------------------------------------------------------------------------
// JSON built by hand, so a payload can hold what JSON.stringify cannot: deep nesting (it is
// recursive), an own "__proto__" key, duplicate keys, numbers out of range, broken text.

/** JSON text placed verbatim into a payload. */
export class RawJson {
  constructor(
    readonly text: string,
    readonly label: string,
    /** Whether the text carries a NUL or lone surrogate (in JSON escapes) the server must refuse. */
    readonly unsafe = false,
  ) {}
  [fc.toStringMethod]() {
    return `RawJson(${this.label})`;
  }
}

/** A value of a payload: plain JSON data with RawJson pieces anywhere. */
export type Payload = unknown;

/**
 * The JSON text of a payload. Strings go through JSON.stringify, which writes a lone surrogate
 * as a \\udXXX escape (well-formed JSON.stringify), so it survives the UTF-8 of the wire.
 */
export function jsonText(value: Payload): string {
  if (value instanceof RawJson) return value.text;
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .map((key) => `${JSON.stringify(key)}:${jsonText(record[key])}`)
      .join(',')}}`;
  }
  return 'null';
}

/** An object whose keys are all own properties, "__proto__" included. */
export function objectFrom(entries: Array<[string, Payload]>): Record<string, Payload> {
  const object: Record<string, Payload> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return object;
}

/** Whether any string or key of the payload carries text the server must refuse. */
export function carriesUnsafeText(value: Payload): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node instanceof RawJson) {
      if (node.unsafe) return true;
    } else if (typeof node === 'string') {
      if (isUnsafeText(node)) return true;
    } else if (node !== null && typeof node === 'object') {
      for (const key of Object.keys(node)) {
        if (isUnsafeText(key)) return true;
        stack.push((node as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/** A copy of the payload with `value` at `path` (object keys and array indexes). */
export function setAt(payload: Payload, path: readonly string[], value: Payload): Payload {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const base =
    payload !== null && typeof payload === 'object' && !(payload instanceof RawJson)
      ? (payload as Record<string, Payload>)
      : {};
  if (Array.isArray(base)) {
    const copy = [...base];
    copy[Number(head)] = setAt(copy[Number(head)], rest, value);
    return copy;
  }
  const entries = Object.keys(base).map((key): [string, Payload] => [key, base[key]]);
  const index = entries.findIndex(([key]) => key === head);
  const next = setAt(index >= 0 ? entries[index]?.[1] : undefined, rest, value);
  if (index >= 0) entries[index] = [head, next];
  else entries.push([head, next]);
  return objectFrom(entries);
}

/** Every path to a leaf (a non-object value) of a plain payload. */
export function leafPaths(payload: Payload, prefix: string[] = []): string[][] {
  if (payload === null || typeof payload !== 'object' || payload instanceof RawJson) {
    return prefix.length > 0 ? [prefix] : [];
  }
  const record = payload as Record<string, Payload>;
  const keys = Object.keys(record);
  if (keys.length === 0) return prefix.length > 0 ? [prefix] : [];
  return keys.flatMap((key) => leafPaths(record[key], [...prefix, key]));
}

// ---------------------------------------------------------------------------------------------
// Fixed hostile values.

export const MEGABYTE = 1_000_000;
/** A 1 MB string: alone in a body it stays under the 1 MiB body limit. */
export const ONE_MB_STRING = 'x'.repeat(MEGABYTE);

export interface Named<T> {
  name: string;
  value: T;
}

/** Hostile strings, each with a name to report it by. None contains any DB_TEXT wording. */
export const HOSTILE_STRINGS: ReadonlyArray<Named<string>> = [
  { name: 'a NUL alone', value: NUL },
  { name: 'a NUL inside text', value: `Grace${NUL}Hopper` },
  { name: 'a trailing NUL', value: `alan@example.test${NUL}` },
  { name: 'a lone high surrogate', value: '\ud800' },
  { name: 'a lone low surrogate', value: '\udfff' },
  { name: 'a lone surrogate inside text', value: 'Ada\ud83dLovelace' },
  { name: 'a reversed surrogate pair', value: '\udc00\ud800' },
  { name: 'noncharacters and a BOM', value: '\ufeff\uffff\ufffe' },
  { name: 'control characters', value: '\u0001\u0008\u001b\u001f\u007f\u0085' },
  { name: 'line and paragraph separators', value: 'a\u2028b\u2029c\r\nd' },
  { name: 'a right-to-left override', value: '\u202egnp.exe' },
  { name: 'a family emoji', value: '👨‍👩‍👧‍👦' },
  { name: 'stacked combining marks', value: `Z${'\u0336\u0337\u0338'.repeat(60)}` },
  { name: 'an SQL quote', value: "' OR '1'='1" },
  { name: 'an SQL comment', value: "'; --" },
  { name: 'LIKE wildcards and a backslash', value: '%_\\%' },
  { name: 'a percent sign', value: '%' },
  { name: 'an encoded NUL as text', value: '%00' },
  { name: 'a path traversal', value: '../../../etc/passwd' },
  { name: 'markup', value: '<script>alert(1)</script>' },
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text is the payload
  { name: 'template syntax', value: '${7*7}{{7*7}}#{7*7}' },
  { name: 'whitespace only', value: ' \t\n ' },
  { name: 'the empty string', value: '' },
  { name: 'null as text', value: 'null' },
  { name: 'a number out of range as text', value: '1e309' },
  { name: 'a 30-digit number as text', value: '9'.repeat(30) },
  { name: 'the nil uuid', value: '00000000-0000-0000-0000-000000000000' },
  { name: 'an upper-case uuid', value: 'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF' },
  { name: 'a uuid in braces', value: '{3f2504e0-4f89-11d3-9a0c-0305e82c3301}' },
  { name: 'an impossible date', value: '2001-02-30' },
  { name: 'a year-zero date', value: '0000-00-00' },
  { name: 'an extended-year date', value: '+275760-09-13' },
  { name: 'a prototype name', value: '__proto__' },
  { name: 'a constructor name', value: 'constructor' },
  { name: '10,000 characters', value: 'a'.repeat(10_000) },
  { name: '100,000 euro signs (300 KB of UTF-8)', value: '€'.repeat(100_000) },
  { name: 'a 1 MB string', value: ONE_MB_STRING },
];

/** Hostile strings short enough for an address (a 1 MB address is its own table case). */
export const SHORT_HOSTILE_STRINGS = HOSTILE_STRINGS.filter((s) => s.value.length <= 10_000);

/** The hostile strings every field gets in the table-driven cases. */
export const CORE_HOSTILE_STRINGS = HOSTILE_STRINGS.filter((s) =>
  [
    'a NUL alone',
    'a NUL inside text',
    'a lone high surrogate',
    'a lone low surrogate',
    'a lone surrogate inside text',
    'an SQL quote',
    '10,000 characters',
    'a 1 MB string',
  ].includes(s.name),
);

/** Values of the wrong type for any field. */
export const WRONG_TYPES: ReadonlyArray<Named<Payload>> = [
  { name: 'null', value: null },
  { name: 'true', value: true },
  { name: 'zero', value: 0 },
  { name: 'a negative fraction', value: -1.5 },
  { name: 'a huge integer', value: new RawJson('123456789012345678901234567890', 'a huge integer') },
  { name: 'a number out of range', value: new RawJson('1e400', '1e400') },
  { name: 'an empty array', value: [] },
  { name: 'an array of strings', value: ['a', 'b'] },
  { name: 'an empty object', value: {} },
  { name: 'an object', value: { id: 'x', name: 'y' } },
];

/** `depth` nested arrays or objects, as text (JSON.stringify would overflow the stack). */
export function deepArray(depth: number): RawJson {
  return new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`, `arrays nested ${depth} deep`);
}
export function deepObject(depth: number): RawJson {
  return new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`, `objects nested ${depth} deep`);
}
export const DEEP_VALUES: ReadonlyArray<Named<Payload>> = [
  { name: 'arrays nested 5,000 deep', value: deepArray(5_000) },
  { name: 'objects nested 5,000 deep', value: deepObject(5_000) },
  { name: 'arrays nested 100,000 deep', value: deepArray(100_000) },
  { name: 'objects nested 100,000 deep', value: deepObject(100_000) },
];

/** Prototype-pollution shapes, as whole bodies or field values. */
export const PROTOTYPE_VALUES: ReadonlyArray<Named<Payload>> = [
  {
    name: 'a __proto__ key',
    value: new RawJson('{"__proto__":{"isAdmin":true,"polluted":"yes"}}', '__proto__ key'),
  },
  {
    name: 'a constructor.prototype key',
    value: new RawJson('{"constructor":{"prototype":{"isAdmin":true}}}', 'constructor.prototype key'),
  },
  {
    name: 'a nested __proto__ key',
    value: new RawJson('{"a":{"b":{"__proto__":{"polluted":"yes"}}}}', 'nested __proto__ key'),
  },
  { name: 'a prototype key', value: new RawJson('{"prototype":{"polluted":"yes"}}', 'prototype key') },
  {
    name: 'toString and valueOf keys',
    value: new RawJson('{"toString":1,"valueOf":"x","hasOwnProperty":null}', 'Object.prototype names'),
  },
];

/** Unsafe text in a key rather than a value. */
export const UNSAFE_KEYS: ReadonlyArray<Named<Payload>> = [
  { name: 'a NUL in a key', value: new RawJson('{"na\\u0000me":"x"}', 'NUL in a key', true) },
  {
    name: 'a lone surrogate in a key',
    value: new RawJson('{"\\ud800":"x"}', 'lone surrogate in a key', true),
  },
];

/** Body text that is not JSON at all, sent as application/json: a 400. */
export const BAD_JSON_TEXTS: ReadonlyArray<Named<string>> = [
  { name: 'an unfinished object', value: '{"a":' },
  { name: 'a raw NUL', value: NUL },
  { name: 'nul (not null)', value: 'nul' },
  { name: 'an empty body', value: '' },
  { name: 'whitespace only', value: '   ' },
  { name: 'trailing garbage', value: '{"a":1}garbage' },
  { name: 'single quotes', value: "{'a':1}" },
  { name: 'a trailing comma', value: '[1,]' },
  { name: 'NaN', value: '{"a":NaN}' },
  { name: 'a raw NUL inside a string', value: `{"a":"x${NUL}y"}` },
  { name: 'an unterminated string with an escape', value: '{"a":"\\ud800' },
  { name: 'a bad escape', value: '{"a":"\\x41"}' },
  { name: 'a comment', value: '{"a":1 /* b */}' },
  { name: '100,000 unclosed brackets', value: '['.repeat(100_000) },
];

/** Bytes that are not UTF-8 inside a JSON string. */
export const INVALID_UTF8_BODY = Uint8Array.from([
  0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0xc0, 0x80, 0x22, 0x7d,
]);

/** JSON, but not an object: every route must cope. */
export const ODD_JSON_TEXTS: ReadonlyArray<Named<string>> = [
  { name: 'null', value: 'null' },
  { name: 'an empty array', value: '[]' },
  { name: 'a number', value: '1' },
  { name: 'a string', value: '"x"' },
  { name: 'false', value: 'false' },
  { name: 'an empty object', value: '{}' },
  { name: 'duplicate keys', value: '{"id":"a","id":"b"}' },
  { name: 'a byte-order mark', value: '\ufeff{}' },
  { name: 'a number out of range', value: '1e999999' },
];

export interface ContentTypeCase {
  name: string;
  /** undefined: no Content-Type header at all. */
  contentType: string | undefined;
  body: (json: string) => string | Uint8Array;
  /** An unsupported type: the call must be refused (415 on REST). */
  unsupported: boolean;
}

const BOUNDARY = '----fuzzboundary7MA4YWxkTrZu0gW';
export const CONTENT_TYPE_CASES: ReadonlyArray<ContentTypeCase> = [
  { name: 'text/plain', contentType: 'text/plain', body: (json) => json, unsupported: true },
  {
    name: 'a form',
    contentType: 'application/x-www-form-urlencoded',
    body: () => 'id=1&firstName=Grace&__proto__[x]=1',
    unsupported: true,
  },
  {
    name: 'multipart',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: (json) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="payload"\r\n\r\n${json}\r\n--${BOUNDARY}--\r\n`,
    unsupported: true,
  },
  {
    name: 'XML',
    contentType: 'application/xml',
    body: () => '<?xml version="1.0"?><a>1</a>',
    unsupported: true,
  },
  { name: 'a look-alike type', contentType: 'application/jsonx', body: (json) => json, unsupported: true },
  {
    name: 'no Content-Type',
    contentType: undefined,
    body: (json) => new TextEncoder().encode(json),
    unsupported: true,
  },
  {
    name: 'JSON declared latin1',
    contentType: 'application/json; charset=latin1',
    body: (json) => json,
    unsupported: false,
  },
  { name: 'JSON in capitals', contentType: 'APPLICATION/JSON', body: (json) => json, unsupported: false },
  {
    name: 'a vendor JSON type',
    contentType: 'application/vnd.api+json',
    body: (json) => json,
    unsupported: false,
  },
];

// ---------------------------------------------------------------------------------------------
// Addresses.

const hex = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/**
 * Percent-encodes a path segment or query part. encodeURIComponent throws on a lone surrogate;
 * here it becomes the three bytes a careless client (WTF-8) sends, which are not valid UTF-8.
 */
export function encodeComponent(text: string): string {
  if (!LONE_SURROGATE.test(text)) return encodeURIComponent(text);
  let out = '';
  for (const ch of text) {
    const unit = ch.codePointAt(0) ?? 0;
    if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map(hex).join('');
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}

/**
 * Path segments sent as they are (already "encoded"). `statuses`: what the server must answer
 * (the issue's contract); `unsafe`: the segment decodes to text the server must refuse.
 */
export const RAW_PATH_SEGMENTS: ReadonlyArray<Named<string> & { statuses?: number[]; unsafe?: boolean }> = [
  { name: 'an encoded NUL', value: '%00', unsafe: true },
  { name: 'a uuid and an encoded NUL', value: '3f2504e0-4f89-41d3-9a0c-0305e82c3301%00', unsafe: true },
  { name: 'a lone surrogate as bytes', value: '%ED%A0%80', statuses: [400], unsafe: true },
  { name: 'a bare percent', value: '%', statuses: [400], unsafe: true },
  { name: 'a percent and two letters', value: '%zz', statuses: [400], unsafe: true },
  { name: 'a truncated sequence', value: '%E0%A4%A', statuses: [400], unsafe: true },
  { name: 'an overlong NUL', value: '%C0%80', statuses: [400], unsafe: true },
  { name: 'a lone 0xFF byte', value: '%FF', statuses: [400], unsafe: true },
  { name: 'an encoded slash', value: '..%2F..%2Fetc' },
  { name: 'an encoded space', value: '%20' },
  { name: 'a plus', value: 'a+b' },
  { name: 'a 6,000-character parameter', value: 'a'.repeat(6_000), statuses: [414] },
  { name: 'a 1 MB parameter', value: 'a'.repeat(MEGABYTE), statuses: [414, 431] },
];

/** Query strings sent as they are. */
export const RAW_QUERY_STRINGS: ReadonlyArray<Named<string>> = [
  { name: 'a key without a value', value: 'id' },
  { name: 'empty pairs', value: '&&=&' },
  { name: 'a bare percent', value: 'id=%' },
  { name: 'a lone surrogate as bytes', value: 'search=%ED%A0%80' },
  { name: 'an overlong NUL', value: 'search=%C0%80' },
  { name: 'bracket syntax', value: 'id[]=1&id[]=2&type[0]=Wedding' },
  { name: 'nested bracket syntax', value: 'id[a][b]=1' },
  { name: 'prototype keys', value: '__proto__=x&constructor[prototype][polluted]=1&__proto__[y]=1' },
  {
    name: 'a repeated key 1,000 times',
    value: Array.from({ length: 1_000 }, (_, i) => `type=${i}`).join('&'),
  },
  { name: '1,000 different keys', value: Array.from({ length: 1_000 }, (_, i) => `k${i}=1`).join('&') },
  { name: 'a 10,000-character value', value: `search=${'a'.repeat(10_000)}` },
];

// ---------------------------------------------------------------------------------------------
// Arbitraries.

const codeUnit = fc.nat({ max: 0xffff }).map((n) => String.fromCharCode(n));
const injected = fc.constantFrom(NUL, '\ud800', '\udbff', '\udc00', '\udfff');
const noDbText = (text: string) => !DB_TEXT.test(text);

/**
 * Hostile strings: the fixed list, random UTF-16 (lone surrogates included), full Unicode,
 * and ordinary text with a NUL or lone surrogate pushed in. `huge` allows the 1 MB string.
 */
export function hostileString(options: { huge?: boolean } = {}): fc.Arbitrary<string> {
  const fixed = options.huge ? HOSTILE_STRINGS : SHORT_HOSTILE_STRINGS;
  return fc
    .oneof(
      { weight: 4, arbitrary: fc.constantFrom(...fixed.map((s) => s.value)) },
      { weight: 2, arbitrary: fc.string({ unit: codeUnit, maxLength: 24 }) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.string({ maxLength: 8 }), injected, fc.string({ maxLength: 8 }))
          .map(([a, b, c]) => a + b + c),
      },
    )
    .filter(noDbText);
}

/** A value of any type: wrong types, deep nesting, prototype shapes, arbitrary JSON. */
export function hostileValue(options: { huge?: boolean; extra?: fc.Arbitrary<Payload> } = {}) {
  const arbitraries: Array<fc.WeightedArbitrary<Payload>> = [
    { weight: 6, arbitrary: hostileString(options) },
    { weight: 3, arbitrary: fc.constantFrom(...WRONG_TYPES.map((w) => w.value)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        ...DEEP_VALUES.filter((d) => options.huge || !d.name.includes('100,000')).map((d) => d.value),
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_VALUES.map((p) => p.value)) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).filter((v) => noDbText(JSON.stringify(v) ?? '')) },
    { weight: 1, arbitrary: fc.oneof(fc.double(), fc.integer(), fc.boolean()) },
  ];
  if (options.extra) arbitraries.push({ weight: 4, arbitrary: options.extra });
  return fc.oneof(...arbitraries);
}

/** Raw body text: broken JSON, odd JSON, deep nesting, prototype shapes. */
export const rawBody: fc.Arbitrary<RawJson> = fc.oneof(
  fc.constantFrom(...BAD_JSON_TEXTS.map((b) => new RawJson(b.value, `bad JSON: ${b.name}`))),
  fc.constantFrom(...ODD_JSON_TEXTS.map((b) => new RawJson(b.value, `odd JSON: ${b.name}`))),
  fc.constantFrom(...DEEP_VALUES.map((d) => d.value as RawJson)),
  fc.constantFrom(...PROTOTYPE_VALUES.map((p) => p.value as RawJson)),
  fc.constantFrom(...UNSAFE_KEYS.map((p) => p.value as RawJson)),
);

/** A Content-Type for random calls: mostly JSON, sometimes not. */
export const contentTypeChoice: fc.Arbitrary<ContentTypeCase | 'json'> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('json' as const) },
  { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPE_CASES) },
);

/** Query parameters as [key, value] pairs (keys may repeat), values not yet encoded. */
export function queryPairs(keys: readonly string[], extraValues: fc.Arbitrary<string>) {
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...keys) },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'input', 'batch', '') },
    { weight: 1, arbitrary: hostileString() },
  );
  const value = fc.oneof(
    { weight: 3, arbitrary: hostileString() },
    { weight: 3, arbitrary: extraValues },
    { weight: 1, arbitrary: fc.constantFrom('1', '0', '-1', '2147483648', '1e3', 'NaN', 'true', 'default') },
  );
  return fc.array(fc.tuple(key, value), { maxLength: 5 });
}

/** The query string of [key, value] pairs (keys and values percent-encoded). */
export function queryString(pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`).join('&');
}
