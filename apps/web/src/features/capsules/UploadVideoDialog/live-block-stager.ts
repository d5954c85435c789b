import { blockId } from './block-plan';
import type { BlockTarget } from './block-upload';

// A recording's blocks sent while it is recorded. MediaRecorder hands over its data every
// second; each time a whole block (the slot's block size) has gathered it goes to storage, one
// at a time, with the ids block-plan.ts gives the same bytes of the finished file. So when the sender uses the take,
// the upload (block-upload.ts) finds those blocks already staged and sends only the rest.
//
// A head start, not the upload: the first failure (no slot, the network gone, a SAS that ran
// out in a long take) stops the stager quietly, and the upload after 'Use this video' sends
// whatever storage does not hold, with its retries, renewals and pause.

/** The recording's upload slot as the stager needs it: storage, and the slot's block size. */
export interface StagingSlot {
  target: BlockTarget;
  blockSize: number;
}

export interface LiveBlockStagerOptions {
  /** Rejects when no slot could be opened. */
  slot: Promise<StagingSlot>;
}

export class LiveBlockStager {
  /** Blocks storage has acknowledged. */
  stagedBlocks = 0;
  /** Stopped by a failure or by stop(): later data is no longer sent (the upload sends it). */
  stopped = false;
  /** finish() was called: no more data comes; the blocks already whole still go. */
  private closed = false;

  private gathered: Blob[] = [];
  private gatheredBytes = 0;
  private nextIndex = 0;
  private sending: Promise<void> = Promise.resolve();
  private readonly controller = new AbortController();

  constructor(private readonly options: LiveBlockStagerOptions) {
    // A slot that could not be opened ends the head start; nothing waits on it unhandled.
    options.slot.catch(() => {
      this.stopped = true;
    });
  }

  /** The recorder's next data, in order. */
  push(chunk: Blob): void {
    if (this.stopped || this.closed || chunk.size === 0) return;
    this.gathered.push(chunk);
    this.gatheredBytes += chunk.size;
    this.sending = this.sending.then(() => this.sendWholeBlocks());
  }

  /** No more data: the whole blocks gathered are sent, then this resolves (never rejects). */
  async finish(): Promise<void> {
    this.closed = true;
    await this.sending;
  }

  /** The take is given up: the block under way is abandoned too. */
  stop(): void {
    this.stopped = true;
    this.controller.abort();
  }

  /** One at a time, in order: each whole block of what has gathered, cut at the slot's size. */
  private async sendWholeBlocks(): Promise<void> {
    if (this.stopped) return;
    try {
      const { target, blockSize } = await this.options.slot;
      while (!this.stopped && this.gatheredBytes >= blockSize) {
        const all = new Blob(this.gathered);
        const block = all.slice(0, blockSize);
        const rest = all.slice(blockSize);
        this.gathered = [rest];
        this.gatheredBytes = rest.size;
        await target.stageBlock(blockId(this.nextIndex), block, block.size, {
          abortSignal: this.controller.signal,
          onProgress: () => undefined,
        });
        this.nextIndex += 1;
        this.stagedBlocks += 1;
      }
    } catch {
      this.stopped = true;
    }
  }
}
