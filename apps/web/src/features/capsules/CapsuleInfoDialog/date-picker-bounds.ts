import { deliveryDateBounds, YEAR_PICKER_SPAN } from '@capsule/domain';

/**
 * The delivery date picker has two different bounds (spec section 5):
 * - the days it lets you pick: from today to 1200 years ahead (deliveryDateBounds);
 * - the years its year picker spans: 100 back and 100 forward (YEAR_PICKER_SPAN).
 * Mantine's minDate/maxDate set how far the month, year and decade levels go, so they carry
 * the year span; the days outside the pickable bounds are excluded one by one (excludeDate),
 * and past months and years are shown disabled. The form's schema checks the same bounds on
 * submit, and the server checks them again.
 */
export function datePickerBounds(today: string) {
  const year = Number(today.slice(0, 4));
  const pickable = deliveryDateBounds(today);
  const pad = (y: number) => String(y).padStart(4, '0');
  return {
    /** The year span, for the picker's navigation. */
    minDate: `${pad(year - YEAR_PICKER_SPAN)}-01-01`,
    maxDate: `${pad(year + YEAR_PICKER_SPAN)}-12-31`,
    /** The days that can be chosen ('YYYY-MM-DD' compares as text). */
    isPickable: (day: string) => day >= pickable.min && day <= pickable.max,
    /** A month ('YYYY-MM-...') or a year ('YYYY-...') that holds at least one pickable day. */
    monthHasPickableDays: (monthStart: string) =>
      monthStart.slice(0, 7) >= pickable.min.slice(0, 7) &&
      monthStart.slice(0, 7) <= pickable.max.slice(0, 7),
    yearHasPickableDays: (yearStart: string) =>
      yearStart.slice(0, 4) >= pickable.min.slice(0, 4) && yearStart.slice(0, 4) <= pickable.max.slice(0, 4),
  };
}
