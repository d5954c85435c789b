import { describe, expect, it, vi } from 'vitest';
import { blockId } from './block-plan';
import { BlockUpload, type BlockUploadOptions, UploadPausedError, UploadRefusedError } from './block-upload';
import { connectionLost, FakeStorage, grant, storageError } from './fake-block-target';

// 10-byte blocks over a 45-byte file: blocks 0..4, the last one 5 bytes.
const TEXT = `${'abcdefghij'.repeat(4)}KLMNO`;
const file = () => new Blob([TEXT], { type: 'video/mp4' });
const NOW = Date.parse('2026-11-23T12:00:00Z');
const HOUR = 3_600_000;
const ALL_IDS = [0, 1, 2, 3, 4].map(blockId);

function setup(overrides: Partial<BlockUploadOptions> = {}) {
  const storage = new FakeStorage();
  let renewed = 1;
  const renew = vi.fn(async () => grant(++renewed, NOW + HOUR));
  const progress: number[] = [];
  const sleep = vi.fn(async (_ms: number, _signal: AbortSignal) => {});
  const upload = new BlockUpload({
    file: file(),
    blockSize: 10,
    grant: grant(1, NOW + HOUR),
    createTarget: storage.target,
    renew,
    onProgress: (sent) => progress.push(sent),
    now: () => NOW,
    sleep,
    ...overrides,
  });
  return { storage, upload, renew, progress, sleep };
}

describe('BlockUpload', () => {
  it('stages every block with its id and bytes, a few at once, then commits the list in order', async () => {
    const { storage, upload, progress } = setup({ concurrency: 3 });
    await upload.run(new AbortController().signal);

    expect(storage.stageCalls.map((c) => c.id).sort()).toEqual([...ALL_IDS].sort());
    const byId = new Map(storage.stageCalls.map((c) => [c.id, c]));
    expect(byId.get(blockId(4))).toMatchObject({ size: 5, text: 'KLMNO' });
    expect(byId.get(blockId(1))?.text).toBe('abcdefghij');
    expect(storage.maxInFlight).toBe(3);
    expect(storage.commits).toEqual([{ sasUrl: grant(1, 0).sasUrl, ids: ALL_IDS, contentType: 'video/mp4' }]);
    expect(upload.committed).toBe(true);
    expect(progress.at(-1)).toBe(45);
    expect(Math.max(...progress)).toBe(45);
  });

  it('sends only the blocks storage does not hold yet (resume), and commits them all', async () => {
    const { storage, upload, progress } = setup({
      staged: [
        { name: blockId(0), size: 10 },
        { name: blockId(3), size: 10 },
      ],
    });
    expect(upload.skippedBlocks).toBe(2);
    expect(upload.sentBytes).toBe(20);
    await upload.run(new AbortController().signal);
    expect(storage.stageCalls.map((c) => c.id).sort()).toEqual([blockId(1), blockId(2), blockId(4)].sort());
    expect(storage.commits[0]?.ids).toEqual(ALL_IDS);
    expect(Math.min(...progress)).toBeGreaterThanOrEqual(20);
  });

  it('renews a SAS within a minute of its expiry before sending, once for all parallel blocks', async () => {
    const { storage, upload, renew } = setup({ grant: grant(1, NOW + 59_000) });
    await upload.run(new AbortController().signal);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(storage.idsSentTo(grant(1, 0).sasUrl)).toEqual([]);
    expect(storage.idsSentTo(grant(2, 0).sasUrl).sort()).toEqual([...ALL_IDS].sort());
    expect(storage.commits[0]?.sasUrl).toBe(grant(2, 0).sasUrl);
  });

  it('renews on 403 AuthenticationFailed and sends only the refused block again', async () => {
    const { storage, upload, renew } = setup({ concurrency: 1 });
    storage.failStage.set(blockId(2), [storageError(403, 'AuthenticationFailed')]);
    await upload.run(new AbortController().signal);

    expect(renew).toHaveBeenCalledTimes(1);
    expect(upload.renewals).toBe(1);
    // Blocks 0 and 1 went on the first SAS and stay staged; 2 is tried again on the new one.
    expect(storage.idsSentTo(grant(1, 0).sasUrl)).toEqual([blockId(0), blockId(1), blockId(2)]);
    expect(storage.idsSentTo(grant(2, 0).sasUrl)).toEqual([blockId(2), blockId(3), blockId(4)]);
    expect(storage.commits).toHaveLength(1);
    expect(upload.sentBlocks).toBe(5);
  });

  it('gives up on a 403 that a fresh SAS does not cure', async () => {
    const { storage, upload, renew } = setup();
    storage.failAll = () => storageError(403, 'AuthorizationPermissionMismatch');
    await expect(upload.run(new AbortController().signal)).rejects.toBeInstanceOf(UploadRefusedError);
    expect(renew.mock.calls.length).toBeLessThanOrEqual(2 * 5);
    expect(storage.commits).toHaveLength(0);
  });

  it('retries a block after a network failure with a growing back-off', async () => {
    const { storage, upload, sleep, renew } = setup({ concurrency: 1 });
    storage.failStage.set(blockId(1), [connectionLost(), storageError(503, 'ServerBusy')]);
    await upload.run(new AbortController().signal);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([1000, 2000]);
    // No answer: the server is asked (a renewal) before the next try; a 503 is an answer.
    expect(renew).toHaveBeenCalledTimes(1);
    expect(storage.idsSentTo(grant(1, 0).sasUrl)).toEqual([blockId(0), blockId(1)]);
    expect(storage.idsSentTo(grant(2, 0).sasUrl)).toEqual([
      blockId(1),
      blockId(1),
      blockId(2),
      blockId(3),
      blockId(4),
    ]);
    expect(upload.committed).toBe(true);
  });

  it('asks the server once when parallel blocks get no answer (a CORS rule storage lost looks so)', async () => {
    const { storage, upload, renew, sleep } = setup({ concurrency: 3 });
    for (const i of [0, 1, 2]) storage.failStage.set(blockId(i), [connectionLost()]);
    let open!: () => void;
    storage.gate = new Promise((resolve) => {
      open = resolve;
    });
    const running = upload.run(new AbortController().signal);
    await vi.waitFor(() => expect(storage.inFlight).toBe(3));
    open();
    await running;
    expect(renew).toHaveBeenCalledTimes(1);
    expect(sleep).toHaveBeenCalled();
    expect(storage.commits).toEqual([{ sasUrl: grant(2, 0).sasUrl, ids: ALL_IDS, contentType: 'video/mp4' }]);
  });

  it('goes on retrying when the server cannot be reached either, and stops when it says the upload ended', async () => {
    const offline = setup({ concurrency: 1 });
    offline.renew.mockRejectedValue(new TypeError('Failed to fetch'));
    offline.storage.failStage.set(blockId(0), [connectionLost(), connectionLost()]);
    await offline.upload.run(new AbortController().signal);
    expect(offline.renew).toHaveBeenCalledTimes(2);
    expect(offline.sleep.mock.calls.map(([ms]) => ms)).toEqual([1000, 2000]);
    expect(offline.upload.committed).toBe(true);

    const ended = setup({ concurrency: 1 });
    ended.renew.mockRejectedValue(
      Object.assign(new Error('This upload was cancelled.'), { data: { httpStatus: 409 } }),
    );
    ended.storage.failStage.set(blockId(0), [connectionLost()]);
    const error = await ended.upload.run(new AbortController().signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadRefusedError);
    expect((error as UploadRefusedError).stage).toBe('renew');
    expect(ended.storage.commits).toHaveLength(0);
  });

  it('pauses when the retries run out, then resumes with only the missing blocks', async () => {
    const { storage, upload, sleep } = setup({ concurrency: 1, retries: 2 });
    storage.failStage.set(blockId(2), [connectionLost(), connectionLost(), connectionLost()]);
    await expect(upload.run(new AbortController().signal)).rejects.toBeInstanceOf(UploadPausedError);
    expect(sleep).toHaveBeenCalledTimes(2);
    expect(upload.sentBytes).toBe(20);
    expect(upload.missing.map((b) => b.index)).toEqual([2, 3, 4]);
    expect(storage.commits).toHaveLength(0);

    storage.stageCalls.length = 0;
    await upload.run(new AbortController().signal);
    expect(storage.stageCalls.map((c) => c.id)).toEqual([blockId(2), blockId(3), blockId(4)]);
    expect(storage.commits).toHaveLength(1);
  });

  it('pauses when the SAS cannot be renewed for want of a network, and stops on a refusal', async () => {
    const offline = setup({ grant: grant(1, NOW + 1000) });
    offline.renew.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(offline.upload.run(new AbortController().signal)).rejects.toBeInstanceOf(UploadPausedError);

    const refused = setup({ grant: grant(1, NOW + 1000) });
    refused.renew.mockRejectedValueOnce(
      Object.assign(new Error('This upload has ended.'), { data: { httpStatus: 409 } }),
    );
    const error = await refused.upload.run(new AbortController().signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadRefusedError);
    expect((error as UploadRefusedError).stage).toBe('renew');
  });

  it('stops on a refusal storage will repeat (e.g. 413) without retrying', async () => {
    const { storage, upload, sleep } = setup({ concurrency: 1 });
    storage.failStage.set(blockId(0), [storageError(413, 'RequestBodyTooLarge')]);
    await expect(upload.run(new AbortController().signal)).rejects.toBeInstanceOf(UploadRefusedError);
    expect(sleep).not.toHaveBeenCalled();
    expect(storage.stageCalls).toHaveLength(1);
  });

  it('cancel aborts the blocks under way and commits nothing', async () => {
    const { storage, upload } = setup({ concurrency: 2 });
    let open!: () => void;
    storage.gate = new Promise((resolve) => {
      open = resolve;
    });
    const controller = new AbortController();
    const running = upload.run(controller.signal);
    await vi.waitFor(() => expect(storage.inFlight).toBe(2));
    controller.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    open();
    expect(storage.commits).toHaveLength(0);
    expect(storage.staged.size).toBe(0);
    expect(upload.committed).toBe(false);
  });

  it('reports bytes of blocks under way, and takes them back when a try fails', async () => {
    const { storage, upload, progress } = setup({ concurrency: 1 });
    storage.failStage.set(blockId(0), [connectionLost()]);
    await upload.run(new AbortController().signal);
    // Half of block 0, back to 0 after the failure, half again, then the whole block.
    expect(progress.slice(0, 4)).toEqual([5, 0, 5, 10]);
  });
});
