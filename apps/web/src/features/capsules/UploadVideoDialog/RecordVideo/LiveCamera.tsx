import { CAPSULE_RECORD_TEXTS } from '@capsule/domain';
import { useEffect, useRef } from 'react';
import classes from './RecordVideo.module.css';

/** The camera as it is now (muted: the sender does not hear themselves). */
export function LiveCamera({ stream }: { stream: MediaStream | null }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);
  const facing = stream?.getVideoTracks()[0]?.getSettings().facingMode;
  return (
    <video
      ref={video}
      className={`${classes.video} ${facing === 'environment' ? '' : classes.mirrored}`}
      autoPlay
      muted
      playsInline
      aria-label={CAPSULE_RECORD_TEXTS.livePreview}
      data-testid="camera-preview"
    />
  );
}
