import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/**
 * The REST shims' serializer. The bytes are JSON.stringify's, as for a route without a response
 * schema, so a schema can neither strip a field nor add one (rest/responses.ts).
 *
 * With `check` (every environment but production) each answer is also read back against the
 * schema of its status, strictly: a field the schema does not name, a missing one or another
 * type fails the call with a 500 and a logged reason. A schema that stopped saying what the
 * shim sends thus fails the tests that call it, rather than misleading the OpenAPI document.
 */
export function answerSerializer(check: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    const stringify = (data: unknown) => JSON.stringify(data);
    if (!check || !(schema instanceof z.core.$ZodType)) return stringify;
    return (data) => {
      const text = stringify(data);
      const sent: unknown = text === undefined ? undefined : JSON.parse(text);
      const read = z.safeParse(schema, sent);
      if (!read.success) {
        throw new Error(
          `${method} ${url} ${httpStatus}: the answer breaks its schema: ${z.prettifyError(read.error)}`,
        );
      }
      const described: unknown = JSON.parse(JSON.stringify(read.data) ?? 'null');
      if (!isDeepStrictEqual(described, sent ?? null)) {
        throw new Error(`${method} ${url} ${httpStatus}: the answer carries fields its schema does not name`);
      }
      return text;
    };
  };
}
