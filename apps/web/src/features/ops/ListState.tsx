import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListPagination } from '../../lib/ui/ListPagination/ListPagination';
import { OPS_CONSOLE_TEXTS as T } from './ops-texts';

interface PageLike {
  items: unknown[];
  total: number;
  page: number;
  pageSize: number;
}

/** A console list's loading, failure, emptiness and pages around its rows. */
export function ListState<P extends PageLike, E>({
  query,
  empty,
  onPage,
  label,
  children,
}: {
  query: UseQueryResult<P, E>;
  empty: string;
  onPage: (page: number) => void;
  label: string;
  children: (data: P) => ReactNode;
}) {
  if (query.isPending) return <Skeleton height={120} radius="md" />;
  if (query.isError)
    return (
      <Alert color="red" variant="light" title={T.loadFailed}>
        <Button size="xs" variant="white" color="red" mt="xs" onClick={() => query.refetch()}>
          {T.retry}
        </Button>
      </Alert>
    );
  const data = query.data;
  if (data.total === 0)
    return (
      <Text c="dimmed" size="sm" py="sm">
        {empty}
      </Text>
    );
  return (
    <Stack gap="xs">
      {children(data)}
      <ListPagination
        label={label}
        page={data.page}
        pageCount={Math.ceil(data.total / data.pageSize)}
        onChange={onPage}
      />
    </Stack>
  );
}
