import fc from 'fast-check';
import makeFetchCookie from 'fetch-cookie';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type TestClient } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { addContact, purchase } from '../support/factories.js';
import {
  BAD_JSON_TEXTS,
  CONTENT_TYPE_CASES,
  CORE_HOSTILE_STRINGS,
  type ContentTypeCase,
  carriesUnsafeText,
  contentTypeChoice,
  DB_TEXT,
  DB_TEXT_IN_SUCCESS,
  DEEP_VALUES,
  deepArray,
  deepObject,
  encodeComponent,
  hostileString,
  hostileValue,
  INVALID_UTF8_BODY,
  isUnsafeText,
  jsonText,
  leafPaths,
  MEGABYTE,
  type Named,
  ODD_JSON_TEXTS,
  objectFrom,
  type Payload,
  PROTOTYPE_VALUES,
  queryPairs,
  queryString,
  RAW_PATH_SEGMENTS,
  RAW_QUERY_STRINGS,
  rawBody,
  SHORT_HOSTILE_STRINGS,
  setAt,
  UNSAFE_KEYS,
  WRONG_TYPES,
} from '../support/hostile-inputs.js';
import { receivedCapsule } from '../support/received.js';
import { discoverCatalogue, fillPath, type Procedure, type RestRoute } from '../support/route-catalogue.js';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/**
 * Every REST shim and every tRPC procedure, signed out and signed in as a full member, gets
 * hostile input: fixed table cases (NUL, lone surrogates, 1 MB strings, wrong types, deep
 * nesting, prototype keys, bad JSON, bad content types, broken addresses) and random calls
 * from fast-check. Whatever comes in, the answer is never a 5xx, always carries the security
 * headers, never shows database or driver text or a stack, a REST error is {"error": string}
 * (with an optional "fields" object), and a refused call changes no row.
 *
 * A random failure names the seed and path fast-check prints, and the shrunk call.
 */

const SEED = 20_261_123;
const RANDOM_RUNS = 20;
/** A property stops shrinking after this long, keeping the smallest failure found so far. */
const PROPERTY_TIME_LIMIT_MS = 20_000;
const TARGET_TIMEOUT_MS = 120_000;

// Discovered at collection time, so each route and procedure is its own test.
const { rest: restRoutes, procedures } = await discoverCatalogue();

/** Calls that end the session: not made in the signed-in pass (everything else is). */
const ENDS_SESSION = new Set(['DELETE /api/logout', 'auth.logout']);

/** Query keys of the legacy API, offered to every route. */
const QUERY_KEYS = ['x_status', 'sortby', 'type', 'page', 'limit', 'search', 'id', 'contactId'];

/** Field names the app reads anywhere, offered to every body. */
const FIELD_NAMES = [
  'id',
  'contactId',
  'capsuleId',
  'groupId',
  'contactIds',
  'capsule',
  'email',
  'password',
  'fullName',
  'phoneNumber',
  'oneTimeCode',
  'accepted',
  'firstName',
  'lastName',
  'x_studio_email',
  'phone',
  'x_studio_relationship_type',
  'x_relationship_details',
  'birthday',
  'milestoneDate',
  'milestoneMessage',
  'capsuleType',
  'name',
  'relationshipType',
  'info',
  'permanent',
  'confirmed',
  // The upload calls.
  'uploadId',
  'fileName',
  'fileSize',
  'contentType',
  'durationSeconds',
  'notify',
  'resume',
  'recipientName',
  'recipientEmail',
  'sendNotificationChecked',
  'deliveryTiming',
  'customDate',
  'scheduledDate',
  'timezoneSelected',
  'metadata',
  'sasUrl',
  'data',
  // The received capsules' calls.
  'blobName',
  'size',
  'sort',
  ...QUERY_KEYS,
];
const ID_FIELDS = new Set(['id', 'contactId', 'capsuleId', 'groupId', 'contactIds', 'capsule', 'uploadId']);

// ---------------------------------------------------------------------------------------------
// Real ids, so calls reach past "not found": the member's own and another member's.
// ---------------------------------------------------------------------------------------------

type IdKind = 'contact' | 'capsule' | 'group';
interface Pool {
  mine: Record<IdKind, string[]>;
  others: Record<IdKind, string[]>;
  memberEmail: string;
  otherEmail: string;
  /** Capsules delivered to the member: the received calls' own ids. */
  received: string[];
}

const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const first = (ids: string[]) => ids[0] ?? '00000000-0000-4000-8000-000000000000';

/** Which kind of id a route or procedure takes. */
function idKindOf(name: string): IdKind {
  if (/group/i.test(name)) return 'group';
  if (/capsule|recover/i.test(name)) return 'capsule';
  return 'contact';
}

const validContactForm = () => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  x_studio_email: 'grace@example.test',
  phone: '+1 (555) 010-2030',
  x_studio_relationship_type: 'Family',
  x_relationship_details: 'Grandparent',
  birthday: '1906-12-09',
});
const validContactInput = () => ({
  firstName: 'Alan',
  lastName: 'Turing',
  email: 'alan@example.test',
  phone: '5550100',
  relationshipType: 'Friend',
  relationshipDetails: 'Best-Friend',
  birthday: '1912-06-23',
});

interface RestHint {
  body?: (p: Pool) => Payload;
  query?: (p: Pool) => Record<string, string>;
}

/**
 * A valid-looking call per route, so mutating one field at a time reaches the service and the
 * database. Hints only help: every discovered route is fuzzed, with or without one.
 */
const REST_HINTS: Record<string, RestHint> = {
  'POST /api/login': { body: (p) => ({ email: p.memberEmail, password: 'not the password' }) },
  'PATCH /api/users/': {
    body: (p) => ({ fullName: 'Fuzz Member', email: p.memberEmail, contactId: first(p.mine.contact) }),
  },
  'POST /api/verify-otp': { body: () => ({ oneTimeCode: '123456' }) },
  'POST /api/accept-terms': { body: () => ({ accepted: true }) },
  'GET /api/contacts': { query: () => ({ search: 'Alan' }) },
  'POST /api/contacts': { body: validContactForm },
  'PATCH /api/contacts/:id': { body: validContactForm },
  'DELETE /api/delete-user-contact': {
    body: (p) => ({ id: first(p.others.contact) }),
    query: (p) => ({ id: first(p.others.contact) }),
  },
  'GET /api/capsules': {
    query: () => ({ x_status: 'Pending_Recipient', sortby: 'newest', type: 'Wedding', page: '1' }),
  },
  'POST /api/capsules/:id/recipient': {
    body: (p) => ({
      contactId: first(p.mine.contact),
      milestoneDate: `${dateIn(30)}T00:00:00.000Z`,
      milestoneMessage: 'Happy birthday',
      capsuleType: 'Graduation',
    }),
  },
  'POST /api/capsules/set-milestone': {
    body: (p) => ({
      capsuleId: first(p.mine.capsule),
      capsule: { id: first(p.mine.capsule) },
      milestoneDate: `${dateIn(30)}T00:00:00.000Z`,
      milestoneMessage: 'For later',
      capsuleType: 'Wedding',
    }),
  },
  'POST /api/capsule/lock': { body: (p) => ({ capsuleId: first(p.others.capsule) }) },
  'POST /api/recover-capsule': { body: (p) => ({ capsuleId: first(p.mine.capsule) }) },
  'POST /api/get-sas-url': {
    body: (p) => ({
      capsuleId: first(p.mine.capsule),
      capsuleType: 'Wedding',
      x_status: 'Pending_Upload',
      contactId: first(p.mine.contact),
      recipientName: 'Alan Turing',
      recipientEmail: 'alan@example.test',
      sendNotificationChecked: true,
      deliveryTiming: 'custom',
      scheduledDate: `${dateIn(30)}T09:30`,
      timezoneSelected: 'Asia/Tokyo',
    }),
  },
  'POST /api/notify-upload-complete': {
    body: (p) => ({
      data: { capsuleId: first(p.mine.capsule) },
      metadata: { capsuleId: first(p.mine.capsule) },
    }),
  },
  'POST /api/get-secure-url-preview': { body: (p) => ({ id: first(p.others.capsule) }) },
  'GET /api/received-capsules': {
    query: () => ({
      x_status: 'Sent',
      type: 'Wedding',
      sortby: 'Verification Needed',
      page: '1',
      limit: '12',
    }),
  },
  'POST /api/get-secure-url': { body: (p) => ({ id: first(p.received) }) },
  'POST /api/get-document-sas-url': { body: (p) => ({ capsuleId: first(p.received), blobName: 'video' }) },
  'POST /api/notify-document-upload-complete': {
    body: (p) => ({
      data: { capsuleId: first(p.received), blobName: 'video' },
      metadata: { capsuleId: first(p.received), blobName: `${first(p.received)}/documents/x/document` },
    }),
  },
};

/** A valid-looking input per procedure (same purpose as REST_HINTS). */
const TRPC_HINTS: Record<string, (p: Pool) => Payload> = {
  'auth.login': (p) => ({ email: p.memberEmail, password: 'not the password' }),
  'auth.updateProfile': () => ({ fullName: 'Fuzz Member', phoneNumber: '+1 555 010 2030' }),
  'otp.verify': () => ({ oneTimeCode: '123456' }),
  'terms.accept': () => ({ accepted: true }),
  'contacts.list': () => ({ search: 'Alan', relationshipType: 'Friend' }),
  'contacts.byId': (p) => ({ id: first(p.mine.contact) }),
  'contacts.create': validContactInput,
  'contacts.update': (p) => ({ id: first(p.mine.contact), contact: validContactInput() }),
  'contacts.delete': (p) => ({ id: first(p.others.contact) }),
  'contacts.groups.list': () => ({ relationshipType: 'Friend' }),
  'contacts.groups.create': (p) => ({
    name: 'Fuzzed group',
    relationshipType: 'Friend',
    contactIds: [first(p.mine.contact)],
  }),
  'contacts.groups.rename': (p) => ({ id: first(p.mine.group), name: 'Renamed group' }),
  'contacts.groups.delete': (p) => ({ id: first(p.others.group) }),
  'contacts.groups.addMembers': (p) => ({
    groupId: first(p.mine.group),
    contactIds: p.mine.contact.slice(0, 2),
  }),
  'contacts.groups.removeMember': (p) => ({ groupId: first(p.mine.group), contactId: first(p.mine.contact) }),
  'capsules.list': () => ({ status: 'Pending_Recipient', types: ['Wedding'], page: 1, sort: 'oldest' }),
  'capsules.byId': (p) => ({ id: first(p.mine.capsule) }),
  'capsules.assignRecipient': (p) => ({
    capsuleId: first(p.others.capsule),
    contactId: first(p.mine.contact),
  }),
  'capsules.setInfo': (p) => ({
    capsuleId: first(p.mine.capsule),
    info: { deliveryDate: dateIn(30), category: 'Wedding', message: 'For later' },
  }),
  'capsules.lock': (p) => ({ capsuleId: first(p.others.capsule) }),
  'capsules.deleteVideo': (p) => ({ capsuleId: first(p.mine.capsule) }),
  'capsules.recover': (p) => ({ capsuleId: first(p.mine.capsule) }),
  'capsules.upload.start': (p) => ({
    capsuleId: first(p.mine.capsule),
    fileName: 'wedding.mp4',
    fileSize: 1_000_000,
    contentType: 'video/mp4',
    durationSeconds: 42,
    notify: { enabled: true, timing: 'custom', customDate: `${dateIn(30)}T09:30`, timezone: 'Asia/Tokyo' },
    resume: true,
  }),
  'capsules.upload.renew': (p) => ({ capsuleId: first(p.mine.capsule), uploadId: first(p.others.capsule) }),
  'capsules.upload.open': (p) => ({ capsuleId: first(p.mine.capsule) }),
  'capsules.upload.complete': (p) => ({ capsuleId: first(p.mine.capsule), uploadId: first(p.mine.capsule) }),
  'capsules.upload.cancel': (p) => ({ capsuleId: first(p.mine.capsule), uploadId: first(p.mine.capsule) }),
  'capsules.preview': (p) => ({ id: first(p.mine.capsule) }),
  'receivedCapsules.list': () => ({
    type: 'Wedding',
    status: 'Sent',
    sort: 'verification',
    page: 1,
    limit: 12,
  }),
  'receivedCapsules.byId': (p) => ({ id: first(p.received) }),
  'receivedCapsules.secureUrl': (p) => ({ id: first(p.received) }),
  'receivedCapsules.played': (p) => ({ id: first(p.received) }),
  'receivedCapsules.document.start': (p) => ({
    capsuleId: first(p.received),
    fileName: 'passport.png',
    contentType: 'image/png',
    size: 200_000,
  }),
  'receivedCapsules.document.complete': (p) => ({
    capsuleId: first(p.received),
    blobName: `${first(p.received)}/documents/x/document`,
  }),
};

// ---------------------------------------------------------------------------------------------
// Calls and their checks
// ---------------------------------------------------------------------------------------------

interface FuzzRequest {
  method: string;
  /** Path and query, already encoded: sent exactly as they are. */
  path: string;
  /** undefined: no Content-Type header. */
  contentType?: string | undefined;
  body?: string | Uint8Array | undefined;
  /**
   * The call carries a NUL or a lone surrogate. 'only': nothing else is wrong with it, so a
   * member gets exactly 400. 'mixed': other faults may be refused first (413, 414, 415, 431).
   */
  unsafe?: 'only' | 'mixed' | undefined;
  /** Statuses a table case must get (a contract of the issue). */
  statuses?: number[] | undefined;
  /**
   * tRPC checks the session before it reads the input: signed out, a 401 or 403 also
   * satisfies `statuses`.
   */
  guardFirst?: boolean | undefined;
  /** A tRPC batch: for each call, whether it carries unsafe text. */
  batchUnsafe?: boolean[] | undefined;
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  error?: string;
}

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

interface Agent {
  signedIn: boolean;
  fetch: Fetch;
}

const REFUSED_ONLY_MEMBER = [400];
const REFUSED_MIXED_MEMBER = [400, 413, 414, 415, 431];
const REFUSED_BY_GUARDS = [401, 403];
/** The operators' console's procedures: a member is refused them before any input is read. */
const OPERATORS_ONLY = /^\/trpc\/ops\./;
const JSON_TYPE = 'application/json';

/** Long runs of one character are shown as a count; then the text is cut and escaped. */
function preview(text: string, max = 240): string {
  // One linear pass (a regex with a back-reference is slow on a 1 MB body).
  let out = '';
  let i = 0;
  while (i < text.length && out.length < max) {
    let j = i + 1;
    while (j < text.length && text[j] === text[i]) j += 1;
    out += j - i >= 16 ? `${text[i]}{×${j - i}}` : text.slice(i, j);
    i = j;
  }
  const rest = text.length - i;
  return JSON.stringify(out.length > max || rest > 0 ? `${out.slice(0, max)}…(${rest} more)` : out);
}

function describeRequest(r: FuzzRequest): string {
  const type = r.contentType === undefined ? '' : ` [${r.contentType}]`;
  let body = '';
  if (typeof r.body === 'string') body = ` body(${r.body.length} chars)=${preview(r.body)}`;
  else if (r.body)
    body = ` body(${r.body.length} bytes)=0x${Buffer.from(r.body).toString('hex').slice(0, 120)}`;
  return `${r.method} ${preview(r.path, 300)}${type}${body}`;
}

function describeAnswer(a: Answer): string {
  if (a.error) return `no answer (${a.error})`;
  return `${a.status} ${preview(a.text, 400)}`;
}

/** Every key anywhere in a parsed JSON value (iterative: bodies can be deep). */
function hasKeyDeep(value: unknown, name: string): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    for (const [key, child] of Object.entries(node)) {
      if (key === name) return true;
      stack.push(child);
    }
  }
  return false;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** A REST error is {"error": string}, optionally with "fields": {name: message}. */
function restErrorProblems(text: string): string[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return ['the REST error body is not JSON'];
  }
  if (!isPlainObject(body)) return ['the REST error body is not a JSON object'];
  const problems: string[] = [];
  if (typeof body.error !== 'string') problems.push('the REST error body has no string "error"');
  const extra = Object.keys(body).filter((k) => k !== 'error' && k !== 'fields');
  if (extra.length > 0) problems.push(`the REST error body has other keys: ${extra.join(', ')}`);
  if ('fields' in body) {
    const fields = body.fields;
    if (!isPlainObject(fields) || Object.values(fields).some((m) => typeof m !== 'string')) {
      problems.push('the REST error "fields" is not an object of messages');
    }
  }
  return problems;
}

/** tRPC errors (one, or a batch's array): a message, no stack, no database text. */
function trpcErrorProblems(text: string, status: number): string[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return status >= 400 ? ['the tRPC error body is not JSON'] : [];
  }
  const problems: string[] = [];
  for (const item of Array.isArray(body) ? body : [body]) {
    if (!isPlainObject(item) || !('error' in item)) continue;
    const error = item.error;
    if (isPlainObject(error) && typeof error.message !== 'string')
      problems.push('a tRPC error has no message');
    if (hasKeyDeep(error, 'stack')) problems.push('a tRPC error carries a stack');
    const match = DB_TEXT.exec(JSON.stringify(error));
    if (match) problems.push(`a tRPC error carries database or stack text: ${JSON.stringify(match[0])}`);
  }
  return problems;
}

/** For a batch with unsafe calls: each of those calls is refused on its own. */
function batchProblems(r: FuzzRequest, a: Answer, agent: Agent): string[] {
  if (!r.batchUnsafe) return [];
  const allowed = agent.signedIn ? REFUSED_ONLY_MEMBER : [...REFUSED_ONLY_MEMBER, ...REFUSED_BY_GUARDS];
  let body: unknown;
  try {
    body = JSON.parse(a.text);
  } catch {
    return [];
  }
  if (!Array.isArray(body)) {
    return r.batchUnsafe.some(Boolean) && a.status < 400 ? ['a batch with unsafe text was not refused'] : [];
  }
  const problems: string[] = [];
  r.batchUnsafe.forEach((unsafe, i) => {
    if (!unsafe) return;
    const item = body[i] as { error?: { data?: { httpStatus?: number } } } | undefined;
    const status = item?.error?.data?.httpStatus;
    if (status === undefined || !allowed.includes(status)) {
      problems.push(`batch call ${i} carries a NUL or lone surrogate but got ${status ?? 'a result'}`);
    }
  });
  return problems;
}

const SECURITY_HEADERS: Array<[name: string, present: (value: string | null) => boolean, label: string]> = [
  ['x-content-type-options', (v) => v === 'nosniff', 'x-content-type-options: nosniff'],
  ['content-security-policy', (v) => !!v, 'content-security-policy'],
  ['x-frame-options', (v) => !!v, 'x-frame-options'],
];

function checkAnswer(r: FuzzRequest, a: Answer, agent: Agent, changed: string[]): string[] {
  if (a.error) return [`no answer: ${a.error}`];
  const problems: string[] = [];
  const success = a.status >= 200 && a.status < 300;
  if (a.status >= 500) problems.push(`a ${a.status}`);
  for (const [name, present, label] of SECURITY_HEADERS) {
    if (!present(a.headers.get(name))) problems.push(`no ${label} header`);
  }
  const leak = (success ? DB_TEXT_IN_SUCCESS : DB_TEXT).exec(a.text);
  if (leak) problems.push(`database or stack text in the body: ${JSON.stringify(leak[0])}`);
  if (r.path.startsWith('/api') && a.status >= 400) problems.push(...restErrorProblems(a.text));
  if (r.path.startsWith('/trpc')) problems.push(...trpcErrorProblems(a.text, a.status));
  // The guard answers before the input is read: signed out for every call, and for a member on
  // an operators' procedure too (its one 403 whatever the input: docs/operations/operators.md).
  const refusedFirst = !agent.signedIn || OPERATORS_ONLY.test(r.path);
  const statuses =
    r.statuses && r.guardFirst && refusedFirst ? [...r.statuses, ...REFUSED_BY_GUARDS] : r.statuses;
  if (statuses && !statuses.includes(a.status)) {
    problems.push(`status ${a.status}, the contract says ${statuses.join(' or ')}`);
  }
  if (r.unsafe) {
    const member = r.unsafe === 'only' ? REFUSED_ONLY_MEMBER : REFUSED_MIXED_MEMBER;
    const allowed = agent.signedIn ? member : [...member, ...REFUSED_BY_GUARDS];
    if (!allowed.includes(a.status)) {
      problems.push(
        `status ${a.status} for text with a NUL or lone surrogate (expected ${allowed.join('/')})`,
      );
    }
  }
  problems.push(...batchProblems(r, a, agent));
  if (a.status >= 400 && changed.length > 0)
    problems.push(`the refused call changed rows in: ${changed.join(', ')}`);
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Building calls
// ---------------------------------------------------------------------------------------------

/** JSON text for the `input` query parameter, leaving JSON punctuation readable (and short). */
function encodeJsonForQuery(text: string): string {
  return encodeURIComponent(text).replace(/%(5B|5D|7B|7D|3A|2C)/g, (_, code: string) =>
    String.fromCharCode(Number.parseInt(code, 16)),
  );
}

function jsonCall(method: string, path: string, payload: Payload | undefined): FuzzRequest {
  if (payload === undefined || method === 'GET') return { method, path };
  return { method, path, contentType: JSON_TYPE, body: jsonText(payload) };
}

/** What a mutated body is sent as: JSON, or one of the other content types. */
function withContentType(
  method: string,
  path: string,
  payload: Payload | undefined,
  type: ContentTypeCase | 'json',
): FuzzRequest {
  if (payload === undefined || method === 'GET') return { method, path };
  if (type === 'json') return jsonCall(method, path, payload);
  return { method, path, contentType: type.contentType, body: type.body(jsonText(payload)) };
}

function idArbitrary(pool: Pool, kind: IdKind): fc.Arbitrary<string> {
  const all = (side: Record<IdKind, string[]>) => [...side.contact, ...side.capsule, ...side.group];
  const choices: Array<fc.WeightedArbitrary<string>> = [
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: hostileString() },
  ];
  for (const [weight, ids] of [
    [4, pool.mine[kind]],
    [3, pool.others[kind]],
    [1, all(pool.mine)],
    [1, all(pool.others)],
  ] as const) {
    if (ids.length > 0) choices.push({ weight, arbitrary: fc.constantFrom(...ids) });
  }
  return fc.oneof(...choices);
}

/** A body: the hint with fields replaced, or field names with hostile values, or anything. */
function bodyArbitrary(
  base: Payload | undefined,
  pool: Pool,
  kind: IdKind,
): fc.Arbitrary<Payload | undefined> {
  const ids = idArbitrary(pool, kind);
  const valueFor = (path: readonly string[]) =>
    ID_FIELDS.has(path.at(-1) ?? '')
      ? fc.oneof({ weight: 3, arbitrary: ids }, { weight: 2, arbitrary: hostileValue({ huge: true }) })
      : hostileValue({ huge: true, extra: ids });
  const key = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...FIELD_NAMES) },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype') },
    { weight: 1, arbitrary: hostileString() },
  );
  const fieldsObject = fc
    .array(fc.tuple(key, hostileValue({ huge: true, extra: ids })), { maxLength: 5 })
    .map((entries) => objectFrom(entries));
  const paths = leafPaths(base);
  const choices: Array<fc.WeightedArbitrary<Payload | undefined>> = [
    { weight: 3, arbitrary: fieldsObject },
    {
      weight: 1,
      arbitrary: fc.jsonValue({ maxDepth: 3 }).filter((v) => !DB_TEXT.test(JSON.stringify(v) ?? '')),
    },
    { weight: 2, arbitrary: rawBody },
    { weight: 1, arbitrary: fc.constant(undefined) },
  ];
  if (paths.length > 0) {
    const change = fc
      .constantFrom(...paths)
      .chain((path) => valueFor(path).map((value) => [path, value] as const));
    const mutated = fc
      .tuple(
        fc.array(change, { minLength: 1, maxLength: 3 }),
        fc.option(fc.tuple(key, hostileValue({ extra: ids })), { freq: 3 }),
      )
      .map(([changes, extra]) => {
        let body = changes.reduce<Payload>((acc, [path, value]) => setAt(acc, path, value), base);
        if (extra) body = setAt(body, [extra[0]], extra[1]);
        return body;
      });
    choices.push({ weight: 6, arbitrary: mutated });
  }
  return fc.oneof(...choices);
}

/** The payload is valid JSON carrying a NUL or lone surrogate (broken JSON is refused as such). */
function unsafeJson(payload: Payload): boolean {
  if (!carriesUnsafeText(payload)) return false;
  try {
    JSON.parse(jsonText(payload));
    return true;
  } catch {
    return false;
  }
}

/**
 * Random calls keep their address under Node's 16 KB header limit: an over-long address is a
 * table case of its own, and would otherwise mask every other finding of a random run.
 */
const fitsAnAddress = (r: FuzzRequest) => r.path.length <= 12_000;

function restRandomCall(route: RestRoute, pool: Pool): fc.Arbitrary<FuzzRequest> {
  const hint = REST_HINTS[`${route.method} ${route.url}`] ?? {};
  const kind = idKindOf(route.url);
  const ids = idArbitrary(pool, kind);
  const segment = fc.oneof(
    {
      weight: 4,
      // '.', '..' and '' would change the route (the URL parser resolves dot segments).
      arbitrary: ids
        .filter((v) => v !== '' && v !== '.' && v !== '..')
        .map((v) => ({ text: encodeComponent(v), unsafe: isUnsafeText(v) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...RAW_PATH_SEGMENTS.filter((s) => s.value.length <= 6_000))
        .map((s) => ({ text: s.value, unsafe: !!s.unsafe })),
    },
  );
  const params = fc.array(segment, { minLength: route.params.length, maxLength: route.params.length });
  const baseQuery = Object.entries(hint.query?.(pool) ?? {});
  const query = fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .tuple(fc.boolean(), queryPairs([...QUERY_KEYS, ...baseQuery.map(([k]) => k)], ids))
        .map(([keepBase, pairs]) => {
          const all = [...(keepBase ? baseQuery : []), ...pairs];
          return {
            text: queryString(all),
            unsafe: all.some(([k, v]) => k.includes('\u0000') || v.includes('\u0000')),
          };
        }),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...RAW_QUERY_STRINGS.filter((q) => q.value.length <= 10_000))
        .map((q) => ({ text: q.value, unsafe: q.value.includes('%00') })),
    },
  );
  const body = route.method === 'GET' ? fc.constant(undefined) : bodyArbitrary(hint.body?.(pool), pool, kind);
  return fc
    .tuple(params, query, body, contentTypeChoice)
    .map(([segments, q, payload, type]) => {
      const values = Object.fromEntries(route.params.map((name, i) => [name, segments[i]?.text ?? '']));
      const path = `${fillPath(route, values)}${q.text ? `?${q.text}` : ''}`;
      const call = withContentType(route.method, path, payload, type);
      const unsafe =
        segments.some((s) => s.unsafe) || q.unsafe || (call.body !== undefined && unsafeJson(payload));
      return { ...call, unsafe: unsafe ? ('mixed' as const) : undefined };
    })
    .filter(fitsAnAddress);
}

function trpcRandomCall(procedure: Procedure, pool: Pool, batchable: Procedure[]): fc.Arbitrary<FuzzRequest> {
  const kind = idKindOf(procedure.path);
  const base = TRPC_HINTS[procedure.path]?.(pool) ?? (procedure.hasInput ? {} : undefined);
  const input = bodyArbitrary(base, pool, kind);
  const partners = batchable.filter((p) => p.type === procedure.type);
  const single = fc.tuple(input, contentTypeChoice).map(([payload, type]): FuzzRequest => {
    const unsafe = unsafeJson(payload) ? ('mixed' as const) : undefined;
    if (procedure.type === 'query') {
      const query = payload === undefined ? '' : `?input=${encodeJsonForQuery(jsonText(payload))}`;
      return { method: 'GET', path: `/trpc/${procedure.path}${query}`, unsafe };
    }
    return { ...withContentType('POST', `/trpc/${procedure.path}`, payload, type), unsafe };
  });
  if (partners.length === 0) return single.filter(fitsAnAddress);
  const partnerCall = fc
    .constantFrom(...partners)
    .chain((partner) =>
      bodyArbitrary(TRPC_HINTS[partner.path]?.(pool) ?? {}, pool, idKindOf(partner.path)).map(
        (payload) => [partner, payload] as const,
      ),
    );
  const batch = fc.tuple(input, partnerCall).map(([payload, [partner, other]]): FuzzRequest => {
    const inputs = objectFrom([
      ['0', payload ?? null],
      ['1', other ?? null],
    ]);
    const path = `/trpc/${procedure.path},${partner.path}?batch=1`;
    // Unsafe text the server can see: it cannot in a batch whose JSON is broken as a whole.
    const whole = unsafeJson(inputs) || !carriesUnsafeText(inputs);
    const batchUnsafe = [whole && unsafeJson(payload), whole && unsafeJson(other)];
    if (procedure.type === 'query') {
      return { method: 'GET', path: `${path}&input=${encodeJsonForQuery(jsonText(inputs))}`, batchUnsafe };
    }
    return { ...jsonCall('POST', path, inputs), batchUnsafe };
  });
  return fc.oneof({ weight: 4, arbitrary: single }, { weight: 1, arbitrary: batch }).filter(fitsAnAddress);
}

// Table cases -----------------------------------------------------------------------------------

interface TableCase {
  name: string;
  request: FuzzRequest;
  /**
   * Only telling once past the session guard (a field's value, a query value): signed out,
   * on a target that refuses strangers, the guard answers them all the same and they are
   * skipped. Everything handled before the guard (the body's parsing, its size and type,
   * the address, text the server must refuse) runs in both passes.
   */
  beyondGuard?: boolean;
  /**
   * Answered before any handler or procedure sees the input (the body's parsing, size and
   * content type, an address too long, a procedure that does not exist): the answer cannot
   * depend on the database, which only reads the session, the same way for every case. These
   * run on one database, like the random calls.
   */
  beforeHandler?: boolean;
}

/** A case answered before any handler sees its input (TableCase.beforeHandler). */
const refusedFirst = (name: string, request: FuzzRequest): TableCase => ({
  name,
  request,
  beforeHandler: true,
});

/** Text that must be refused goes into every field; each of these once, the fields taking turns. */
const UNSAFE_IN_EVERY_FIELD = CORE_HOSTILE_STRINGS.filter((s) =>
  ['a NUL inside text', 'a lone surrogate inside text'].includes(s.name),
);
const FIELD_VALUES_IN_TURN: ReadonlyArray<Named<Payload>> = [
  ...CORE_HOSTILE_STRINGS.filter((s) => !UNSAFE_IN_EVERY_FIELD.includes(s)),
  ...WRONG_TYPES,
  ...DEEP_VALUES.slice(0, 1),
];

/** The payload with one field changed, per hostile value (see the two lists above). */
function fieldVariants(base: Payload, maxText = Number.POSITIVE_INFINITY) {
  const fields = leafPaths(base);
  const targets = fields.length > 0 ? fields : [['id']];
  const variants: Array<{ name: string; payload: Payload; unsafe: boolean }> = [];
  for (const field of targets) {
    for (const s of UNSAFE_IN_EVERY_FIELD) {
      variants.push({
        name: `${field.join('.')} = ${s.name}`,
        payload: setAt(base, field, s.value),
        unsafe: true,
      });
    }
  }
  const values = FIELD_VALUES_IN_TURN.filter((v) => typeof v.value !== 'string' || v.value.length <= maxText);
  values.forEach((v, i) => {
    const field = targets[i % targets.length] ?? ['id'];
    const unsafe = typeof v.value === 'string' && isUnsafeText(v.value);
    variants.push({ name: `${field.join('.')} = ${v.name}`, payload: setAt(base, field, v.value), unsafe });
  });
  return variants;
}

/** The same body faults for REST and tRPC mutations. */
function bodyTableCases(method: string, path: string, base: Payload, forTrpc: boolean): TableCase[] {
  const cases: TableCase[] = [];
  const add = (name: string, request: FuzzRequest, beyondGuard = false) =>
    cases.push({ name, request, beyondGuard });
  const json = (body: string, extra: Partial<FuzzRequest> = {}): FuzzRequest => ({
    method,
    path,
    contentType: JSON_TYPE,
    body,
    ...extra,
  });
  const baseText = jsonText(base);

  for (const bad of BAD_JSON_TEXTS) {
    // An empty body may be read as "no body" (then the route's own rules answer).
    const statuses = bad.value.trim() === '' ? undefined : [400];
    const request = json(bad.value, { statuses, guardFirst: forTrpc });
    if (statuses) cases.push(refusedFirst(`bad JSON: ${bad.name}`, request));
    else add(`bad JSON: ${bad.name}`, request);
  }
  cases.push(
    refusedFirst('bytes that are not UTF-8', {
      method,
      path,
      contentType: JSON_TYPE,
      body: INVALID_UTF8_BODY,
    }),
  );
  for (const odd of ODD_JSON_TEXTS) add(`JSON that is ${odd.name}`, json(odd.value));
  for (const type of CONTENT_TYPE_CASES) {
    const name = `content type: ${type.name}`;
    const request: FuzzRequest = {
      method,
      path,
      contentType: type.contentType,
      body: type.body(baseText),
      statuses: type.unsupported ? (forTrpc ? [400, 415] : [415]) : undefined,
      guardFirst: forTrpc,
    };
    if (type.unsupported) cases.push(refusedFirst(name, request));
    else add(name, request);
  }
  const padded = setAt(base, ['padding'], 'x'.repeat(1.5 * MEGABYTE));
  cases.push(refusedFirst('a 1.5 MB JSON body', json(jsonText(padded), { statuses: [413] })));
  cases.push(
    refusedFirst('a 1.5 MB multipart body', {
      method,
      path,
      contentType: 'multipart/form-data; boundary=b',
      body: `--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n${'x'.repeat(1.5 * MEGABYTE)}\r\n--b--\r\n`,
      statuses: [413, 415],
      guardFirst: forTrpc,
    }),
  );
  for (const deep of DEEP_VALUES) add(`a body of ${deep.name}`, json(jsonText(deep.value)));
  for (const proto of PROTOTYPE_VALUES) add(`a body with ${proto.name}`, json(jsonText(proto.value)));
  add('the valid body plus a __proto__ key', json(jsonText(setAt(base, ['__proto__'], { isAdmin: true }))));
  add(
    'the valid body plus a constructor key',
    json(jsonText(setAt(base, ['constructor'], { prototype: { x: 1 } }))),
  );
  for (const key of UNSAFE_KEYS)
    add(`a body with ${key.name}`, json(jsonText(key.value), { unsafe: 'only' }));
  for (const v of fieldVariants(base)) {
    add(v.name, json(jsonText(v.payload), { unsafe: v.unsafe ? 'only' : undefined }), !v.unsafe);
  }
  return cases;
}

/** Query values: the hostile strings (NUL ones go to every key) and number-like text. */
const QUERY_VALUES: ReadonlyArray<Named<string>> = [
  ...SHORT_HOSTILE_STRINGS.filter((s) => !s.value.includes('\u0000')),
  ...['0', '-1', '2147483648', '1e309', '99999999999999999999', 'NaN', 'default'].map((v) => ({
    name: JSON.stringify(v),
    value: v,
  })),
];

function restTableCases(route: RestRoute, pool: Pool): TableCase[] {
  const hint = REST_HINTS[`${route.method} ${route.url}`] ?? {};
  const kind = idKindOf(route.url);
  // A received capsule's path names one delivered to the member.
  const realIds = route.url.startsWith('/api/received-capsules/') ? pool.received : pool.mine[kind];
  const realParams = Object.fromEntries(route.params.map((name) => [name, first(realIds)]));
  const path = fillPath(route, realParams);
  const base = hint.body?.(pool);
  const baseQuery = Object.entries(hint.query?.(pool) ?? {});
  const cases: TableCase[] = [];
  const add = (name: string, request: FuzzRequest, beyondGuard = false) =>
    cases.push({ name, request, beyondGuard });

  const q = queryString(baseQuery);
  add('the hint call', jsonCall(route.method, q ? `${path}?${q}` : path, base));

  for (const name of route.params) {
    const at = (value: string) => fillPath(route, { ...realParams, [name]: value });
    for (const segment of RAW_PATH_SEGMENTS) {
      add(`:${name} = ${segment.name}`, {
        ...jsonCall(route.method, at(segment.value), base),
        statuses: segment.statuses,
        unsafe: segment.unsafe ? 'only' : undefined,
      });
    }
    for (const s of SHORT_HOSTILE_STRINGS) {
      if (s.value === '' || s.value === '..' || s.value === '.') continue;
      const unsafe = isUnsafeText(s.value);
      add(
        `:${name} = ${s.name}`,
        {
          ...jsonCall(route.method, at(encodeComponent(s.value)), base),
          unsafe: unsafe ? 'only' : undefined,
        },
        !unsafe,
      );
    }
    add(`:${name} = another member's id`, jsonCall(route.method, at(first(pool.others[kind])), base), true);
    add(
      `:${name} = an unknown uuid`,
      jsonCall(route.method, at('3f2504e0-4f89-41d3-9a0c-0305e82c3301'), base),
      true,
    );
  }

  const withQuery = (query: string, extra: Partial<FuzzRequest> = {}) => ({
    ...jsonCall(route.method, `${path}?${query}`, base),
    ...extra,
  });
  // The query parser and the input guard see every query; a route's own keys get every value.
  const hintKeys = baseQuery.map(([k]) => k);
  for (const key of hintKeys.length > 0 ? hintKeys : ['search']) {
    add(`?${key} = a NUL`, withQuery(queryString([...baseQuery, [key, 'x\u0000']]), { unsafe: 'only' }));
  }
  add('?a NUL in a key', withQuery('%00=1', { unsafe: 'only' }));
  QUERY_VALUES.forEach((v, i) => {
    const key = hintKeys[i % hintKeys.length];
    if (key === undefined) return;
    const pairs = [...baseQuery.filter(([k]) => k !== key), [key, v.value] as const];
    add(`?${key} = ${v.name}`, withQuery(queryString(pairs)), true);
  });
  for (const key of hintKeys) {
    const pairs = [[key, 'a'] as const, [key, 'b'] as const, [key, 'Wedding'] as const];
    add(`?${key} repeated`, withQuery(queryString(pairs)), true);
  }
  for (const raw of RAW_QUERY_STRINGS) add(`query: ${raw.name}`, withQuery(raw.value));
  cases.push(refusedFirst('query: a 1 MB value', withQuery(`search=${'a'.repeat(MEGABYTE)}`)));

  if (route.method !== 'GET') {
    for (const c of bodyTableCases(route.method, path, base ?? {}, false)) cases.push(c);
  }
  return cases;
}

function trpcTableCases(procedure: Procedure, pool: Pool): TableCase[] {
  const base = TRPC_HINTS[procedure.path]?.(pool) ?? {};
  const cases: TableCase[] = [];
  const add = (name: string, request: FuzzRequest, beyondGuard = false) =>
    cases.push({ name, request, beyondGuard });
  const path = `/trpc/${procedure.path}`;

  if (procedure.type === 'mutation') {
    add('the hint call', jsonCall('POST', path, base));
    add('no body', { method: 'POST', path });
    for (const c of bodyTableCases('POST', path, base, true)) {
      // A procedure without input ignores what it is sent, except text it must refuse.
      if (!procedure.hasInput && c.name.startsWith('bad JSON')) c.request.statuses = undefined;
      cases.push(c);
    }
    const batchPath = `/trpc/${procedure.path},${procedure.path}?batch=1`;
    const inputs = objectFrom([
      ['0', base],
      ['1', setAt(base, ['x'], 'a\u0000b')],
    ]);
    add('a batch: one valid, one with a NUL', {
      ...jsonCall('POST', batchPath, inputs),
      batchUnsafe: [false, true],
    });
    add('a batch whose body is not keyed by index', jsonCall('POST', batchPath, [base, base]));
    // As many calls as fit the router's 5,000-character parameter.
    const most = Math.floor(4_900 / (procedure.path.length + 1));
    add(`a batch of ${most} calls`, {
      method: 'POST',
      path: `/trpc/${Array.from({ length: most }, () => procedure.path).join(',')}?batch=1`,
      contentType: JSON_TYPE,
      body: '{}',
    });
    return cases;
  }

  const get = (input: string | undefined, extra: Partial<FuzzRequest> = {}): FuzzRequest => ({
    method: 'GET',
    path: input === undefined ? path : `${path}?input=${input}`,
    ...extra,
  });
  const getJson = (payload: Payload, extra: Partial<FuzzRequest> = {}) =>
    get(encodeJsonForQuery(jsonText(payload)), extra);
  add('the hint call', getJson(base));
  add('no input', get(undefined));
  for (const bad of BAD_JSON_TEXTS) {
    if (bad.value.length > 1_000) continue;
    const refusal = procedure.hasInput && bad.value.trim() !== '' ? [400] : undefined;
    const request = get(encodeURIComponent(bad.value), { statuses: refusal, guardFirst: true });
    if (refusal) cases.push(refusedFirst(`input is bad JSON: ${bad.name}`, request));
    else add(`input is bad JSON: ${bad.name}`, request);
  }
  for (const odd of ODD_JSON_TEXTS) add(`input is ${odd.name}`, get(encodeURIComponent(odd.value)));
  cases.push(refusedFirst('input is a 1 MB string', getJson('x'.repeat(MEGABYTE))));
  cases.push(refusedFirst('input= has a raw percent', get('%')));
  for (const deep of [deepArray(1_000), deepObject(1_000)]) add(`input of ${deep.label}`, getJson(deep));
  for (const proto of PROTOTYPE_VALUES) add(`input with ${proto.name}`, getJson(proto.value));
  for (const key of UNSAFE_KEYS) add(`input with ${key.name}`, getJson(key.value, { unsafe: 'only' }));
  // A 1 MB value would make an over-long address: that is the case above.
  for (const v of fieldVariants(base, 10_000)) {
    add(v.name, getJson(v.payload, { unsafe: v.unsafe ? 'only' : undefined }), !v.unsafe);
  }
  const batch = (inputs: Payload) =>
    `/trpc/${procedure.path},${procedure.path}?batch=1&input=${encodeJsonForQuery(jsonText(inputs))}`;
  const inputs = objectFrom([
    ['0', base],
    ['1', setAt(base, ['x'], 'a\u0000b')],
  ]);
  add('a batch: one valid, one with a NUL', {
    method: 'GET',
    path: batch(inputs),
    batchUnsafe: [false, true],
  });
  add('a batch with an array for input', { method: 'GET', path: batch([base, base]) });
  add('a batch with a number for input', { method: 'GET', path: batch(1) });
  add('a batch without input', { method: 'GET', path: `/trpc/${procedure.path},${procedure.path}?batch=1` });
  add('a batch=1 flag that is not 1', { method: 'GET', path: `${path}?batch=yes&input=%7B%7D` });
  return cases;
}

/** Calls to procedures that do not exist, and malformed procedure paths. */
function unknownProcedureCases(): TableCase[] {
  const names = [
    'nope',
    'toString',
    '__proto__',
    'constructor',
    'hasOwnProperty',
    'auth',
    'contacts.groups',
    'auth.status.extra',
    'auth..status',
    '.',
    ',',
    'auth.status,',
    'auth.__proto__',
    'contacts.groups.constructor',
    'a'.repeat(6_000),
  ];
  const cases: TableCase[] = [];
  for (const name of names) {
    const path = `/trpc/${encodeComponent(name)}`;
    cases.push(refusedFirst(`GET ${name.slice(0, 40)}`, { method: 'GET', path: `${path}?input=%7B%7D` }));
    cases.push(refusedFirst(`POST ${name.slice(0, 40)}`, jsonCall('POST', path, {})));
  }
  for (const segment of RAW_PATH_SEGMENTS) {
    cases.push(
      refusedFirst(`GET a path of ${segment.name}`, { method: 'GET', path: `/trpc/${segment.value}` }),
    );
  }
  for (const s of SHORT_HOSTILE_STRINGS) {
    cases.push(
      refusedFirst(`POST a path of ${s.name}`, jsonCall('POST', `/trpc/${encodeComponent(s.value)}`, {})),
    );
  }
  cases.push({
    name: 'a batch with an unknown procedure',
    request: { method: 'GET', path: '/trpc/auth.status,nope?batch=1&input=%7B%7D' },
  });
  cases.push({
    name: 'a query called with POST',
    request: jsonCall('POST', '/trpc/auth.status', {}),
  });
  cases.push({
    name: 'a mutation called with GET',
    request: { method: 'GET', path: '/trpc/contacts.create?input=%7B%7D' },
  });
  return cases;
}

// ---------------------------------------------------------------------------------------------
// The suite
// ---------------------------------------------------------------------------------------------

// The table of bad inputs runs on every database, except the cases answered before any handler
// sees the input: those and the random calls (half the calls, and the file is among the suite's
// longest) run on one, the real server when there is one, else PGlite. What they find is in the
// parsers, the shims and the services, which both databases share.
const EVERY_CASE_KIND = databaseKinds().at(-1);

describe.each(databaseKinds())('fuzz: every REST shim and tRPC procedure (%s)', (kind) => {
  const everyCase = kind === EVERY_CASE_KIND;
  let t: TestApp;
  let member: TestUser & { id: string };
  let other: TestUser & { id: string };
  let memberSeeder: TestClient;
  let fingerprint: () => Promise<Record<string, string>>;
  let othersRows: () => Promise<string>;
  let lastPrint: Record<string, string> | null = null;
  let started = 0;
  let refills = 0;
  const stats = { calls: 0, sendMs: 0, printMs: 0, signIns: 0, statuses: new Map<number, number>() };

  beforeAll(async () => {
    started = Date.now();
    t = await startTestApp(kind, { apiRateLimit: 1_000_000 });
    member = await t.createUser({ fullName: 'Fuzz Member' });
    other = await t.createUser({ fullName: 'Other Member' });
    memberSeeder = await seedMember(member, ['Alan', 'Barbara', 'Claude']);
    await seedMember(other, ['Dennis', 'Edsger']);
    // A capsule of the other member delivered to this one, needing a document.
    await receivedCapsule(t, other, member, { criteria: 'Premium_Verification', category: 'Wedding' });
    fingerprint = await fingerprinter(t);
    othersRows = () => ownedRowsPrint(t, other.id);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    // A line for the budget: the whole file should stay well under 3 minutes per database.
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.info(
      `fuzz (${kind}): ${stats.calls} calls in ${seconds(Date.now() - started)} ` +
        `(answers ${seconds(stats.sendMs)}, row fingerprints ${seconds(stats.printMs)}; ` +
        `member signed in ${stats.signIns} times); statuses ` +
        JSON.stringify(Object.fromEntries([...stats.statuses].sort(([a], [b]) => a - b))),
    );
  });

  /** Contacts, capsules (one with a recipient) and a group for a member. */
  async function seedMember(user: TestUser, names: string[]) {
    const client = await signIn(t, user);
    await purchase(t, user.email, '5 Legacy Capsules');
    const contacts = [];
    for (const [i, name] of names.entries())
      contacts.push(await addContact(client, name, i % 2 ? 'Family' : 'Friend'));
    await client.trpc.contacts.groups.create.mutate({
      name: `${user.fullName}'s friends`,
      relationshipType: 'Friend',
      contactIds: [contacts[0]?.id ?? ''],
    });
    const capsules = await client.rest<Array<{ id: string }>>('GET', '/api/capsules');
    await client.rest('POST', `/api/capsules/${capsules.body[0]?.id}/recipient`, {
      contactId: contacts[0]?.id,
    });
    return client;
  }

  /** Real ids as they are now (fuzzed calls that succeed may delete some); tops contacts up. */
  async function currentPool(): Promise<Pool> {
    const read = () =>
      sql<{ kind: IdKind; id: string; owner: string }>`
        select 'contact' as kind, id::text as id, user_id::text as owner from contacts
        union all select 'capsule', id::text, owner_id::text from capsules
        union all select 'group', id::text, user_id::text from contact_groups`.execute(t.deps.db);
    let rows = (await read()).rows;
    const mineOf = (k: IdKind) => rows.filter((r) => r.kind === k && r.owner === member.id).map((r) => r.id);
    if (mineOf('contact').length < 2 || mineOf('group').length < 1) {
      refills += 1;
      const contact = await addContact(memberSeeder, `Refill${refills}`, 'Friend');
      await memberSeeder.trpc.contacts.groups.create.mutate({
        name: `Refilled group ${refills}`,
        relationshipType: 'Friend',
        contactIds: [contact.id],
      });
      rows = (await read()).rows;
    }
    const side = (owner: string) => ({
      contact: rows.filter((r) => r.kind === 'contact' && r.owner === owner).map((r) => r.id),
      capsule: rows.filter((r) => r.kind === 'capsule' && r.owner === owner).map((r) => r.id),
      group: rows.filter((r) => r.kind === 'group' && r.owner === owner).map((r) => r.id),
    });
    lastPrint = null;
    return {
      mine: side(member.id),
      others: side(other.id),
      memberEmail: member.email,
      otherEmail: other.email,
      received: (
        await sql<{ id: string }>`
          select capsule_id::text as id from received_capsules where user_id = ${member.id}`.execute(
          t.deps.db,
        )
      ).rows.map((r) => r.id),
    };
  }

  /** Sends the call; checks the answer, and that a refusal changed no row. */
  async function call(agent: Agent, request: FuzzRequest): Promise<{ answer: Answer; problems: string[] }> {
    const t0 = performance.now();
    const before = lastPrint ?? (await fingerprint());
    const t1 = performance.now();
    const answer = await send(agent, request);
    const t2 = performance.now();
    const after = await fingerprint();
    stats.calls += 1;
    stats.statuses.set(answer.status, (stats.statuses.get(answer.status) ?? 0) + 1);
    stats.sendMs += t2 - t1;
    stats.printMs += t1 - t0 + performance.now() - t2;
    lastPrint = after;
    const changed = Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
    const problems = checkAnswer(request, answer, agent, changed);
    if (agent.signedIn && (answer.status === 401 || answer.status === 403)) await keepSignedIn(agent);
    return { answer, problems };
  }

  async function send(agent: Agent, request: FuzzRequest): Promise<Answer> {
    const headers: Record<string, string> = {};
    // The app's own origin on writes, so the cross-site guard does not refuse everything first.
    if (request.method !== 'GET') headers.origin = t.baseUrl;
    if (request.contentType !== undefined) headers['content-type'] = request.contentType;
    try {
      const response = await agent.fetch(`${t.baseUrl}${request.path}`, {
        method: request.method,
        headers,
        body: (request.body ?? null) as BodyInit | null,
        redirect: 'manual',
      });
      return { status: response.status, headers: response.headers, text: await response.text() };
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause?.message;
      return {
        status: 0,
        headers: new Headers(),
        text: '',
        error: `${String(error)}${cause ? ` (${cause})` : ''}`,
      };
    }
  }

  /** The member's session must survive the pass; if a call lost it anyway, sign in again. */
  async function keepSignedIn(agent: Agent) {
    const status = await send(agent, { method: 'GET', path: '/api/login-status' });
    const body = JSON.parse(status.text || '{}') as { loggedIn?: boolean; hasReadTerms?: boolean };
    if (body.loggedIn !== true || body.hasReadTerms !== true) agent.fetch = await memberFetch();
    lastPrint = null;
  }

  /** A fresh full sign-in of the member (earlier fuzzing may have tripped the sign-in limits). */
  async function memberFetch(): Promise<Fetch> {
    await sql`delete from auth_failures`.execute(t.deps.db);
    await sql`delete from one_time_codes where user_id = ${member.id}`.execute(t.deps.db);
    const client = await signIn(t, member);
    stats.signIns += 1;
    return makeFetchCookie(fetch, client.jar) as Fetch;
  }

  async function runTarget(
    agent: Agent,
    table: TableCase[],
    random: fc.Arbitrary<FuzzRequest> | null,
  ): Promise<void> {
    if (agent.signedIn) await keepSignedIn(agent);
    // Sign-in failures of earlier targets would otherwise answer every login with a 429.
    await sql`delete from auth_failures`.execute(t.deps.db);
    const othersBefore = await othersRows();
    const failures: string[] = [];
    let strangersRefused = false;
    for (const { name, request, beyondGuard, beforeHandler } of table) {
      if (beyondGuard && strangersRefused) continue;
      if (beforeHandler && !everyCase) continue;
      const { answer, problems } = await call(agent, request);
      if (name === 'the hint call' && !agent.signedIn) strangersRefused = [401, 403].includes(answer.status);
      if (problems.length > 0) {
        failures.push(
          `[table] ${name}\n    call: ${describeRequest(request)}\n    answer: ${describeAnswer(answer)}\n    ${problems.join('\n    ')}`,
        );
      }
    }
    if (random) {
      const details = await fc.check(
        fc.asyncProperty(random, async (request) => {
          const { answer, problems } = await call(agent, request);
          if (problems.length > 0) {
            throw new Error(`answer: ${describeAnswer(answer)}\n    ${problems.join('\n    ')}`);
          }
        }),
        { seed: SEED, numRuns: RANDOM_RUNS, interruptAfterTimeLimit: PROPERTY_TIME_LIMIT_MS },
      );
      if (details.failed && details.counterexample) {
        const [request] = details.counterexample;
        const reason =
          details.errorInstance instanceof Error
            ? details.errorInstance.message
            : String(details.errorInstance);
        failures.push(
          `[random] seed ${details.seed}, path "${details.counterexamplePath}", after ${details.numRuns} runs and ${details.numShrinks} shrinks\n    call: ${describeRequest(request)}\n    ${reason}`,
        );
      }
    }
    if ((await othersRows()) !== othersBefore) failures.push("another member's rows changed");
    if (failures.length > 0) {
      const shown = failures.slice(0, 40);
      const more = failures.length > shown.length ? `\n…and ${failures.length - shown.length} more` : '';
      expect.fail(`${failures.length} failing call(s):\n${shown.join('\n')}${more}`);
    }
  }

  it('finds every route and procedure', () => {
    // A broken discovery must not pass quietly by fuzzing nothing.
    expect(restRoutes.length).toBeGreaterThanOrEqual(20);
    expect(procedures.length).toBeGreaterThanOrEqual(25);
    // The catalogue's app and the app under test have the same routes (a trailing slash is
    // ignored by the router, so '/api/users/' is found as '/api/users').
    for (const route of restRoutes) {
      const method = route.method as 'GET';
      const found = [route.url, route.url.replace(/\/$/, '')].some((url) => t.app.hasRoute({ method, url }));
      expect(found, `${route.method} ${route.url}`).toBe(true);
    }
    // Hints for routes that no longer exist would silently stop helping.
    const restKeys = new Set(restRoutes.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(REST_HINTS).filter((k) => !restKeys.has(k))).toEqual([]);
    const procedurePaths = new Set(procedures.map((p) => p.path));
    expect(Object.keys(TRPC_HINTS).filter((k) => !procedurePaths.has(k))).toEqual([]);
    for (const [path, hint] of Object.entries(TRPC_HINTS)) {
      const keys = new Set(procedures.find((p) => p.path === path)?.inputKeys);
      const unknown = leafPaths(hint(emptyPool)).flatMap((p) =>
        p.filter((k) => !/^\d+$/.test(k) && !keys.has(k)),
      );
      expect(unknown, `input keys of the ${path} hint`).toEqual([]);
    }
  });

  describe.each([
    ['signed out', false],
    ['signed in as a member', true],
  ] as const)('%s', (_, signedIn) => {
    const agent: Agent = { signedIn, fetch: fetch as Fetch };
    beforeAll(async () => {
      if (signedIn) agent.fetch = await memberFetch();
    });

    const routes = restRoutes.filter((r) => !(signedIn && ENDS_SESSION.has(`${r.method} ${r.url}`)));
    const calls = procedures.filter(
      (p) => p.type !== 'subscription' && !(signedIn && ENDS_SESSION.has(p.path)),
    );

    for (const route of routes) {
      it(
        `REST ${route.method} ${route.url}`,
        async () => {
          const pool = await currentPool();
          await runTarget(agent, restTableCases(route, pool), everyCase ? restRandomCall(route, pool) : null);
        },
        TARGET_TIMEOUT_MS,
      );
    }

    for (const procedure of calls) {
      it(
        `tRPC ${procedure.type} ${procedure.path}`,
        async () => {
          const pool = await currentPool();
          await runTarget(
            agent,
            trpcTableCases(procedure, pool),
            everyCase ? trpcRandomCall(procedure, pool, calls) : null,
          );
        },
        TARGET_TIMEOUT_MS,
      );
    }

    it(
      'tRPC: unknown procedures, malformed paths and batches',
      async () => {
        await currentPool();
        await runTarget(agent, unknownProcedureCases(), null);
      },
      TARGET_TIMEOUT_MS,
    );
  });
});

const emptyPool: Pool = {
  mine: { contact: [], capsule: [], group: [] },
  others: { contact: [], capsule: [], group: [] },
  memberEmail: 'member@example.test',
  otherEmail: 'other@example.test',
  received: [],
};

/**
 * A fingerprint of every table in one round trip: an md5 of all its rows. Left out:
 * auth_failures (refused sign-ins are recorded there by design) and, for sessions, every
 * column but (id, user_id, stage), since any read touches last_seen_at.
 */
async function fingerprinter(t: TestApp): Promise<() => Promise<Record<string, string>>> {
  const tables = (
    await sql<{ name: string }>`
      select tablename as name from pg_tables
      where schemaname = 'public' and tablename not like 'kysely%' and tablename <> 'auth_failures'
      order by tablename`.execute(t.deps.db)
  ).rows.map((r) => r.name);
  const part = (name: string) => {
    const row = name === 'sessions' ? sql`(t.id, t.user_id, t.stage)::text` : sql`t::text`;
    return sql`${sql.lit(name)}::text, (select md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) from ${sql.table(name)} t)`;
  };
  // jsonb_build_object takes at most 100 arguments: 40 tables a call.
  const chunks: (typeof tables)[] = [];
  for (let i = 0; i < tables.length; i += 40) chunks.push(tables.slice(i, i + 40));
  const objects = chunks.map((chunk) => sql`jsonb_build_object(${sql.join(chunk.map(part))})`);
  const query = sql<{ print: string }>`select (${sql.join(objects, sql` || `)})::text as print`;
  return async () =>
    JSON.parse((await query.execute(t.deps.db)).rows[0]?.print ?? '{}') as Record<string, string>;
}

/** Everything another member owns: no call by anyone else may change it. */
async function ownedRowsPrint(t: TestApp, userId: string): Promise<string> {
  const result = await sql<{ print: string }>`
    select md5(concat_ws('|',
      (select string_agg(u::text, ',' order by u::text) from users u where u.id = ${userId}),
      (select string_agg(c::text, ',' order by c::text) from contacts c where c.user_id = ${userId}),
      (select string_agg(k::text, ',' order by k::text) from capsules k where k.owner_id = ${userId}),
      (select string_agg(g::text, ',' order by g::text) from contact_groups g where g.user_id = ${userId}),
      (select string_agg(m::text, ',' order by m::text) from contact_group_members m
         where m.group_id in (select id from contact_groups where user_id = ${userId}))
    )) as print`.execute(t.deps.db);
  return result.rows[0]?.print ?? '';
}
