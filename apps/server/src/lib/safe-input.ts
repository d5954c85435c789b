// Text PostgreSQL cannot store, or that would be stored altered, is refused at the edge, once
// for both surfaces (the REST hook in plugins/input-guard.ts and the tRPC middleware in
// trpc/init.ts), so no service or schema has to remember it:
// - a NUL character makes PostgreSQL refuse the whole statement (a 500 before this check);
// - a lone UTF-16 surrogate would be silently replaced by U+FFFD on its way to UTF-8.

export const UNSAFE_INPUT_TEXTS = {
  nul: 'Text may not contain a NUL character.',
  surrogate: 'Text contains an invalid character.',
  tooDeep: 'The request is nested too deeply.',
} as const;

// No call of ours takes input nested deeper than a few levels; deep nesting is an attack on
// the parsers and validators behind this check.
const MAX_DEPTH = 32;
const LONE_SURROGATE = /\p{Cs}/u;

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return UNSAFE_INPUT_TEXTS.nul;
  if (LONE_SURROGATE.test(text)) return UNSAFE_INPUT_TEXTS.surrogate;
  return null;
}

/** The reason to refuse this input, or null when every string in it (keys too) is storable. */
export function unsafeInputReason(input: unknown): string | null {
  // Iterative, so hostile nesting cannot overflow the stack.
  const stack: Array<{ value: unknown; depth: number }> = [{ value: input, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop() as { value: unknown; depth: number };
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return problem;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) return UNSAFE_INPUT_TEXTS.tooDeep;
    for (const [key, child] of Object.entries(value)) {
      const problem = textProblem(key);
      if (problem) return problem;
      stack.push({ value: child, depth: depth + 1 });
    }
  }
  return null;
}
