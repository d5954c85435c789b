import { Group, Progress, Stack, Text } from '@mantine/core';
import { formatBytes, formatSpeed, formatTimeLeft, type UploadProgress } from './upload-progress';

interface UploadProgressPanelProps {
  progress: UploadProgress;
  /** Under way, paused, or the server checking what arrived. */
  state: 'uploading' | 'paused' | 'finishing';
}

/** The real progress bar: percent, bytes sent, speed and time left. */
export function UploadProgressPanel({ progress, state }: UploadProgressPanelProps) {
  const { percent, sentBytes, totalBytes, bytesPerSecond, secondsLeft } = progress;
  return (
    <Stack gap={6} data-testid="upload-progress">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {state === 'finishing' ? 'Checking the upload…' : state === 'paused' ? 'Paused' : 'Uploading…'}
        </Text>
        <Text size="sm" fw={700} data-testid="upload-percent">
          {percent}%
        </Text>
      </Group>
      <Progress
        value={percent}
        size="lg"
        radius="xl"
        striped={state === 'uploading'}
        animated={state === 'uploading'}
        color={state === 'paused' ? 'yellow' : undefined}
        aria-label="Upload progress"
      />
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed" data-testid="upload-bytes">
          {formatBytes(sentBytes)} of {formatBytes(totalBytes)}
        </Text>
        {state === 'uploading' && (
          <Text size="xs" c="dimmed" data-testid="upload-speed">
            {formatSpeed(bytesPerSecond)} · {formatTimeLeft(secondsLeft)}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
