import { describe, expect, it } from 'vitest';
import {
  CAPSULE_RECORD_TEXTS,
  formatRecordingTime,
  limitReachedText,
  type RecorderProblem,
  recorderProblemText,
  recordingTimeLabel,
} from './video-record.js';
import { discardBody } from './video-upload.js';

describe('the recorder texts', () => {
  it('gives each problem its own title and body', () => {
    const problems: RecorderProblem[] = [
      'denied',
      'no-camera',
      'no-microphone',
      'busy',
      'unsupported',
      'failed',
    ];
    const texts = problems.map(recorderProblemText);
    expect(new Set(texts.map((t) => t.title)).size).toBe(problems.length);
    expect(new Set(texts.map((t) => t.body)).size).toBe(problems.length);
    expect(recorderProblemText('denied').title).toBe(CAPSULE_RECORD_TEXTS.deniedTitle);
    // Every one leaves the file path open, in words.
    for (const { body } of texts) expect(body).toMatch(/choose a file instead/i);
  });

  it('shows whole seconds as m:ss, rounded down', () => {
    expect(formatRecordingTime(0)).toBe('0:00');
    expect(formatRecordingTime(4999)).toBe('0:04');
    expect(formatRecordingTime(300_000)).toBe('5:00');
    expect(formatRecordingTime(-5)).toBe('0:00');
    expect(recordingTimeLabel('0:12', '5:00')).toBe('0:12 of 5:00 recorded');
    expect(recordingTimeLabel('0:12', null)).toBe('0:12 recorded');
  });

  it('names the limit the recorder stopped at, and a recorded video in the discard question', () => {
    expect(limitReachedText('5_minutes')).toBe('The recording stopped at this capsule’s limit of 5 minutes.');
    expect(limitReachedText(null)).toBe('The recording stopped at this capsule’s limit.');
    expect(discardBody({ video: true, message: false, recorded: true })).toBe(
      'The video you recorded will not be kept.',
    );
    expect(discardBody({ video: true, message: true })).toBe(
      'The video you chose and the message you wrote will not be kept.',
    );
  });
});
