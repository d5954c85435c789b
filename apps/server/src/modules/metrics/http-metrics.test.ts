import { describe, expect, it } from 'vitest';
import { errorCodeOf, trpcCalls, UNKNOWN_PROCEDURE } from './http-metrics.js';

describe('trpcCalls', () => {
  const procedures = new Set(['capsules.list', 'capsules.byId']);

  it('a single call: its status, a failure as tRPC told it', () => {
    expect(trpcCalls({ path: 'capsules.list', batch: false, failures: [] }, 200, procedures)).toEqual([
      { procedure: 'capsules.list', status: 200 },
    ]);
    expect(
      trpcCalls(
        { path: 'capsules.byId', batch: false, failures: [{ path: 'capsules.byId', status: 404 }] },
        404,
        procedures,
      ),
    ).toEqual([{ procedure: 'capsules.byId', status: 404 }]);
  });

  it('a batch: each call on its own, the same procedure twice counted twice', () => {
    const calls = trpcCalls(
      {
        path: 'capsules.byId,capsules.list,capsules.byId',
        batch: true,
        failures: [{ path: 'capsules.byId', status: 404 }],
      },
      207,
      procedures,
    );
    expect(calls).toEqual([
      { procedure: 'capsules.byId', status: 404 },
      { procedure: 'capsules.list', status: 200 },
      { procedure: 'capsules.byId', status: 200 },
    ]);
  });

  it('refused before tRPC ran: every call has the answer’s status', () => {
    expect(
      trpcCalls({ path: 'capsules.list,capsules.byId', batch: true, failures: [] }, 429, procedures),
    ).toEqual([
      { procedure: 'capsules.list', status: 429 },
      { procedure: 'capsules.byId', status: 429 },
    ]);
  });

  it('a name the router does not have is one label, whatever was typed', () => {
    const calls = trpcCalls(
      { path: 'capsules.list,3f2b8c1e-0000-4000-8000-000000000000', batch: true, failures: [] },
      200,
      procedures,
    );
    expect(calls.map((c) => c.procedure)).toEqual(['capsules.list', UNKNOWN_PROCEDURE]);
    // Without ?batch, a comma is part of one (unknown) name.
    expect(
      trpcCalls({ path: 'capsules.list,capsules.byId', batch: false, failures: [] }, 404, procedures),
    ).toEqual([{ procedure: UNKNOWN_PROCEDURE, status: 404 }]);
  });
});

describe('errorCodeOf', () => {
  it("names a status by the app's error code, else by the status", () => {
    expect(errorCodeOf(400)).toBe('BAD_INPUT');
    expect(errorCodeOf(404)).toBe('NOT_FOUND');
    expect(errorCodeOf(503)).toBe('UNAVAILABLE');
    expect(errorCodeOf(405)).toBe('HTTP_405');
  });
});
