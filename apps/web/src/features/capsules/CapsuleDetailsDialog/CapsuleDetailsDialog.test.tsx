import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storedCapsule } from '../../../test/capsule-fixtures';
import { signedIn } from '../../../test/fixtures';
import { render } from '../../../test/render';
import { formatFingerprint } from '../capsule-display';
import { CapsuleDetailsDialog } from './CapsuleDetailsDialog';

const SHA = '3f2a9c1e77b041d2aa00bb11cc22dd33ee44ff5566778899aabbccddeeff0011';

describe('Capsule Details: the video fingerprint', { timeout: 15_000 }, () => {
  it('shows the first 16 hex digits of the recorded SHA-256 in fours, the whole hash on hover', async () => {
    const capsule = storedCapsule(2, { videoFingerprint: SHA });
    render(<CapsuleDetailsDialog capsule={capsule} onClose={() => undefined} />, {
      handlers: { ...signedIn(), 'capsules.byId': () => capsule },
    });
    const shown = await screen.findByTestId('details-fingerprint');
    expect(shown.textContent).toBe('3f2a 9c1e 77b0 41d2');
    expect(shown.getAttribute('title')).toBe(`SHA-256 ${SHA}`);
    expect(screen.getByText(/We check the stored video against it regularly/)).toBeTruthy();
  });

  it('shows no fingerprint without a reviewed video', async () => {
    const capsule = storedCapsule(2, { videoFingerprint: null, hasVideo: false, uploadDate: null });
    render(<CapsuleDetailsDialog capsule={capsule} onClose={() => undefined} />, {
      handlers: { ...signedIn(), 'capsules.byId': () => capsule },
    });
    await screen.findByText('Capsule Details');
    expect(screen.queryByTestId('details-fingerprint')).toBeNull();
    expect(formatFingerprint('abcd')).toBe('abcd');
  });
});

describe('Capsule Details: what is stored', { timeout: 15_000 }, () => {
  it('says what the original is and what the playback copy is', async () => {
    const capsule = storedCapsule(2, {
      videoFacts: {
        original: {
          codec: 'hevc',
          width: 2160,
          height: 3840,
          durationSeconds: 125,
          sizeBytes: 48_300_000,
          audioCodec: 'aac',
          hdr: true,
        },
        playback: {
          codec: 'h264',
          width: 1080,
          height: 1920,
          durationSeconds: 125,
          sizeBytes: 21_700_000,
          audioCodec: 'aac',
          hdr: false,
        },
      },
    });
    render(<CapsuleDetailsDialog capsule={capsule} onClose={() => undefined} />, {
      handlers: { ...signedIn(), 'capsules.byId': () => capsule },
    });
    expect((await screen.findByTestId('details-original')).textContent).toBe(
      'HEVC, HDR · 2160×3840 · 2:05 · 48 MB · AAC sound',
    );
    expect(screen.getByTestId('details-playback').textContent).toBe(
      'H.264 · 1080×1920 · 2:05 · 22 MB · AAC sound',
    );
    expect(screen.getByText('Kept exactly as you uploaded it.')).toBeTruthy();
  });

  it('shows neither for a video stored before copies were made, nor without a video', async () => {
    const capsule = storedCapsule(2, { videoFacts: null });
    render(<CapsuleDetailsDialog capsule={capsule} onClose={() => undefined} />, {
      handlers: { ...signedIn(), 'capsules.byId': () => capsule },
    });
    await screen.findByText('Capsule Details');
    expect(screen.queryByTestId('details-original')).toBeNull();
    expect(screen.queryByTestId('details-playback')).toBeNull();
  });
});
