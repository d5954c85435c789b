// Mantine's date pickers' styles load with the dialogs that use them (lazy chunks), not with
// the signed-in app.
import '@mantine/dates/styles.layer.css';
import { localCalendarDate } from '@capsule/domain';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { IconCalendarEvent } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { datePickerBounds } from './date-picker-bounds';

const PICKER_LABELS = {
  nextMonth: 'Next month',
  previousMonth: 'Previous month',
  nextYear: 'Next year',
  previousYear: 'Previous year',
  nextDecade: 'Next decade',
  previousDecade: 'Previous decade',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
};

/** What a form hands the field (form.getInputProps) or a dialog sets itself. */
type DeliveryDateFieldProps = Pick<
  DatePickerInputProps,
  'value' | 'onChange' | 'error' | 'description' | 'onBlur' | 'onFocus'
> & { required?: boolean; label?: string };

/**
 * The delivery date picker of Set Capsule Info and of the Lock dialog (which asks for a missing
 * date): today to 1200 years ahead, the year list 100 years each way (date-picker-bounds.ts).
 * Default export: the Lock dialog loads it lazily, with Mantine's date package.
 */
export default function DeliveryDateField({
  required,
  label = 'Delivery date',
  ...field
}: DeliveryDateFieldProps) {
  const today = localCalendarDate(new Date());
  const bounds = useMemo(() => datePickerBounds(today), [today]);
  return (
    <DatePickerInput
      label={label}
      placeholder="Pick a date"
      leftSection={<IconCalendarEvent size={16} />}
      valueFormat="MMM D, YYYY"
      clearable={!required}
      withAsterisk={required}
      minDate={bounds.minDate}
      maxDate={bounds.maxDate}
      excludeDate={(day) => !bounds.isPickable(dayjs(day).format('YYYY-MM-DD'))}
      getMonthControlProps={(month) => ({ disabled: !bounds.monthHasPickableDays(month) })}
      getYearControlProps={(year) => ({ disabled: !bounds.yearHasPickableDays(year) })}
      popoverProps={{ withinPortal: true }}
      ariaLabels={PICKER_LABELS}
      {...field}
    />
  );
}
