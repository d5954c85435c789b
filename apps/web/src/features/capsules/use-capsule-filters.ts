import {
  CAPSULE_TYPE_FILTERS,
  type CapsuleStatus,
  type CapsuleTypeFilter,
  normaliseStatus,
} from '@capsule/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_PARAM, readPage, useAddressFilterEdits } from '../../lib/address-filters';

// The My Capsules filters live in the address (spec section 2: the page reads x_status and
// type from it; type may repeat), so a filtered page can be bookmarked, shared and reloaded.
export const STATUS_PARAM = 'x_status';
export const TYPE_PARAM = 'type';
export { PAGE_PARAM };

const FILTER_PARAMS = [STATUS_PARAM, TYPE_PARAM] as const;

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
  return {
    status: normaliseStatus(params.get(STATUS_PARAM)),
    types: [...new Set(types)],
    page: readPage(params),
  };
}

export function useCapsuleFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readCapsuleFilters(params), [params]);
  const { editFilter, clearFilters, setPage } = useAddressFilterEdits(setParams, FILTER_PARAMS);

  const setStatus = useCallback(
    (status: CapsuleStatus | null) =>
      editFilter((next) => {
        if (status) next.set(STATUS_PARAM, status);
        else next.delete(STATUS_PARAM);
      }),
    [editFilter],
  );

  const setTypes = useCallback(
    (types: readonly string[]) =>
      editFilter((next) => {
        next.delete(TYPE_PARAM);
        for (const type of types) next.append(TYPE_PARAM, type);
      }),
    [editFilter],
  );

  return { filters, setStatus, setTypes, setPage, clearFilters };
}
