// What a promise already answered, readable synchronously: the sign-in state asked at boot
// (app/boot.ts), or the one the server rendered with, is usually in before React's first render.
// Reading it then, rather than in an effect after it, lets the first render draw the page
// instead of the guard's check followed by a second, full render (the dashboard's content time).
// The page's data goes through the query cache instead (app/first-data.ts).

export interface Answer<T> {
  value: T;
  /** Date.now() when it was answered: how old the answer is (a cache's updatedAt). */
  at: number;
}

const answers = new WeakMap<Promise<unknown>, Answer<unknown>>();

/**
 * Notes the promise's value once it resolves. A rejection is left to whoever awaits the
 * promise later; until then it is not reported as unhandled.
 */
export function track<T>(promise: Promise<T>): Promise<T> {
  promise.then(
    (value) => void answers.set(promise, { value, at: Date.now() }),
    () => undefined,
  );
  return promise;
}

/** The answer of a tracked promise that has resolved; undefined while pending or if it failed. */
export function answerOf<T>(promise: Promise<T> | undefined): Answer<T> | undefined {
  return promise ? (answers.get(promise) as Answer<T> | undefined) : undefined;
}

/**
 * A promise already answered with `value` at `at`, readable by answerOf at once (no tick):
 * the answers the server rendered a page with, which the first render must read as it did.
 */
export function answered<T>(value: T, at: number): Promise<T> {
  const promise = Promise.resolve(value);
  answers.set(promise, { value, at });
  return promise;
}
