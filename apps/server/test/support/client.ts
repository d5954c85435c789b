import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import makeFetchCookie from 'fetch-cookie';
import type { AppRouter } from '../../src/trpc/app-router.js';
import { codeIn } from './mail-trap.js';
import type { TestApp, TestUser } from './test-app.js';

export interface RestAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * One "browser": a cookie jar shared by its REST calls and its tRPC client, as the web app's
 * credentials: 'include' fetches share the session cookie. Writes carry the app's own Origin.
 */
export function newClient(t: TestApp) {
  const jar = new makeFetchCookie.toughCookie.CookieJar();
  const cookieFetch = makeFetchCookie(fetch, jar);
  const origin = t.baseUrl;

  async function rest<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<RestAnswer<T>> {
    const response = await cookieFetch(`${t.baseUrl}${path}`, {
      method,
      headers: {
        origin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? null : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as T, headers: response.headers };
  }

  const trpc = createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${t.baseUrl}/trpc`,
        fetch: (url, init) => cookieFetch(String(url), { ...init, headers: { ...init?.headers, origin } }),
      }),
    ],
  });

  return {
    rest,
    trpc,
    jar,
    /** The raw session cookie value, to replay it after logout. */
    async sessionCookie(): Promise<string | undefined> {
      const cookies = await jar.getCookies(t.baseUrl);
      return cookies.find((c) => c.key.endsWith('capsule_session'))?.value;
    },
  };
}

export type TestClient = ReturnType<typeof newClient>;

/** The tRPC error of a failing call, to assert its code and message. */
export async function trpcError(promise: Promise<unknown>): Promise<TRPCClientError<AppRouter>> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCClientError) return error as TRPCClientError<AppRouter>;
    throw error;
  }
  throw new Error('The call succeeded but was expected to fail');
}

/** The whole sign-in as the web app does it: password, code from the mail, and (by default) the terms. */
export async function signIn(t: TestApp, user: TestUser, options: { acceptTerms?: boolean } = {}) {
  const client = newClient(t);
  await client.trpc.auth.login.mutate({ email: user.email, password: user.password });
  await client.trpc.otp.send.mutate();
  const code = codeIn(await t.mail.latestCodeMailTo(user.email));
  await client.trpc.otp.verify.mutate({ oneTimeCode: code });
  if (options.acceptTerms ?? true) await client.trpc.terms.accept.mutate({ accepted: true });
  return client;
}

/**
 * One request as a stranger's client sends it, same-site (`origin` set), nothing parsed: the
 * status, the body's text and the headers, for tests of the wire itself.
 */
export async function rawRequest(
  t: { baseUrl: string },
  method: string,
  path: string,
  init: { body?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${t.baseUrl}${path}`, {
    method,
    headers: { origin: t.baseUrl, ...init.headers },
    body: init.body ?? null,
  });
  const text = await response.text();
  return { status: response.status, text, headers: response.headers };
}
