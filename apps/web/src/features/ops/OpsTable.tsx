import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A console list's rows: one striped table, scrolling sideways on a phone; `cells` draws a row's cells. */
export function OpsTable<T>({
  label,
  items,
  rowKey,
  testId,
  cells,
}: {
  label: string;
  items: readonly T[];
  rowKey: (item: T) => string;
  testId: string;
  cells: (item: T) => ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped aria-label={label}>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={rowKey(item)} data-testid={testId}>
              {cells(item)}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
