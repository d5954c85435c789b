import { describe, expect, it } from 'vitest';
import { blockId } from './block-plan';
import { BlockUpload } from './block-upload';
import { connectionLost, FakeStorage, grant } from './fake-block-target';
import { LiveBlockStager } from './live-block-stager';

// A recording's data comes in uneven pieces (a second each); whole blocks go while it runs,
// with the ids the finished file's upload gives the same bytes, so that upload sends only the rest.

const SAS = grant(1, Date.parse('2027-01-01T00:00:00Z'));
const PIECES = ['abc', 'defgh', 'ij', 'klmnopq', 'rstuvwxy', 'z'];

/** The recording's slot: the fake storage behind its SAS, blocks of 10 bytes. */
const slotOf = (storage: FakeStorage) =>
  Promise.resolve({ target: storage.target(SAS.sasUrl), blockSize: 10 });

function recordInto(stager: LiveBlockStager, pieces: readonly string[]) {
  for (const piece of pieces) stager.push(new Blob([piece]));
}

/** The whole take recorded into storage, every whole block sent. */
async function recordWhole(storage = new FakeStorage()) {
  const stager = new LiveBlockStager({ slot: slotOf(storage) });
  recordInto(stager, PIECES);
  await stager.finish();
  return { storage, stager };
}

describe('LiveBlockStager', () => {
  it('sends each whole block as soon as it has gathered; the growing last one waits', async () => {
    const { storage, stager } = await recordWhole();
    expect(storage.stageCalls.map((c) => [c.id, c.text])).toEqual([
      [blockId(0), 'abcdefghij'],
      [blockId(1), 'klmnopqrst'],
    ]);
    expect(stager.stagedBlocks).toBe(2);
  });

  it('the finished take’s upload finds those blocks and sends only the rest, the same bytes in order', async () => {
    const { storage } = await recordWhole();
    const take = new Blob(PIECES);
    const upload = new BlockUpload({
      file: take,
      blockSize: 10,
      grant: SAS,
      // As the server lists them on a start with resume.
      staged: [...storage.staged].map(([name, size]) => ({ name, size })),
      createTarget: storage.target,
      renew: async () => SAS,
    });
    expect(upload.skippedBlocks).toBe(2);
    await upload.run(new AbortController().signal);
    expect(storage.stageCalls.slice(2).map((c) => [c.id, c.text])).toEqual([[blockId(2), 'uvwxyz']]);
    expect(storage.commits[0]?.ids).toEqual([0, 1, 2].map(blockId));
    const sent = new Map(storage.stageCalls.map((c) => [c.id, c.text]));
    expect([0, 1, 2].map((i) => sent.get(blockId(i))).join('')).toBe(PIECES.join(''));
  });

  it('stops quietly at the first failure: later blocks are left for the upload', async () => {
    const failing = new FakeStorage();
    failing.failStage.set(blockId(0), [connectionLost()]);
    const { storage, stager } = await recordWhole(failing);
    expect(stager.stopped).toBe(true);
    expect(stager.stagedBlocks).toBe(0);
    expect(storage.stageCalls.map((c) => c.id)).toEqual([blockId(0)]);
  });

  it('sends nothing when no slot could be opened', async () => {
    const stager = new LiveBlockStager({ slot: Promise.reject(new Error('409')) });
    recordInto(stager, PIECES);
    await stager.finish();
    expect(stager.stagedBlocks).toBe(0);
  });

  it('a take given up abandons the block under way and sends no more', async () => {
    const storage = new FakeStorage();
    let release = () => {};
    storage.gate = new Promise((resolve) => {
      release = resolve;
    });
    const stager = new LiveBlockStager({ slot: slotOf(storage) });
    recordInto(stager, PIECES);
    await new Promise((resolve) => setTimeout(resolve, 0));
    stager.stop();
    release();
    await stager.finish();
    expect(stager.stagedBlocks).toBe(0);
    expect(storage.staged.size).toBe(0);
  });
});
