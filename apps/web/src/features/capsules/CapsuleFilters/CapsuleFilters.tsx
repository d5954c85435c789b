import {
  CAPSULE_TEXTS,
  type CapsuleStatus,
  normaliseStatus,
  STATUS_SORT_OPTIONS,
  statusLabel,
  TYPE_FILTER_OPTIONS,
} from '@capsule/domain';
import { Group, MultiSelect, Select } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { CapsuleFilters as Filters } from '../use-capsule-filters';

// Mantine's Select keeps '' for "no value"; the 'All Statuses' option gets a value of its own.
const ALL_STATUSES = 'all';

function statusOptions(current: CapsuleStatus | null) {
  const options = STATUS_SORT_OPTIONS.map((option) => ({
    value: option.value || ALL_STATUSES,
    label: option.label,
  }));
  // An address may name a status the select does not offer (e.g. Needs_Review): show it.
  if (current && !options.some((option) => option.value === current)) {
    options.push({ value: current, label: statusLabel(current, { senderList: true }) });
  }
  return options;
}

const TYPE_OPTIONS = TYPE_FILTER_OPTIONS.filter((option) => option.value !== '').map((option) => ({
  value: option.value,
  label: option.label,
}));

interface CapsuleFiltersProps {
  filters: Filters;
  onStatusChange: (status: CapsuleStatus | null) => void;
  onTypesChange: (types: string[]) => void;
}

/** The type filter (several types may be chosen) and the sort-by-status filter. */
export function CapsuleFilters({ filters, onStatusChange, onTypesChange }: CapsuleFiltersProps) {
  return (
    <Group gap="sm" align="flex-start" wrap="wrap" role="search" aria-label="Capsule filters">
      <MultiSelect
        label="Type"
        placeholder={filters.types.length === 0 ? CAPSULE_TEXTS.allTypes : undefined}
        data={TYPE_OPTIONS}
        value={filters.types}
        onChange={onTypesChange}
        clearable
        leftSection={<IconFilter size={16} />}
        w={{ base: '100%', xs: 320 }}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Sort by status"
        data={statusOptions(filters.status)}
        value={filters.status ?? ALL_STATUSES}
        onChange={(value) => onStatusChange(value === ALL_STATUSES ? null : normaliseStatus(value))}
        allowDeselect={false}
        w={{ base: '100%', xs: 220 }}
        comboboxProps={{ withinPortal: true }}
      />
    </Group>
  );
}
