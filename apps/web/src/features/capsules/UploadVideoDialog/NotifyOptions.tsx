// Mantine's date pickers' styles load with the dialogs that use them (lazy chunks), not with
// the signed-in app.
import '@mantine/dates/styles.layer.css';
import {
  CAPSULE_UPLOAD_TEXTS,
  defaultNotifyDate,
  defaultNotifyTimezone,
  NOTIFY_TIMEZONES,
  type NotifyTimezone,
  type NotifyTiming,
} from '@capsule/domain';
import { Checkbox, Group, Radio, Select, Stack, Textarea } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import type { UploadNotifyInput } from './upload-api';

const T = CAPSULE_UPLOAD_TEXTS;

export interface NotifyState {
  enabled: boolean;
  timing: NotifyTiming;
  /** The picker's value, a wall clock: 'YYYY-MM-DD HH:mm:ss'. */
  customDate: string | null;
  timezone: NotifyTimezone;
  /** Optional words for the recipient's notification (spec section 5). */
  message: string;
}

/** The same bound as the capsule's message. */
export const NOTIFY_MESSAGE_MAX = 2000;

const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Spec section 5: notify on, at lock; the custom date 10 days ahead, in the browser's zone if listed. */
export function initialNotify(now: Date): NotifyState {
  return {
    enabled: true,
    timing: 'on_lock',
    customDate: dayjs(defaultNotifyDate(now)).format(PICKER_FORMAT),
    timezone: defaultNotifyTimezone(Intl.DateTimeFormat().resolvedOptions().timeZone),
    message: '',
  };
}

/** Notify Recipient as an open upload keeps it (capsules.upload.open). */
export interface KeptNotify {
  enabled: boolean;
  timing: NotifyTiming;
  customDate: string | null;
  timezone: string | null;
  message: string | null;
}

/**
 * The dialog's state for an upload it offers to resume: what the sender chose when it started,
 * so that resuming does not drop a message typed then (a resume sends the dialog's values).
 */
export function notifyFromKept(kept: KeptNotify, now: Date): NotifyState {
  const initial = initialNotify(now);
  const zone = NOTIFY_TIMEZONES.find((z) => z === kept.timezone);
  return {
    enabled: kept.enabled,
    timing: kept.timing,
    customDate: kept.customDate ? dayjs(kept.customDate).format(PICKER_FORMAT) : initial.customDate,
    timezone: zone ?? initial.timezone,
    message: kept.message ?? '',
  };
}

/** What the upload sends: the custom date only with the custom timing, as 'YYYY-MM-DDTHH:mm:ss' in `timezone`. */
export function notifyInput(state: NotifyState): UploadNotifyInput {
  if (!state.enabled) return { enabled: false, timing: 'on_lock' };
  const message = state.message.trim();
  const withMessage = message ? { message } : {};
  if (state.timing === 'on_lock') return { enabled: true, timing: 'on_lock', ...withMessage };
  return {
    enabled: true,
    timing: 'custom',
    ...(state.customDate ? { customDate: state.customDate.replace(' ', 'T') } : {}),
    timezone: state.timezone,
    ...withMessage,
  };
}

/** A custom timing needs its date. */
export const notifyComplete = (state: NotifyState) =>
  !state.enabled || state.timing === 'on_lock' || Boolean(state.customDate);

interface NotifyOptionsProps {
  value: NotifyState;
  onChange: (next: NotifyState) => void;
  disabled?: boolean;
  now: Date;
}

/** Notify Recipient (on by default) and when: At Lock, or a custom date and time zone. */
export function NotifyOptions({ value, onChange, disabled = false, now }: NotifyOptionsProps) {
  const set = (patch: Partial<NotifyState>) => onChange({ ...value, ...patch });
  return (
    <Stack gap="xs">
      <Checkbox
        label={T.notifyLabel}
        description="The recipient gets an e-mail when the capsule is delivered."
        checked={value.enabled}
        disabled={disabled}
        onChange={(event) => set({ enabled: event.currentTarget.checked })}
      />
      {value.enabled && (
        <Stack gap="xs" pl={32}>
          <Radio.Group
            label={T.notifyWhen}
            value={value.timing}
            onChange={(timing) => set({ timing: timing as NotifyTiming })}
          >
            <Group gap="lg" mt={4}>
              <Radio value="on_lock" label={T.atLock} disabled={disabled} />
              <Radio value="custom" label={T.customDate} disabled={disabled} />
            </Group>
          </Radio.Group>
          {value.timing === 'custom' && (
            <Group grow align="flex-start" gap="sm">
              <DateTimePicker
                label={T.notifyAt}
                value={value.customDate}
                onChange={(customDate) => set({ customDate })}
                minDate={dayjs(now).format(PICKER_FORMAT)}
                valueFormat="MMM D, YYYY HH:mm"
                disabled={disabled}
                required
                error={value.customDate ? undefined : 'Choose when to notify the recipient.'}
              />
              <Select
                label={T.timezone}
                data={NOTIFY_TIMEZONES}
                value={value.timezone}
                onChange={(timezone) => timezone && set({ timezone: timezone as NotifyTimezone })}
                allowDeselect={false}
                disabled={disabled}
              />
            </Group>
          )}
          <Textarea
            label="Message to the recipient"
            description="Optional: a few words sent with the notification."
            value={value.message}
            onChange={(event) => set({ message: event.currentTarget.value })}
            maxLength={NOTIFY_MESSAGE_MAX}
            autosize
            minRows={2}
            maxRows={5}
            disabled={disabled}
          />
        </Stack>
      )}
    </Stack>
  );
}
