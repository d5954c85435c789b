import { formatDate } from '@capsule/domain';
import { Text, Timeline } from '@mantine/core';

/** One line of a capsule's record as the server words it for the reader. */
export interface RecordLine {
  at: string;
  event: string;
  text: string;
}

/**
 * A capsule's record (docs/server-rules.md, 'Capsule record'), oldest first: what decided, and
 * when, whether it opens. Shared by the sender's Capsule Details and the recipient's. Nothing
 * while it loads or when nothing is recorded yet (a capsule not locked has no record).
 */
export function CapsuleRecord({ lines }: { lines: readonly RecordLine[] | undefined }) {
  if (!lines || lines.length === 0) return null;
  return (
    <div data-testid="capsule-record">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4} mb={6}>
        Record
      </Text>
      <Timeline bulletSize={12} lineWidth={2} active={lines.length - 1}>
        {lines.map((line) => (
          // The record never reorders, and no two rows share an instant, an event and words.
          <Timeline.Item key={`${line.at} ${line.event} ${line.text}`}>
            <Text size="sm">{line.text}</Text>
            <Text size="xs" c="dimmed">
              {formatDate(line.at)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </div>
  );
}
