// How a file is cut into blocks for Put Block / Put Block List. The ids are
// deterministic, so a reloaded page computes the same ones and can skip what storage already
// holds for the upload (the staged blocks the server lists on start with resume).

/** A block of the file: its id, its place and its size. */
export interface PlannedBlock {
  index: number;
  id: string;
  start: number;
  end: number;
  size: number;
}

/** A block storage already holds (uncommitted), as the server reports it. */
export interface StagedBlock {
  name: string;
  size: number;
}

/**
 * Storage wants every block id of a blob to be base64 of the same length. Ours are the base64
 * of 'block-' and a six-digit index: 16 characters for any of the 250 blocks a 2000 MB file
 * needs (up to the 50,000 a blob may have).
 */
const ID_DIGITS = 6;
export const MAX_BLOCKS = 50_000;

export function blockId(index: number): string {
  if (!Number.isSafeInteger(index) || index < 0 || index >= MAX_BLOCKS) {
    throw new RangeError(`A block index runs from 0 to ${MAX_BLOCKS - 1}, not ${index}`);
  }
  return btoa(`block-${String(index).padStart(ID_DIGITS, '0')}`);
}

/** Every block of a file of `fileSize` bytes: full blocks, then the remainder. */
export function planBlocks(fileSize: number, blockSize: number): PlannedBlock[] {
  if (!Number.isSafeInteger(fileSize) || fileSize <= 0)
    throw new RangeError('An upload needs a non-empty file');
  if (!Number.isSafeInteger(blockSize) || blockSize <= 0)
    throw new RangeError('The block size must be positive');
  const count = Math.ceil(fileSize / blockSize);
  if (count > MAX_BLOCKS) throw new RangeError(`${count} blocks is more than a blob may have`);
  return Array.from({ length: count }, (_, index) => {
    const start = index * blockSize;
    const end = Math.min(start + blockSize, fileSize);
    return { index, id: blockId(index), start, end, size: end - start };
  });
}

/** A staged block's name as an id: storage answers base64 ids; some tools decode them. */
function stagedIds(staged: readonly StagedBlock[]): Map<string, number> {
  const ids = new Map<string, number>();
  for (const { name, size } of staged) {
    ids.set(name, size);
    if (name.startsWith('block-')) ids.set(btoa(name), size);
  }
  return ids;
}

/**
 * The ids of planned blocks storage already holds: same id and same size. A block staged
 * with another size (another block size, or another file) is sent again, which replaces it.
 */
export function alreadyStaged(plan: readonly PlannedBlock[], staged: readonly StagedBlock[]): Set<string> {
  const ids = stagedIds(staged);
  return new Set(plan.filter((block) => ids.get(block.id) === block.size).map((block) => block.id));
}

/** The blocks still to send. */
export function missingBlocks(plan: readonly PlannedBlock[], staged: readonly StagedBlock[]): PlannedBlock[] {
  const held = alreadyStaged(plan, staged);
  return plan.filter((block) => !held.has(block.id));
}
