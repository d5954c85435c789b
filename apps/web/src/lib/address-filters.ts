import { useCallback } from 'react';
import type { SetURLSearchParams } from 'react-router';

// What every list that keeps its filters in the address shares (My Capsules, Received
// Capsules): the page parameter, and the three edits of the address each list makes.

export const PAGE_PARAM = 'page';

/** The page in the address: a whole number from 1; anything else reads as 1. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get(PAGE_PARAM));
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * `editFilter(edit)` changes filter parameters and drops the page, since a changed filter
 * starts again at page 1 (spec section 2: 'The page resets to 1 when status, type or filter
 * changes'); `clearFilters()` drops `filterParams` and the page; `setPage(n)` writes the page,
 * leaving it out at 1. `filterParams` must be a constant (it is a dependency of the edits).
 */
export function useAddressFilterEdits(setParams: SetURLSearchParams, filterParams: readonly string[]) {
  const editFilter = useCallback(
    (edit: (next: URLSearchParams) => void) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        edit(next);
        next.delete(PAGE_PARAM);
        return next;
      }),
    [setParams],
  );

  const clearFilters = useCallback(
    () =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const name of [...filterParams, PAGE_PARAM]) next.delete(name);
        return next;
      }),
    [setParams, filterParams],
  );

  const setPage = useCallback(
    (page: number, options: { replace?: boolean } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (page > 1) next.set(PAGE_PARAM, String(page));
          else next.delete(PAGE_PARAM);
          return next;
        },
        { replace: options.replace ?? false },
      ),
    [setParams],
  );

  return { editFilter, clearFilters, setPage };
}
