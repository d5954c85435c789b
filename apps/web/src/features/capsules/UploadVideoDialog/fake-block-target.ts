// A fake of blob storage for the upload's web-unit tests (not imported by the app): it
// records every request, holds staged blocks per blob, and fails as a test tells it to.
import type { BlockTarget, SasGrant } from './block-upload';

export interface StageCall {
  sasUrl: string;
  id: string;
  size: number;
  text: string;
}

export const storageError = (statusCode: number, code: string) =>
  Object.assign(new Error(`${statusCode} ${code}`), { name: 'RestError', statusCode, code });

/** What fetch throws when the network is gone: no status at all. */
export const connectionLost = () =>
  Object.assign(new TypeError('Failed to fetch'), { code: 'REQUEST_SEND_ERROR' });

export class FakeStorage {
  readonly stageCalls: StageCall[] = [];
  readonly commits: { sasUrl: string; ids: string[]; contentType: string }[] = [];
  readonly staged = new Map<string, number>();
  /** Errors the next stage requests of a block id throw, in order. */
  readonly failStage = new Map<string, unknown[]>();
  /** Errors every request throws while set (e.g. the network is down). */
  failAll: (() => unknown) | null = null;
  /** SAS URLs storage refuses with 403 AuthenticationFailed (expired). */
  readonly expired = new Set<string>();
  inFlight = 0;
  maxInFlight = 0;
  /** Each stage waits for this before answering (tests hold blocks in flight). */
  gate: Promise<void> = Promise.resolve();

  target = (sasUrl: string): BlockTarget => ({
    stageBlock: async (id, body, size, { abortSignal, onProgress }) => {
      this.inFlight += 1;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      try {
        const text = await body.text();
        this.stageCalls.push({ sasUrl, id, size, text });
        onProgress(Math.floor(size / 2));
        await Promise.race([
          this.gate,
          new Promise((_, reject) =>
            abortSignal.addEventListener(
              'abort',
              () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
              { once: true },
            ),
          ),
        ]);
        if (abortSignal.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
        if (this.failAll) throw this.failAll();
        if (this.expired.has(sasUrl)) throw storageError(403, 'AuthenticationFailed');
        const next = this.failStage.get(id)?.shift();
        if (next) throw next;
        onProgress(size);
        this.staged.set(id, size);
      } finally {
        this.inFlight -= 1;
      }
    },
    commitBlockList: async (ids, { contentType }) => {
      if (this.failAll) throw this.failAll();
      if (this.expired.has(sasUrl)) throw storageError(403, 'AuthenticationFailed');
      this.commits.push({ sasUrl, ids, contentType });
    },
  });

  /** The blocks staged per SAS URL, in request order. */
  idsSentTo(sasUrl: string): string[] {
    return this.stageCalls.filter((call) => call.sasUrl === sasUrl).map((call) => call.id);
  }
}

/** A SAS grant numbered n, expiring at `expiresOn` (epoch ms). */
export const grant = (n: number, expiresOn: number): SasGrant => ({
  sasUrl: `https://storage.test/user-1/video?sig=${n}`,
  expiresOn: new Date(expiresOn).toISOString(),
});
