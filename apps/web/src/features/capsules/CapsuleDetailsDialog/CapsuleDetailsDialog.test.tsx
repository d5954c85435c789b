import { formatDate } from '@capsule/domain';
import { screen, waitFor } from '@testing-library/react';
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

describe('Capsule Details: the record', { timeout: 15_000 }, () => {
  it("lists the capsule's record, oldest first, with each day", async () => {
    const capsule = storedCapsule(2, {});
    render(<CapsuleDetailsDialog capsule={capsule} onClose={() => undefined} />, {
      handlers: {
        ...signedIn(),
        'capsules.byId': () => capsule,
        'capsules.trail': () => [
          {
            at: '2030-01-02T10:00:00Z',
            event: 'locked',
            actor: 'sender',
            text: 'You locked it; it opens at any time.',
          },
          {
            at: '2030-01-03T10:00:00Z',
            event: 'opened',
            actor: 'recipient',
            text: 'The recipient opened it.',
          },
        ],
      },
    });
    const record = await screen.findByTestId('capsule-record');
    expect(record.textContent).toMatch(
      /Record.*You locked it; it opens at any time\.Jan 2, 2030.*The recipient opened it\.Jan 3, 2030/,
    );
  });

  it('shows no record section when nothing is recorded yet', async () => {
    const capsule = storedCapsule(2, {});
    render(<CapsuleDetailsDialog capsule={capsule} onClose={() => undefined} />, {
      handlers: { ...signedIn(), 'capsules.byId': () => capsule, 'capsules.trail': () => [] },
    });
    await screen.findByText('Capsule Details');
    expect(screen.queryByTestId('capsule-record')).toBeNull();
  });
});

describe('Capsule Details: the objection window', { timeout: 20_000 }, () => {
  const endsAt = new Date(Date.now() + 5 * 86_400_000).toISOString();
  const waiting = () =>
    storedCapsule(20, {
      locked: true,
      deliveredAt: new Date(Date.now() - 86_400_000).toISOString(),
      delivery: {
        deliveredAt: new Date(Date.now() - 86_400_000).toISOString(),
        emailedAt: null,
        emailStatus: 'sent',
        openedAt: null,
        playedAt: null,
        objectionEndsAt: endsAt,
      },
    });

  it("says when the capsule opens and sends the sender's reason when they object", async () => {
    const capsule = waiting();
    const { user, calls } = render(<CapsuleDetailsDialog capsule={capsule} onClose={() => undefined} />, {
      handlers: {
        ...signedIn(),
        'capsules.byId': () => capsule,
        'capsules.object': () => ({ objectedAt: new Date().toISOString() }),
      },
    });
    const panel = await screen.findByTestId('objection-panel');
    expect(panel.textContent).toContain(
      `The recipient's document was approved. The capsule opens on ${formatDate(endsAt)} unless you object before then.`,
    );
    await user.click(screen.getByRole('button', { name: 'Object' }));
    // A reason is needed before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Send objection' }));
    expect(await screen.findByText('Please say why you object; the operator reads it.')).toBeTruthy();
    expect(calls.filter((c) => c.path === 'capsules.object')).toHaveLength(0);
    await user.type(screen.getByLabelText(/Why do you object/), 'He is not my son.');
    await user.click(screen.getByRole('button', { name: 'Send objection' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'capsules.object')?.input).toEqual({
        capsuleId: capsule.id,
        reason: 'He is not my son.',
      }),
    );
  });

  it('shows nothing once the window has ended', async () => {
    const capsule = waiting();
    const ended = {
      ...capsule,
      delivery: capsule.delivery
        ? { ...capsule.delivery, objectionEndsAt: new Date(Date.now() - 1000).toISOString() }
        : null,
    };
    render(<CapsuleDetailsDialog capsule={ended} onClose={() => undefined} />, {
      handlers: { ...signedIn(), 'capsules.byId': () => ended },
    });
    await screen.findByText('Capsule Details');
    expect(screen.queryByTestId('objection-panel')).toBeNull();
  });
});
