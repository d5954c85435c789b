import { CAPSULE_TEXTS, formatDate } from '@capsule/domain';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconPlayerPlay } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { serverErrorMessage } from '../../../lib/server-error';
import { toast } from '../../../lib/toast';
import { DEFAULT_IMAGES, defaultImageOf } from '../ReceivedCard/default-image';
import { usePlayed, useSecureUrl } from '../received-api';
import { type ReceivedCapsule, receivedActions } from '../received-display';
import classes from './ReceivedVideo.module.css';

type Player =
  | { kind: 'idle' }
  | { kind: 'asking' }
  | { kind: 'ready'; url: string; resumeAt: number }
  | { kind: 'failed'; message: string };

interface ReceivedVideoProps {
  capsule: ReceivedCapsule;
  now: Date;
  /** The Video tab is the one shown: a hidden player is paused. */
  active: boolean;
  /** Opened through 'View Capsule': ask for the video at once and play it. */
  autoStart: boolean;
  onSubmitDocuments?: () => void;
}

/**
 * The Video tab of Received Capsule Details. A released capsule plays in the page, in the
 * native player, from a read URL the server signs for minutes (receivedCapsules.secureUrl);
 * one that is not released says why, in the release rule's own words. The spec hides this
 * tab's trigger (a defect we do not copy).
 */
export function ReceivedVideo({ capsule, now, active, autoStart, onSubmitDocuments }: ReceivedVideoProps) {
  const actions = receivedActions(capsule, now);
  const secureUrl = useSecureUrl();
  const played = usePlayed();
  const [player, setPlayer] = useState<Player>({ kind: 'idle' });
  const video = useRef<HTMLVideoElement>(null);
  const reported = useRef(false);
  const renewed = useRef(false);

  const ask = useCallback(
    (resumeAt = 0) => {
      setPlayer({ kind: 'asking' });
      secureUrl.mutate(
        { id: capsule.id },
        {
          onSuccess: ({ url }) => setPlayer({ kind: 'ready', url, resumeAt }),
          onError: (error) => {
            const message = serverErrorMessage(error, CAPSULE_TEXTS.fetchCapsuleFailedBody);
            toast({
              title: CAPSULE_TEXTS.fetchCapsuleFailedTitle,
              description: message,
              variant: 'destructive',
            });
            setPlayer({ kind: 'failed', message });
          },
        },
      );
    },
    [capsule.id, secureUrl.mutate],
  );

  const started = useRef(false);
  useEffect(() => {
    if (autoStart && actions.view && !started.current) {
      started.current = true;
      ask();
    }
  }, [autoStart, actions.view, ask]);

  useEffect(() => {
    if (!active) video.current?.pause();
  }, [active]);

  if (!actions.view) {
    return (
      <Stack gap="sm">
        <Alert color="gray" icon={<IconLock size={18} />} title="Not open yet" data-testid="video-closed">
          <Text size="sm">{actions.closedReason}</Text>
          {capsule.documentStatus === 'Rejected' && capsule.documentRejectionReason && (
            <Text size="sm" mt={6}>
              Reason given: {capsule.documentRejectionReason}
            </Text>
          )}
        </Alert>
        {actions.submitDocuments && onSubmitDocuments && (
          <Button variant="light" onClick={onSubmitDocuments} style={{ alignSelf: 'flex-start' }}>
            Submit Documents
          </Button>
        )}
      </Stack>
    );
  }

  if (player.kind === 'ready') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: a personal recording; the sender supplies no captions
      <video
        ref={video}
        className={classes.player}
        src={player.url}
        poster={capsule.thumbnailUrl ?? undefined}
        controls
        autoPlay
        playsInline
        preload="metadata"
        data-testid="received-player"
        onLoadedMetadata={(event) => {
          if (player.resumeAt > 0) event.currentTarget.currentTime = player.resumeAt;
        }}
        onPlaying={() => {
          // The first play is recorded once; the server keeps only the first anyway.
          if (reported.current) return;
          reported.current = true;
          played.mutate({ id: capsule.id });
        }}
        onError={(event) => {
          // The read URL lives minutes: a long pause can outlive it. Ask once for a new one
          // and go on where the video was; a second failure is the spec's error.
          const at = event.currentTarget.currentTime;
          if (!renewed.current) {
            renewed.current = true;
            ask(at);
            return;
          }
          toast({
            title: CAPSULE_TEXTS.fetchCapsuleFailedTitle,
            description: CAPSULE_TEXTS.fetchCapsuleFailedBody,
            variant: 'destructive',
          });
          setPlayer({ kind: 'failed', message: CAPSULE_TEXTS.fetchCapsuleFailedBody });
        }}
      />
    );
  }

  return (
    <Stack gap="sm">
      <div className={classes.poster}>
        <img
          src={capsule.thumbnailUrl ?? DEFAULT_IMAGES[defaultImageOf(capsule.category, capsule.criteria)]}
          alt=""
        />
        <Button
          size="md"
          radius="xl"
          className={classes.posterButton}
          leftSection={
            player.kind === 'asking' ? <Loader size={16} color="white" /> : <IconPlayerPlay size={18} />
          }
          onClick={() => ask()}
          disabled={player.kind === 'asking'}
        >
          {player.kind === 'asking' ? 'Loading video…' : 'Play video'}
        </Button>
      </div>
      {player.kind === 'failed' && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          <Text size="sm">{player.message}</Text>
        </Alert>
      )}
      {capsule.uploadDate && (
        <Text size="xs" c="dimmed">
          Recorded for you and stored on {formatDate(capsule.uploadDate)}.
        </Text>
      )}
    </Stack>
  );
}
