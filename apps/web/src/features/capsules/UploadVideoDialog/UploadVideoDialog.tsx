import { CAPSULE_RECORD_TEXTS, CAPSULE_UPLOAD_TEXTS, parseCapsuleLength } from '@capsule/domain';
import { Alert, Button, Checkbox, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconPlayerPause,
  IconPlayerPlay,
  IconRefresh,
  IconWifiOff,
} from '@tabler/icons-react';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { toast, useClearToastsOnOpen } from '../../../lib/toast';
import type { Capsule } from '../capsule-display';
import { ReleaseCondition } from '../ReleaseCondition/ReleaseCondition';
import { ConfirmLeave, type LeaveQuestion } from './ConfirmLeave';
import {
  initialNotify,
  NotifyOptions,
  type NotifyState,
  notifyComplete,
  notifyFromKept,
  notifyInput,
} from './NotifyOptions';
import { UploadProgressPanel } from './UploadProgressPanel';
import classes from './UploadVideoDialog.module.css';
import { useOpenUpload } from './upload-api';
import { formatBytes } from './upload-progress';
import { useChosenVideo } from './use-chosen-video';
import { useLiveUpload } from './use-live-upload';
import { useVideoTransfer } from './use-video-transfer';
import { VideoDropArea } from './VideoDropArea';

const T = CAPSULE_UPLOAD_TEXTS;
const RT = CAPSULE_RECORD_TEXTS;

// The recorder is fetched when the sender asks to record: choosing a file never loads it.
const RecordVideo = lazy(() => import('./RecordVideo/RecordVideo'));

export interface UploadVideoDialogProps {
  capsule: Capsule;
  /** Re-upload mode: the new video replaces the stored one once it passes review. */
  replacing: boolean;
  onClose: () => void;
}

const formatDuration = (seconds: number) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * Upload Video (or Replace Video), spec section 2: a video dropped or picked, checked in the
 * browser (section 5), previewed, the recipient's notification, the confirmation, then the
 * block upload straight to storage with a real progress bar. An upload interrupted by a
 * reload, a lost connection or a stop is offered for resuming: the same file sends only what
 * is missing. Nothing the sender gave is dropped unasked: Escape, the close button, a click
 * outside and Cancel ask before discarding a chosen file or a typed message, and before
 * stopping an upload under way (which then waits, open, for Resume).
 */
export function UploadVideoDialog({ capsule, replacing, onClose }: UploadVideoDialogProps) {
  const [now] = useState(() => new Date());
  const length = parseCapsuleLength(capsule.capsuleLength);
  const chosen = useChosenVideo(capsule.capsuleLength);
  const [notify, setNotify] = useState<NotifyState>(() => initialNotify(now));
  const [confirmed, setConfirmed] = useState(false);
  const transfer = useVideoTransfer(capsule, replacing, onClose);
  // A take is uploaded while it is recorded; using it resumes that upload.
  const live = useLiveUpload(capsule.id);
  const open = useOpenUpload(capsule.id);
  const [question, setQuestion] = useState<LeaveQuestion | null>(null);
  // The recorder in the drop area's place; whether it holds a take; whether the video came from it.
  const [recorderOpen, setRecorderOpen] = useState(false);
  const [recorderTake, setRecorderTake] = useState(false);
  const [recorded, setRecorded] = useState(false);
  // 'Recipient assigned' (the usual step before) must not lie over this dialog's buttons.
  useClearToastsOnOpen();

  const { video } = chosen;
  // A video is chosen: fetch the storage SDK now, while the sender ticks the boxes.
  useEffect(() => {
    if (video) void import('./azure-block-target').catch(() => undefined);
  }, [video]);
  const { phase, active, paused } = transfer;
  // The transfer holds the file from the start until it is done or given up.
  const holding = active || paused;
  const interrupted = open.data ?? null;
  // An upload left open shows the notification it was started with (unless the sender has
  // changed it here already): resuming sends what the dialog shows, and the recipient is told that.
  const [notifyEdited, setNotifyEdited] = useState(false);
  const keptNotify = interrupted?.notify;
  useEffect(() => {
    if (keptNotify && !notifyEdited) setNotify(notifyFromKept(keptNotify, now));
  }, [keptNotify, notifyEdited, now]);
  const sameFile = Boolean(
    interrupted &&
      video &&
      video.file.name === interrupted.fileName &&
      video.file.size === interrupted.fileSize,
  );
  const canSubmit = Boolean(video) && confirmed && notifyComplete(notify) && !holding && !chosen.reading;
  const recipient = capsule.recipientName ?? capsule.title;
  const action = replacing ? T.replace : T.upload;

  /** Escape, the close button, a click outside and Cancel: ask first when work would be lost. */
  const requestClose = () => {
    if (phase === 'finishing') return;
    if (phase === 'starting' || phase === 'uploading') {
      setQuestion({ kind: 'stop' });
      return;
    }
    const typed = notify.message.trim() !== '';
    const take = recorderOpen && recorderTake;
    if (phase === 'idle' && (video || chosen.reading || typed || take)) {
      setQuestion({
        kind: 'discard',
        video: Boolean(video || chosen.reading || take),
        message: typed,
        recorded: take || recorded,
      });
      return;
    }
    // Idle with nothing given, or paused: the open upload survives the dialog.
    onClose();
  };

  const confirmLeave = () => {
    const asked = question;
    setQuestion(null);
    if (asked?.kind === 'stop') transfer.stop();
    else onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!video) {
      toast({ title: T.noFileTitle, description: T.noFileBody, variant: 'destructive' });
      return;
    }
    if (!canSubmit) return;
    const input = {
      file: video.file,
      durationSeconds: video.durationSeconds,
      notify: notifyInput(notify),
      resume: sameFile,
      replaces: interrupted && !sameFile ? interrupted.uploadId : null,
    };
    if (!recorded) {
      void transfer.begin(input);
      return;
    }
    // The take's slot, with the blocks staged while recording: resumed (at the slot's block
    // size, the recording's), only the rest is sent.
    void live.handOver().then(() => transfer.begin({ ...input, resume: true }));
  };

  /** The chosen video goes; a take's upload under way goes with it. */
  const removeVideo = () => {
    live.discard();
    setRecorded(false);
    chosen.remove();
  };

  return (
    <Modal.Stack>
      <Modal
        stackId="upload"
        opened
        onClose={requestClose}
        title={`${replacing ? 'Replace Video' : 'Upload Video'} for ${recipient}`}
        centered
        size="lg"
        closeOnClickOutside={phase !== 'finishing'}
        withCloseButton={phase !== 'finishing'}
        closeButtonProps={{ 'aria-label': T.closeDialog }}
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {capsule.title}
              {length ? ` · up to ${length.label}` : ''}
              {replacing ? ' · the current video stays until the new one has been reviewed' : ''}
            </Text>
            <ReleaseCondition capsule={capsule} />

            {interrupted && phase === 'idle' && (
              <Alert color="blue" icon={<IconRefresh size={18} />} title={T.resumeOfferTitle}>
                <Text size="sm">
                  {interrupted.fileName}: {formatBytes(interrupted.stagedBytes)} of{' '}
                  {formatBytes(interrupted.fileSize)} sent.
                  {video ? '' : ' Choose the same file to resume it.'}
                </Text>
                {video && (
                  <Text size="sm" fw={600} mt={4} data-testid="resume-match">
                    {sameFile ? T.resumeReady : T.resumeFileMismatch}
                  </Text>
                )}
              </Alert>
            )}

            {video ? (
              <Stack gap={6}>
                {/* While it uploads, the file line is enough: the progress stays in view. */}
                {!holding && (
                  // biome-ignore lint/a11y/useMediaCaption: the sender's own video, before upload; it has no captions
                  <video
                    className={classes.preview}
                    src={video.url}
                    controls
                    preload="metadata"
                    data-testid="video-preview"
                  />
                )}
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    <IconPlayerPlay size={14} style={{ verticalAlign: -2 }} aria-hidden /> {video.file.name} ·{' '}
                    {formatBytes(video.file.size)} · {formatDuration(video.durationSeconds)}
                  </Text>
                  {!holding && (
                    <Button variant="subtle" color="red" size="compact-sm" onClick={removeVideo}>
                      {T.remove}
                    </Button>
                  )}
                </Group>
              </Stack>
            ) : recorderOpen ? (
              <Suspense fallback={<Loader size="sm" mx="auto" my="lg" aria-label={RT.recordVideo} />}>
                <RecordVideo
                  capsuleLength={capsule.capsuleLength}
                  onTakeChange={setRecorderTake}
                  listener={{ onStart: live.begin, onData: live.push }}
                  onChooseFile={() => {
                    live.discard();
                    setRecorderOpen(false);
                    setRecorderTake(false);
                  }}
                  onUse={(file) => {
                    // The same way in as a picked file: type, size, duration, preview, upload.
                    setRecorderOpen(false);
                    setRecorderTake(false);
                    setRecorded(true);
                    void chosen.choose(file, 'pick');
                  }}
                />
              </Suspense>
            ) : (
              <VideoDropArea
                onFile={(file, source) => {
                  setRecorded(false);
                  void chosen.choose(file, source);
                }}
                onRecord={() => setRecorderOpen(true)}
                reading={chosen.reading}
                refusal={chosen.refusal}
                maxMinutes={length?.minutes ?? null}
              />
            )}

            {/* Settled before the upload starts: while it runs, the progress takes their place. */}
            {!holding && (
              <>
                <NotifyOptions
                  value={notify}
                  onChange={(next) => {
                    setNotifyEdited(true);
                    setNotify(next);
                  }}
                  now={now}
                />
                <Checkbox
                  label={T.confirmLabel}
                  checked={confirmed}
                  onChange={(event) => setConfirmed(event.currentTarget.checked)}
                />
              </>
            )}

            {/* Only while bytes move: a paused upload survives closing and reloading. */}
            {active && (
              <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="status">
                {T.doNotClose}
              </Alert>
            )}

            {transfer.progress && phase !== 'idle' && phase !== 'starting' && (
              <UploadProgressPanel progress={transfer.progress} state={phase} />
            )}

            {paused && (
              <Alert
                color="orange"
                icon={
                  transfer.pauseReason === 'connection' ? (
                    <IconWifiOff size={18} />
                  ) : (
                    <IconPlayerPause size={18} />
                  )
                }
                role={transfer.pauseReason === 'connection' ? 'alert' : 'status'}
                data-testid="upload-paused"
              >
                <Text size="sm">
                  {transfer.pauseReason === 'connection' ? T.connectionLost : T.stoppedByYou}
                </Text>
                <Text size="sm" mt={4}>
                  {T.resumeLater}
                </Text>
              </Alert>
            )}

            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={requestClose} disabled={phase === 'finishing'}>
                {paused ? T.close : T.cancel}
              </Button>
              {paused ? (
                <Button onClick={transfer.resume} leftSection={<IconRefresh size={16} />}>
                  {T.resume}
                </Button>
              ) : (
                <Button type="submit" disabled={!canSubmit} loading={active}>
                  {action}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmLeave question={question} onKeep={() => setQuestion(null)} onConfirm={confirmLeave} />
    </Modal.Stack>
  );
}

export default UploadVideoDialog;
