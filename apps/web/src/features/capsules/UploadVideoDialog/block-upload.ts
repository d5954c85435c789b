import { alreadyStaged, type PlannedBlock, planBlocks, type StagedBlock } from './block-plan';

// The transfer: the file goes straight to blob storage as blocks (Put Block, a few
// in parallel), then one Put Block List commits them. Storage is reached through a BlockTarget
// (azure-block-target.ts wraps the SDK's BlockBlobClient; tests pass a fake). What is staged
// stays staged: a pause, a renewed SAS or a reload never sends a finished block again.

/** Where the bytes may go until when: the server's SAS for this one blob. */
export interface SasGrant {
  sasUrl: string;
  expiresOn: string | Date;
}

export interface StageOptions {
  abortSignal: AbortSignal;
  /** Bytes of this block sent so far. */
  onProgress: (loadedBytes: number) => void;
}

/** What the upload needs of storage. Errors carry `statusCode` when storage answered. */
export interface BlockTarget {
  stageBlock(id: string, body: Blob, size: number, options: StageOptions): Promise<void>;
  commitBlockList(ids: string[], options: { abortSignal: AbortSignal; contentType: string }): Promise<void>;
}

export interface BlockUploadOptions {
  file: Blob;
  blockSize: number;
  grant: SasGrant;
  /** Blocks storage already holds for this upload (start with resume). */
  staged?: readonly StagedBlock[];
  createTarget: (sasUrl: string) => BlockTarget;
  /** A fresh SAS for the same blob (capsules.upload.renew). */
  renew: () => Promise<SasGrant>;
  /** Bytes on storage: staged before, finished blocks, and the parts of blocks under way. */
  onProgress?: (sentBytes: number) => void;
  /** Blocks in flight at once. */
  concurrency?: number;
  /** Tries after the first for a block that meets a network failure, before pausing. */
  retries?: number;
  backoffMs?: (retry: number) => number;
  /** A SAS this close to its expiry is renewed before the next request. */
  renewMarginMs?: number;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export const DEFAULT_CONCURRENCY = 4;
export const DEFAULT_RETRIES = 3;
export const RENEW_MARGIN_MS = 60_000;
/** A 403 straight after a renewal is not an expiry: give up after this many renewals in a row. */
const MAX_AUTH_RENEWALS = 2;

/** 1 s, 2 s, 4 s, then 8 s at most. */
export const defaultBackoff = (retry: number) => Math.min(1000 * 2 ** (retry - 1), 8000);

/** The connection failed and the retries ran out: nothing is lost, the upload can resume. */
export class UploadPausedError extends Error {
  override name = 'UploadPausedError';
  constructor(override readonly cause: unknown) {
    super('The connection to storage was lost');
  }
}

/** Storage (or the server, renewing the SAS) refused: retrying the same way will not help. */
export class UploadRefusedError extends Error {
  override name = 'UploadRefusedError';
  constructor(
    readonly stage: 'storage' | 'renew',
    override readonly cause: unknown,
  ) {
    super(stage === 'renew' ? 'The upload could not be renewed' : 'Storage refused the upload');
  }
}

/** The HTTP status of a failure: storage's `statusCode`, or a tRPC error's `data.httpStatus`. */
export function failureStatus(error: unknown): number | null {
  const e = error as { statusCode?: unknown; data?: { httpStatus?: unknown } } | null | undefined;
  if (typeof e?.statusCode === 'number' && e.statusCode > 0) return e.statusCode;
  if (typeof e?.data?.httpStatus === 'number') return e.data.httpStatus;
  return null;
}

export const isAbort = (error: unknown) =>
  (error as { name?: unknown } | null | undefined)?.name === 'AbortError';

type Failure = 'aborted' | 'auth' | 'transient' | 'refused';

/** No answer, a timeout, throttling or a server fault: worth another try. 403: the SAS. */
function classify(error: unknown, signal: AbortSignal): Failure {
  if (signal.aborted || isAbort(error)) return 'aborted';
  const status = failureStatus(error);
  if (status === 403) return 'auth';
  if (status === null || status === 408 || status === 429 || status >= 500) return 'transient';
  return 'refused';
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The upload was cancelled', 'AbortError');
}

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError(signal));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** One file's block upload; run() again after a pause sends only what is missing. */
export class BlockUpload {
  readonly plan: PlannedBlock[];
  /** Blocks storage held before this page sent anything (a resumed upload). */
  readonly skippedBlocks: number;
  /** Blocks this page staged, retries not counted twice. */
  sentBlocks = 0;
  /** Stage requests made, retries included: what the network carried. */
  stageRequests = 0;
  renewals = 0;
  committed = false;

  private readonly done: Set<string>;
  private readonly inFlight = new Map<string, number>();
  private grant: SasGrant;
  private target: BlockTarget;
  private renewing: Promise<void> | null = null;
  private readonly o: Required<Omit<BlockUploadOptions, 'staged' | 'onProgress'>> &
    Pick<BlockUploadOptions, 'onProgress'>;

  constructor(options: BlockUploadOptions) {
    this.o = {
      concurrency: DEFAULT_CONCURRENCY,
      retries: DEFAULT_RETRIES,
      backoffMs: defaultBackoff,
      renewMarginMs: RENEW_MARGIN_MS,
      now: Date.now,
      sleep: abortableSleep,
      ...options,
    };
    this.plan = planBlocks(options.file.size, options.blockSize);
    this.done = alreadyStaged(this.plan, options.staged ?? []);
    this.skippedBlocks = this.done.size;
    this.grant = options.grant;
    this.target = options.createTarget(options.grant.sasUrl);
  }

  get totalBytes(): number {
    return this.o.file.size;
  }

  get sentBytes(): number {
    let bytes = 0;
    for (const block of this.plan) if (this.done.has(block.id)) bytes += block.size;
    for (const loaded of this.inFlight.values()) bytes += loaded;
    return bytes;
  }

  get missing(): PlannedBlock[] {
    return this.plan.filter((block) => !this.done.has(block.id));
  }

  /** Stages what is missing, then commits the block list. Throws AbortError, UploadPausedError or UploadRefusedError. */
  async run(signal: AbortSignal): Promise<void> {
    if (signal.aborted) throw abortError(signal);
    if (this.committed) return;
    // One failure stops the other blocks under way; the caller's abort stops everything.
    const inner = new AbortController();
    const onAbort = () => inner.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    const queue = this.missing;
    let failure: { error: unknown } | null = null;
    const worker = async () => {
      for (let block = queue.shift(); block && !failure; block = queue.shift()) {
        try {
          await this.stage(block, inner.signal);
        } catch (error) {
          if (!failure) {
            failure = { error };
            inner.abort(error);
          }
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(this.o.concurrency, queue.length) }, worker));
      if (signal.aborted) throw abortError(signal);
      if (failure) throw (failure as { error: unknown }).error;
      const ids = this.plan.map((block) => block.id);
      const contentType = this.o.file.type || 'application/octet-stream';
      await this.attempt(
        (target) => target.commitBlockList(ids, { abortSignal: inner.signal, contentType }),
        inner.signal,
      );
      this.committed = true;
    } finally {
      signal.removeEventListener('abort', onAbort);
      this.inFlight.clear();
      this.emit();
    }
  }

  private emit() {
    this.o.onProgress?.(this.sentBytes);
  }

  private async stage(block: PlannedBlock, signal: AbortSignal) {
    const body = this.o.file.slice(block.start, block.end);
    const onProgress = (loaded: number) => {
      this.inFlight.set(block.id, Math.min(Math.max(loaded, 0), block.size));
      this.emit();
    };
    await this.attempt(
      (target) => {
        this.stageRequests += 1;
        return target.stageBlock(block.id, body, block.size, { abortSignal: signal, onProgress });
      },
      signal,
      () => {
        // A failed try's bytes did not arrive: the bar steps back rather than lie.
        this.inFlight.delete(block.id);
        this.emit();
      },
    );
    this.inFlight.delete(block.id);
    this.done.add(block.id);
    this.sentBlocks += 1;
    this.emit();
  }

  /** One storage request with the SAS kept fresh, network failures retried, then a pause. */
  private async attempt<T>(
    request: (target: BlockTarget) => Promise<T>,
    signal: AbortSignal,
    onFailedTry?: () => void,
  ): Promise<T> {
    let transient = 0;
    let renewalsInARow = 0;
    for (;;) {
      if (this.expiresSoon()) await this.renewOnce(signal);
      const grant = this.grant;
      try {
        return await request(this.target);
      } catch (error) {
        onFailedTry?.();
        const kind = classify(error, signal);
        if (kind === 'aborted') throw signal.aborted ? abortError(signal) : error;
        if (kind === 'refused') throw new UploadRefusedError('storage', error);
        if (kind === 'auth') {
          renewalsInARow += 1;
          if (renewalsInARow > MAX_AUTH_RENEWALS) throw new UploadRefusedError('storage', error);
          // Another block may have renewed it already while this one was under way.
          if (this.grant === grant) await this.renewOnce(signal);
          continue;
        }
        transient += 1;
        if (transient > this.o.retries) throw new UploadPausedError(error);
        if (failureStatus(error) === null && this.grant === grant) await this.askServer(signal);
        await this.o.sleep(this.o.backoffMs(transient), signal);
      }
    }
  }

  /**
   * A request without an answer is a lost connection, or storage refusing the portal's origin:
   * a missing CORS rule looks the same to the page, which sees no status either way. Renewing
   * asks the server, which puts the portal's rule back if it is gone (capsules.upload.renew),
   * before the next try. Without a server either, the connection is down and the tries go on.
   */
  private async askServer(signal: AbortSignal): Promise<void> {
    try {
      await this.renewOnce(signal);
    } catch (error) {
      if (!(error instanceof UploadPausedError)) throw error;
    }
  }

  private expiresSoon(): boolean {
    const expires = new Date(this.grant.expiresOn).getTime();
    return Number.isFinite(expires) && expires - this.o.now() <= this.o.renewMarginMs;
  }

  /** Blocks in parallel share one renewal. */
  private async renewOnce(signal: AbortSignal): Promise<void> {
    if (!this.renewing) {
      this.renewing = this.o
        .renew()
        .then(
          (grant) => {
            this.grant = grant;
            this.target = this.o.createTarget(grant.sasUrl);
            this.renewals += 1;
          },
          (error: unknown) => {
            const status = failureStatus(error);
            // The server said no (the upload was cancelled or timed out): that is final.
            if (status !== null && status >= 400 && status < 500)
              throw new UploadRefusedError('renew', error);
            throw new UploadPausedError(error);
          },
        )
        .finally(() => {
          this.renewing = null;
        });
    }
    const renewing = this.renewing;
    if (signal.aborted) throw abortError(signal);
    await Promise.race([
      renewing,
      new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => reject(abortError(signal)), { once: true }),
      ),
    ]);
  }
}
