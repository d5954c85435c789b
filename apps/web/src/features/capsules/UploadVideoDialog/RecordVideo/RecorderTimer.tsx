import { formatRecordingTime, recordingTimeLabel } from '@capsule/domain';
import { Group, Progress, Stack, Text } from '@mantine/core';
import classes from './RecordVideo.module.css';

interface RecorderTimerProps {
  elapsedMs: number;
  /** The capsule's length; null when unknown (then no limit is shown). */
  maxMs: number | null;
  running: boolean;
}

/** '0:12 / 5:00' and a bar to the capsule's length: how much is left is always in view. */
export function RecorderTimer({ elapsedMs, maxMs, running }: RecorderTimerProps) {
  const elapsed = formatRecordingTime(elapsedMs);
  const limit = maxMs === null ? null : formatRecordingTime(maxMs);
  return (
    <Stack gap={4}>
      <Group justify="center" gap={6}>
        <Text
          role="timer"
          aria-label={recordingTimeLabel(elapsed, limit)}
          className={classes.timer}
          fz="xl"
          fw={700}
          c={running ? 'red.7' : undefined}
          data-testid="recording-timer"
        >
          {elapsed}
          {limit ? ` / ${limit}` : ''}
        </Text>
      </Group>
      {maxMs !== null && (
        <Progress value={Math.min(100, (elapsedMs / maxMs) * 100)} size="sm" color="red" aria-hidden />
      )}
    </Stack>
  );
}
