import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Context } from './context.js';
import { createCallerFactory, parsedOutput, publicProcedure, router } from './init.js';

// parsedOutput runs the schema's synchronous parse instead of tRPC's parseAsync: the output
// check must still strip what the schema does not declare, and refuse what does not fit just as
// the schema given to .output() itself does.
describe('parsedOutput', () => {
  const schema = z.object({ id: z.uuid(), at: z.iso.datetime() });
  const answer = { value: {} as unknown };
  const call = createCallerFactory(
    router({
      parsed: publicProcedure.output(parsedOutput(schema)).query(() => answer.value as never),
      schema: publicProcedure.output(schema).query(() => answer.value as never),
    }),
  )({} as Context);
  const id = '7f1c2a9e-3b4d-4e5f-8a6b-1c2d3e4f5a6b';
  const at = '2030-01-01T12:00:00Z';

  it('answers only the declared fields', async () => {
    answer.value = { id, at, ownerSecret: 'x' };
    expect(await call.parsed()).toStrictEqual({ id, at });
  });

  it('fails an answer that does not fit as the schema itself does', async () => {
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (e: unknown) => (e instanceof TRPCError ? { code: e.code, message: e.message } : e),
      );
    for (const bad of [{ id: 'not-a-uuid', at }, { id, at: 'yesterday' }, { id }, null]) {
      answer.value = bad;
      const parsed = await failure(call.parsed());
      expect(parsed).not.toBeNull();
      expect(parsed).toEqual(await failure(call.schema()));
    }
  });

  it("answers a misfit as our internal error, not as the caller's bad input", async () => {
    answer.value = { id: 'not-a-uuid', at };
    for (const procedure of [call.parsed, call.schema]) {
      const error = await procedure().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe('INTERNAL_SERVER_ERROR');
    }
  });
});
