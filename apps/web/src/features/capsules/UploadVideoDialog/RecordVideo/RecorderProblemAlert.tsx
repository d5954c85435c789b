import { CAPSULE_RECORD_TEXTS, type RecorderProblem, recorderProblemText } from '@capsule/domain';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconVideoOff } from '@tabler/icons-react';

const T = CAPSULE_RECORD_TEXTS;

interface RecorderProblemAlertProps {
  problem: RecorderProblem;
  onRetry: () => void;
  onChooseFile: () => void;
}

/** Why recording cannot go on, each case in its own words; the file path is one click away. */
export function RecorderProblemAlert({ problem, onRetry, onChooseFile }: RecorderProblemAlertProps) {
  const { title, body } = recorderProblemText(problem);
  return (
    <Alert
      color="red"
      icon={<IconVideoOff size={18} />}
      title={title}
      role="alert"
      data-testid="recorder-problem"
    >
      <Text size="sm">{body}</Text>
      <Group gap="xs" mt="sm">
        {problem !== 'unsupported' && (
          <Button size="compact-sm" color="red" onClick={onRetry}>
            {T.tryAgain}
          </Button>
        )}
        <Button size="compact-sm" variant="default" onClick={onChooseFile}>
          {T.chooseFileInstead}
        </Button>
      </Group>
    </Alert>
  );
}
