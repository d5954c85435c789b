import type { AppRouter } from '@capsule/server/app-router';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';

/** Answers one procedure: a value, or a thrown error (see serverError / networkError). */
export type Handler = (input: unknown) => unknown;
/** Keyed by procedure path, e.g. 'auth.status'. */
export type Handlers = Record<string, Handler>;

export interface Call {
  path: string;
  input: unknown;
}

/** An error as the server sends it: a message, a tRPC code and an HTTP status. */
export function serverError(
  httpStatus: number,
  message: string,
  code = 'BAD_REQUEST',
): TRPCClientError<AppRouter> {
  return TRPCClientError.from({ error: { message, code: -32600, data: { code, httpStatus, path: '' } } });
}

/** A request that never reached the server. */
export function networkError(): TRPCClientError<AppRouter> {
  return new TRPCClientError('Failed to fetch');
}

/** A promise the test settles when it wants, to observe loading states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A tRPC link answering from handlers instead of the network; every call is recorded. */
export function mockLink(handlers: Handlers, calls: Call[]): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, input: op.input });
        const handler = handlers[op.path];
        Promise.resolve()
          .then(() => {
            if (!handler) throw serverError(404, `The test gave no handler for ${op.path}`, 'NOT_FOUND');
            return handler(op.input);
          })
          .then(
            (data) => {
              observer.next({ result: { type: 'data', data } });
              observer.complete();
            },
            (cause: unknown) => {
              observer.error(cause instanceof TRPCClientError ? cause : TRPCClientError.from(cause as Error));
            },
          );
        return () => {};
      });
}
