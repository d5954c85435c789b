import { Center, Pagination } from '@mantine/core';

interface ListPaginationProps {
  pageCount: number;
  page: number;
  onChange: (page: number) => void;
  /** Names the control when a page has more than one paged list. */
  label?: string;
  /**
   * Spec section 2: the view scrolls to top on a page change. A page that lives in the query
   * string is not seen by the shell's ScrollToTop (keyed on the path); Back and Forward keep the
   * browser's own scroll restoration.
   */
  scrollToTop?: boolean;
  mt?: 'xs' | 'sm';
}

/** The paged lists' pagination: shown only when there is more than one page (spec section 2). */
export function ListPagination({
  pageCount,
  page,
  onChange,
  label,
  scrollToTop = false,
  mt = 'sm',
}: ListPaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <Center mt={mt}>
      <Pagination
        total={pageCount}
        value={Math.min(page, pageCount)}
        onChange={(next) => {
          onChange(next);
          if (scrollToTop) window.scrollTo({ top: 0, left: 0 });
        }}
        withEdges={false}
        siblings={1}
        aria-label={label}
        getControlProps={(control) => ({ 'aria-label': control === 'next' ? 'Next page' : 'Previous page' })}
        getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
      />
    </Center>
  );
}
