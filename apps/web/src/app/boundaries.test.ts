import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The web app's boundaries (apps/web/README.md, "Boundaries"):
// - a feature uses another feature only through that feature's index.ts;
// - no two features need each other, directly or around a loop;
// - lib/ (what several features share) depends on no feature and not on app/;
// - only tests import src/test/.
// Each rule is proved below against a small sample that breaks it, then held on the real tree.

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Files = ReadonlyMap<string, string>;

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('test/');

/** Relative imports of each file, resolved to paths under src/ without an extension. */
function importsOf(files: Files): Array<{ from: string; to: string }> {
  const edges: Array<{ from: string; to: string }> = [];
  for (const [file, text] of files) {
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] as string;
      const to = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)).replace(/\.tsx?$/, '');
      edges.push({ from: file, to });
    }
  }
  return edges;
}

const featureOf = (p: string) => (p.startsWith('features/') ? p.split('/')[1] : undefined);

export function boundaryViolations(files: Files): string[] {
  const found: string[] = [];
  const featureEdges = new Map<string, Set<string>>();
  for (const { from, to } of importsOf(files)) {
    const source = featureOf(from);
    const target = featureOf(to);
    if (!isTest(from) && to.startsWith('test/')) found.push(`${from} imports the test helper ${to}`);
    if (from.startsWith('lib/') && (target || to.startsWith('app/')))
      found.push(`${from} (lib) imports ${to}`);
    if (source && target && source !== target) {
      if (to !== `features/${target}` && to !== `features/${target}/index`)
        found.push(`${from} imports ${to}, past the index of features/${target}`);
      if (!isTest(from)) {
        const set = featureEdges.get(source) ?? new Set<string>();
        set.add(target);
        featureEdges.set(source, set);
      }
    }
  }
  // A loop between features: a depth-first search from each feature back to itself.
  for (const start of featureEdges.keys()) {
    const stack: string[][] = [[start]];
    const seen = new Set<string>();
    while (stack.length > 0) {
      const trail = stack.pop() as string[];
      for (const next of featureEdges.get(trail.at(-1) as string) ?? []) {
        if (next === start) {
          const loop = [...trail, start].join(' -> ');
          if (start === [...trail].sort()[0]) found.push(`features import each other: ${loop}`);
        } else if (!seen.has(next)) {
          seen.add(next);
          stack.push([...trail, next]);
        }
      }
    }
  }
  return found;
}

function sourceFiles(dir: string, base = dir, into = new Map<string, string>()): Map<string, string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sourceFiles(full, base, into);
    else if (/\.tsx?$/.test(name))
      into.set(path.relative(base, full).split(path.sep).join('/'), readFileSync(full, 'utf8'));
  }
  return into;
}

const sample = (entries: Record<string, string>): Files => new Map(Object.entries(entries));

describe('web boundaries', () => {
  it('finds a feature reaching past another feature’s index', () => {
    const files = sample({
      'features/a/Page.tsx': "import { x } from '../b/inner/thing';",
      'features/b/inner/thing.ts': 'export const x = 1;',
      'features/b/index.ts': "export { x } from './inner/thing';",
    });
    expect(boundaryViolations(files)).toEqual([
      'features/a/Page.tsx imports features/b/inner/thing, past the index of features/b',
    ]);
    const through = sample({
      ...Object.fromEntries(files),
      'features/a/Page.tsx': "import { x } from '../b';",
    });
    expect(boundaryViolations(through)).toEqual([]);
  });

  it('finds two features that need each other, also around a loop of three', () => {
    const pair = sample({
      'features/a/index.ts': "export * from '../b';",
      'features/b/index.ts': "export * from '../a/index';",
    });
    expect(boundaryViolations(pair)).toEqual(['features import each other: a -> b -> a']);
    const loop = sample({
      'features/a/index.ts': "import '../b';",
      'features/b/index.ts': "import '../c';",
      'features/c/index.ts': "import '../a';",
    });
    expect(boundaryViolations(loop)).toEqual(['features import each other: a -> b -> c -> a']);
  });

  it('finds lib/ depending on a feature or on app/', () => {
    const files = sample({
      'lib/use-thing.ts':
        "import { useAuth } from '../features/auth';\nimport { ROUTES } from '../app/routes';",
    });
    expect(boundaryViolations(files)).toEqual([
      'lib/use-thing.ts (lib) imports features/auth',
      'lib/use-thing.ts (lib) imports app/routes',
    ]);
  });

  it('finds app code importing a test helper, and lets tests do so', () => {
    const files = sample({
      'features/a/Page.tsx': "import { fixture } from '../../test/fixtures';",
      'features/a/Page.test.tsx': "import { fixture } from '../../test/fixtures';",
    });
    expect(boundaryViolations(files)).toEqual(['features/a/Page.tsx imports the test helper test/fixtures']);
  });

  it('holds on the web app’s sources', () => {
    expect(boundaryViolations(sourceFiles(SRC))).toEqual([]);
  });
});
