import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { OPS_CONSOLE_TEXTS as T } from './ops-texts';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  body?: string;
  confirmLabel: string;
  color?: string;
  /** Asks for a reason (required, at most `reasonMax` characters) and passes it on. */
  reason?: { label: string; max: number; requiredText: string };
  busy?: boolean;
  error?: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/**
 * The console's confirmation for what cannot be undone. The confirm button takes the focus (or
 * the reason field does), so Enter confirms: the keyboard path stays two keys long.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (props.opened) {
      setReason('');
      setTouched(false);
    }
  }, [props.opened]);
  const reasonError =
    props.reason && touched && reason.trim().length === 0
      ? props.reason.requiredText
      : props.reason && reason.length > props.reason.max
        ? `At most ${props.reason.max} characters.`
        : null;
  const submit = () => {
    setTouched(true);
    if (props.reason && (reason.trim().length === 0 || reason.length > props.reason.max)) return;
    props.onConfirm(reason.trim());
  };
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          {props.body && <Text size="sm">{props.body}</Text>}
          {props.reason && (
            <Textarea
              label={props.reason.label}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              onKeyDown={(event) => {
                // Enter sends; Shift+Enter is a new line.
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault();
                  submit();
                }
              }}
              error={reasonError}
              autosize
              minRows={3}
              data-autofocus
            />
          )}
          {props.error && (
            <Text c="red" size="sm" role="alert">
              {props.error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {T.cancel}
            </Button>
            <Button
              type="submit"
              color={props.color ?? 'blue'}
              loading={props.busy}
              data-autofocus={!props.reason}
            >
              {props.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
