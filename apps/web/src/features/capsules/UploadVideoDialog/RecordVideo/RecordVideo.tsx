import { CAPSULE_RECORD_TEXTS, limitReachedText, maxVideoSeconds } from '@capsule/domain';
import { Badge, Button, Flex, Group, Loader, Stack, Text } from '@mantine/core';
import {
  IconCheck,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerRecordFilled,
  IconPlayerStopFilled,
  IconRefresh,
} from '@tabler/icons-react';
import { useEffect } from 'react';
import { revealLength } from '../video-metadata';
import { DevicePicker } from './DevicePicker';
import { LiveCamera } from './LiveCamera';
import { RecorderProblemAlert } from './RecorderProblemAlert';
import { RecorderTimer } from './RecorderTimer';
import classes from './RecordVideo.module.css';
import { type RecordingListener, TAKE_STEPS, useRecorder } from './use-recorder';

const T = CAPSULE_RECORD_TEXTS;

export interface RecordVideoProps {
  /** The capsule's length ('5_minutes'): the recorder stops itself there. */
  capsuleLength: string | null;
  /** The take, as a file: the dialog checks, previews and uploads it as a chosen one. */
  onUse: (file: File) => void;
  /** Back to choosing a file. */
  onChooseFile: () => void;
  /** Whether there is something recorded that closing the dialog would lose. */
  onTakeChange?: (hasTake: boolean) => void;
  /** Hears of each take as it is recorded, to upload it meanwhile. */
  listener?: RecordingListener;
}

/**
 * Record a video with the camera and microphone (getUserMedia and MediaRecorder): the device
 * picker, a 3-second countdown, the timer against the capsule's length, pause and resume, the
 * preview, retake, and 'Use this video'. Lazy: the dialog loads it when the sender asks.
 */
export function RecordVideo({
  capsuleLength,
  onUse,
  onChooseFile,
  onTakeChange,
  listener,
}: RecordVideoProps) {
  const limitSeconds = maxVideoSeconds(capsuleLength);
  const r = useRecorder(limitSeconds === null ? null : limitSeconds * 1000, listener);
  const { step } = r;
  const hasTake = TAKE_STEPS.includes(step);
  useEffect(() => onTakeChange?.(hasTake), [hasTake, onTakeChange]);

  if (step === 'problem' && r.problem) {
    return <RecorderProblemAlert problem={r.problem} onRetry={r.retry} onChooseFile={onChooseFile} />;
  }

  const running = step === 'recording';
  return (
    <Stack gap="sm" data-testid="video-recorder">
      <div className={classes.stage}>
        {step === 'recorded' && r.recording ? (
          // biome-ignore lint/a11y/useMediaCaption: the sender's own recording, before upload; it has no captions
          <video
            className={classes.video}
            src={r.recording.url}
            controls
            playsInline
            preload="metadata"
            onLoadedMetadata={(event) => revealLength(event.currentTarget)}
            aria-label={T.recordedPreview}
            data-testid="recording-preview"
          />
        ) : (
          <LiveCamera stream={r.stream} />
        )}
        {step === 'starting' && (
          <div className={classes.overlay}>
            <Loader color="white" size="sm" />
            <Text size="sm">{T.startingCamera}</Text>
          </div>
        )}
        {step === 'countdown' && (
          <div className={classes.overlay} role="status" aria-label={`${T.countdown} ${r.secondsLeft}`}>
            <Text size="sm">{T.countdown}</Text>
            <span className={classes.countdown} data-testid="countdown">
              {r.secondsLeft}
            </span>
          </div>
        )}
        {step === 'finishing' && (
          <div className={classes.overlay}>
            <Loader color="white" size="sm" />
            <Text size="sm">{T.finishing}</Text>
          </div>
        )}
        {(running || step === 'paused') && (
          <Badge
            className={classes.badge}
            color={running ? 'red' : 'gray'}
            variant="filled"
            leftSection={running ? <IconPlayerRecordFilled size={10} /> : <IconPlayerPause size={10} />}
          >
            {running ? T.recording : T.paused}
          </Badge>
        )}
      </div>

      {(running || step === 'paused' || step === 'finishing' || step === 'recorded') && (
        <RecorderTimer elapsedMs={r.elapsedMs} maxMs={r.maxMs} running={running} />
      )}
      {step === 'recorded' && r.stoppedAtLimit && (
        <Text size="sm" c="dimmed" ta="center" role="status">
          {limitReachedText(capsuleLength)}
        </Text>
      )}

      {(step === 'idle' || step === 'starting') && (
        <DevicePicker
          devices={r.devices}
          choice={r.choice}
          onCamera={r.chooseCamera}
          onMicrophone={r.chooseMicrophone}
          disabled={step !== 'idle'}
        />
      )}

      {step === 'idle' || step === 'starting' ? (
        // Side by side; on a phone (too narrow for both) Start on top, full width.
        <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="space-between" gap="xs">
          <Button variant="subtle" onClick={onChooseFile}>
            {T.chooseFileInstead}
          </Button>
          <Button
            color="red"
            onClick={r.start}
            disabled={step !== 'idle'}
            leftSection={<IconPlayerRecordFilled size={16} />}
          >
            {T.start}
          </Button>
        </Flex>
      ) : (
        <Group justify="space-between" gap="xs">
          {step === 'countdown' ? (
            <Button variant="default" onClick={r.cancelCountdown} ml="auto">
              {T.cancelCountdown}
            </Button>
          ) : step === 'recording' || step === 'paused' ? (
            <>
              {running ? (
                <Button variant="default" onClick={r.pause} leftSection={<IconPlayerPause size={16} />}>
                  {T.pause}
                </Button>
              ) : (
                <Button variant="default" onClick={r.resume} leftSection={<IconPlayerPlay size={16} />}>
                  {T.resume}
                </Button>
              )}
              <Button color="red" onClick={r.stop} leftSection={<IconPlayerStopFilled size={16} />}>
                {T.stop}
              </Button>
            </>
          ) : step === 'recorded' && r.recording ? (
            <>
              <Button variant="default" onClick={r.retake} leftSection={<IconRefresh size={16} />}>
                {T.retake}
              </Button>
              <Button
                onClick={() => r.recording && onUse(r.recording.file)}
                leftSection={<IconCheck size={16} />}
              >
                {T.useRecording}
              </Button>
            </>
          ) : null}
        </Group>
      )}
    </Stack>
  );
}

export default RecordVideo;
