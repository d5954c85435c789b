import {
  CAPSULE_TYPE_FILTERS,
  type CapsuleStatus,
  type CapsuleTypeFilter,
  normaliseStatus,
} from '@capsule/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

// The My Capsules filters live in the address (spec section 2: the page reads x_status and
// type from it; type may repeat), so a filtered page can be bookmarked, shared and reloaded.
export const STATUS_PARAM = 'x_status';
export const TYPE_PARAM = 'type';
export const PAGE_PARAM = 'page';

export interface CapsuleFilters {
  status: CapsuleStatus | null;
  types: CapsuleTypeFilter[];
  page: number;
}

/** Reads the filters from the address; unknown values are ignored rather than sent. */
export function readCapsuleFilters(params: URLSearchParams): CapsuleFilters {
  const types = params
    .getAll(TYPE_PARAM)
    .map((value) => CAPSULE_TYPE_FILTERS.find((type) => type.toLowerCase() === value.trim().toLowerCase()))
    .filter((type): type is CapsuleTypeFilter => type !== undefined);
  const page = Number(params.get(PAGE_PARAM));
  return {
    status: normaliseStatus(params.get(STATUS_PARAM)),
    types: [...new Set(types)],
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

export function useCapsuleFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readCapsuleFilters(params), [params]);

  // A new filter starts again at page 1 (the page parameter is dropped).
  const setStatus = useCallback(
    (status: CapsuleStatus | null) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (status) next.set(STATUS_PARAM, status);
        else next.delete(STATUS_PARAM);
        next.delete(PAGE_PARAM);
        return next;
      }),
    [setParams],
  );

  const setTypes = useCallback(
    (types: readonly string[]) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete(TYPE_PARAM);
        for (const type of types) next.append(TYPE_PARAM, type);
        next.delete(PAGE_PARAM);
        return next;
      }),
    [setParams],
  );

  const clearFilters = useCallback(
    () =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const name of [STATUS_PARAM, TYPE_PARAM, PAGE_PARAM]) next.delete(name);
        return next;
      }),
    [setParams],
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

  return { filters, setStatus, setTypes, setPage, clearFilters };
}
