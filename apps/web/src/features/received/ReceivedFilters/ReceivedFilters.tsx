import { RECEIVED_SORT_OPTIONS, RECEIVED_TYPE_OPTIONS, type ReceivedSort } from '@capsule/domain';
import { Group, Select } from '@mantine/core';
import { IconArrowsSort, IconFilter } from '@tabler/icons-react';
import type { ReceivedFilters as Filters } from '../use-received-filters';

// Mantine's Select keeps '' for "no value": 'All Types' gets a value of its own.
const ALL_TYPES = 'all';
const TYPE_OPTIONS = RECEIVED_TYPE_OPTIONS.map((option) => ({
  value: option.value || ALL_TYPES,
  label: option.label,
}));
const SORT_OPTIONS = RECEIVED_SORT_OPTIONS.map((option) => ({ value: option.value, label: option.label }));

interface ReceivedFiltersProps {
  filters: Filters;
  onTypeChange: (type: string | null) => void;
  onSortChange: (sort: ReceivedSort) => void;
}

/** The type filter and the release-condition sort of Received Capsules (spec section 2). */
export function ReceivedFilters({ filters, onTypeChange, onSortChange }: ReceivedFiltersProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Received capsule filters">
      <Select
        label="Type"
        data={TYPE_OPTIONS}
        value={filters.type ?? ALL_TYPES}
        onChange={(value) => onTypeChange(!value || value === ALL_TYPES ? null : value)}
        allowDeselect={false}
        leftSection={<IconFilter size={16} />}
        w={{ base: '100%', xs: 220 }}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Release condition"
        data={SORT_OPTIONS}
        value={filters.sort}
        onChange={(value) => {
          const option = RECEIVED_SORT_OPTIONS.find((o) => o.value === value);
          if (option) onSortChange(option.value);
        }}
        allowDeselect={false}
        leftSection={<IconArrowsSort size={16} />}
        w={{ base: '100%', xs: 260 }}
        comboboxProps={{ withinPortal: true }}
      />
    </Group>
  );
}
