import { z } from 'zod';
import { bodyFields } from './body.js';

// How a REST shim declares its input (body, querystring or params) through the type provider.
// Fastify validates it before the handler runs, after the guards (rest/guards.ts); a refusal
// leaves as the same `{error, fields}` a handler's parse would give (plugins/error-handler.ts).
// Where the spec's names differ from the action's one input schema, the OpenAPI document shows
// the spec's fields (the `wire` schema) while the validation stays that schema's, so the texts
// and the `fields` keys are the tRPC call's (docs/api/rest-shims.md).

/** The fields of a spec-named input, as the handler may read them: named, never trusted. */
export type WireFields<W extends z.ZodObject> = { [K in keyof z.input<W>]?: unknown };

/** The spec-named schema the OpenAPI document shows for an input that validates otherwise. */
const documentedAs = new WeakMap<object, z.ZodObject>();

/** The schema the document shows for an input schema: its spec-named fields, else itself. */
export const documentedSchema = (schema: unknown) =>
  (typeof schema === 'object' && schema !== null ? documentedAs.get(schema) : undefined) ?? schema;

/** A JSON body read as the schema; no body reads as an empty object. */
export const bodyOrEmpty = <S extends z.core.$ZodType>(input: S) => z.preprocess((raw) => raw ?? {}, input);

/** A JSON body read as the schema; anything but a JSON object reads as no fields (rest/body.ts). */
export const fieldsOf = <S extends z.core.$ZodType>(input: S) => z.preprocess(bodyFields, input);

/**
 * An input in the spec's names (`wire`), read onto the action's one input schema (`input`) and
 * validated as that schema. `read` sees only the fields `wire` declares, so every field a shim
 * reads is in the document.
 */
export function readAs<W extends z.ZodObject, S extends z.core.$ZodType>(
  wire: W,
  read: (fields: WireFields<W>) => unknown,
  input: S,
) {
  const schema = z.preprocess((raw) => read(bodyFields(raw) as WireFields<W>), input);
  documentedAs.set(schema, wire);
  return schema;
}

/**
 * An input the handler reads itself, because its answer depends on the order of several reads
 * (required fields first, then the ids, then the options: the spec's refusal texts say which
 * came first). Nothing is refused here; the document shows `wire`.
 */
export function readByHandler<W extends z.ZodObject>(wire: W) {
  const schema = z.preprocess(bodyFields, z.custom<WireFields<W>>());
  documentedAs.set(schema, wire);
  return schema;
}

/** A body the handler reads as it came (the card provider's signed text); the document shows `wire`. */
export function asReceived(wire: z.ZodObject) {
  const schema = z.unknown();
  documentedAs.set(schema, wire);
  return schema;
}

/** A path's `:id`, passed on as given: a service answers 404 for an id that names nothing. */
export const idParams = z.object({ id: z.string().describe('The capsule or contact id (a UUID).') });
