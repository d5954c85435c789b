import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

const DATE_TEXTS = { notSet: 'Not set', invalid: 'Invalid date' } as const;

// A date-only or zone-less string from the server is a UTC value (spec section 5, 'Display
// rules'); treating it as local time would move a birthday by a day west of Greenwich.
function toUtc(value: string | Date | number) {
  if (typeof value === 'string') {
    const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value.trim());
    return hasZone ? dayjs(value).utc() : dayjs.utc(value);
  }
  return dayjs(value).utc();
}

/** Short US date ('Nov 23, 2026'); 'Not set' for empty, 'Invalid date' for nonsense. */
export function formatDate(value: string | Date | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return DATE_TEXTS.notSet;
  const parsed = toUtc(value);
  if (!parsed.isValid()) return DATE_TEXTS.invalid;
  return parsed.format('MMM D, YYYY');
}
