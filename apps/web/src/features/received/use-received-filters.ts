import {
  type CapsuleStatus,
  normaliseStatus,
  RECEIVED_SORT_OPTIONS,
  RECEIVED_TYPE_OPTIONS,
  type ReceivedSort,
} from '@capsule/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_PARAM, readPage, useAddressFilterEdits } from '../../lib/address-filters';

// The Received Capsules filters live in the address, as My Capsules' do (spec section 2: the
// page reads x_status and type from it), with the sort and the page beside them, so a filtered
// page can be bookmarked and reloaded.
export const STATUS_PARAM = 'x_status';
export const TYPE_PARAM = 'type';
export const SORT_PARAM = 'sortby';
export { PAGE_PARAM };

const FILTER_PARAMS = [STATUS_PARAM, TYPE_PARAM, SORT_PARAM] as const;

export interface ReceivedFilters {
  status: CapsuleStatus | null;
  type: string | null;
  sort: ReceivedSort;
  page: number;
}

const TYPES = RECEIVED_TYPE_OPTIONS.map((option) => option.value).filter((value) => value !== '');

/** Reads the filters from the address; unknown values are ignored rather than sent. */
export function readReceivedFilters(params: URLSearchParams): ReceivedFilters {
  const typeParam = (params.get(TYPE_PARAM) ?? '').trim().toLowerCase();
  const sortParam = (params.get(SORT_PARAM) ?? '').trim().toLowerCase();
  // The sort by its slug or its label ('Verification Needed'), as the REST shim accepts it.
  const sort = RECEIVED_SORT_OPTIONS.find(
    (option) => option.value === sortParam || option.label.toLowerCase() === sortParam,
  );
  return {
    status: normaliseStatus(params.get(STATUS_PARAM)),
    type: TYPES.find((type) => type.toLowerCase() === typeParam) ?? null,
    sort: sort?.value ?? 'all',
    page: readPage(params),
  };
}

/** A filter or a sort is narrowing the list (the empty state says so). */
export const isFiltered = (filters: ReceivedFilters) =>
  filters.status !== null || filters.type !== null || filters.sort !== 'all';

export function useReceivedFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readReceivedFilters(params), [params]);
  const { editFilter, clearFilters, setPage } = useAddressFilterEdits(setParams, FILTER_PARAMS);

  const setParam = useCallback(
    (name: string, value: string | null) =>
      editFilter((next) => {
        if (value) next.set(name, value);
        else next.delete(name);
      }),
    [editFilter],
  );

  const setType = useCallback((type: string | null) => setParam(TYPE_PARAM, type), [setParam]);
  const setSort = useCallback(
    (sort: ReceivedSort) => setParam(SORT_PARAM, sort === 'all' ? null : sort),
    [setParam],
  );

  return { filters, setType, setSort, setPage, clearFilters };
}
