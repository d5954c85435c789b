import type { RecorderProblem } from '@capsule/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  cameraConstraints,
  type DeviceChoice,
  isPhone,
  listDevices,
  type MediaDevicesList,
  problemOf,
  recordingSupported,
  stopTracks,
} from './media-devices';
import { formatOfMimeType, pickRecordingFormat, recordingFile, recordingFileName } from './recording-format';

/**
 * starting: asking for the camera. idle: the camera shows, nothing recorded. countdown: 3, 2, 1.
 * recording ⇄ paused. finishing: the recorder hands over its last data. recorded: a take to
 * preview, retake or use. problem: recording cannot start or could not go on (the file path
 * stays open).
 */
export type RecorderStep =
  | 'starting'
  | 'idle'
  | 'countdown'
  | 'recording'
  | 'paused'
  | 'finishing'
  | 'recorded'
  | 'problem';

export interface Recording {
  /** recording.webm or recording.mp4, typed video/webm or video/mp4. */
  file: File;
  /** An object URL of the file, for the preview. */
  url: string;
  durationMs: number;
}

export const COUNTDOWN_SECONDS = 3;
/** How often the timer is redrawn. */
const TICK_MS = 250;
/**
 * The recorder stops this much before the capsule's length: stopping takes a moment, and a
 * recording a hair over the limit would be refused by the same duration check as a file.
 */
export const LIMIT_MARGIN_MS = 250;
/** MediaRecorder hands over its data at least this often (a crash loses at most this much). */
const TIMESLICE_MS = 1000;

/** What the recorder says of a take as it starts: the file it will become. */
export interface RecordingStart {
  fileName: string;
  contentType: string;
}

/**
 * Who hears of a take as it is recorded (the dialog's upload while recording): its start, with
 * the file it will become, and each piece of data in order.
 */
export interface RecordingListener {
  onStart?: (recording: RecordingStart) => void;
  onData?: (chunk: Blob) => void;
}

/** The steps in which something is (being) recorded: closing the dialog would lose it. */
export const TAKE_STEPS: readonly RecorderStep[] = ['recording', 'paused', 'finishing', 'recorded'];

interface Clock {
  /** Recorded time before the current run. */
  before: number;
  /** When the current run began; null while paused or stopped. */
  runSince: number | null;
}

/** The time recorded so far: pauses do not count. */
const recordedMs = (clock: Clock) =>
  clock.before + (clock.runSince === null ? 0 : Date.now() - clock.runSince);

const NO_DEVICES: MediaDevicesList = { cameras: [], microphones: [] };
const DEFAULT_CHOICE: DeviceChoice = { cameraId: null, microphoneId: null };

/**
 * The camera, the microphone and the browser's MediaRecorder, as a state machine. The camera
 * is asked for as soon as the recorder shows; every track is stopped when a recording ends,
 * on retake (until the camera is asked for again), and when the recorder goes away.
 * `maxMs`: the capsule's length (null: no limit known, the server's review decides).
 */
export function useRecorder(maxMs: number | null, listener: RecordingListener = {}) {
  // The latest listener, read when the recorder calls (its identity may change at each render).
  const listening = useRef(listener);
  listening.current = listener;
  const [step, setStep] = useState<RecorderStep>('starting');
  const [problem, setProblem] = useState<RecorderProblem | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [devices, setDevices] = useState<MediaDevicesList>(NO_DEVICES);
  const [choice, setChoice] = useState<DeviceChoice>(DEFAULT_CHOICE);
  const [secondsLeft, setSecondsLeft] = useState(COUNTDOWN_SECONDS);
  const [elapsedMs, setElapsedMs] = useState(0);
  const [stoppedAtLimit, setStoppedAtLimit] = useState(false);
  const [recording, setRecording] = useState<Recording | null>(null);

  const streamRef = useRef<MediaStream | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const recordingRef = useRef<Recording | null>(null);
  /** Each camera request's number: a stream that arrives for an older one is stopped at once. */
  const cameraRequest = useRef(0);
  const timers = useRef<{
    countdown?: ReturnType<typeof setInterval>;
    tick?: ReturnType<typeof setInterval>;
    limit?: ReturnType<typeof setTimeout>;
  }>({});
  const clock = useRef<Clock>({ before: 0, runSince: null });

  const clearTimers = useCallback(() => {
    clearInterval(timers.current.countdown);
    clearInterval(timers.current.tick);
    clearTimeout(timers.current.limit);
    timers.current = {};
  }, []);

  const releaseCamera = useCallback(() => {
    stopTracks(streamRef.current);
    streamRef.current = null;
    setStream(null);
  }, []);

  const dropRecording = useCallback(() => {
    if (recordingRef.current) URL.revokeObjectURL(recordingRef.current.url);
    recordingRef.current = null;
    setRecording(null);
  }, []);

  /** The recorder's handlers off and the recorder stopped, without keeping what it made. */
  const abandonRecorder = useCallback(() => {
    const recorder = recorderRef.current;
    recorderRef.current = null;
    if (!recorder) return;
    recorder.ondataavailable = null;
    recorder.onstop = null;
    recorder.onerror = null;
    if (recorder.state !== 'inactive') recorder.stop();
  }, []);

  const fail = useCallback(
    (next: RecorderProblem) => {
      cameraRequest.current += 1;
      clearTimers();
      abandonRecorder();
      releaseCamera();
      setProblem(next);
      setStep('problem');
    },
    [abandonRecorder, clearTimers, releaseCamera],
  );

  const openCamera = useCallback(
    async (wanted: DeviceChoice) => {
      const request = ++cameraRequest.current;
      const current = () => request === cameraRequest.current;
      releaseCamera();
      setProblem(null);
      setStep('starting');
      if (!recordingSupported()) {
        fail('unsupported');
        return;
      }
      try {
        // No camera at all: say so without asking the sender for a permission that gives nothing.
        const before = await listDevices();
        if (!current()) return;
        if (before.cameras.length === 0) {
          fail('no-camera');
          return;
        }
        const opened = await navigator.mediaDevices.getUserMedia(cameraConstraints(wanted, isPhone()));
        if (!current()) {
          stopTracks(opened);
          return;
        }
        streamRef.current = opened;
        setStream(opened);
        // With access granted the browser names the devices.
        setDevices(await listDevices().catch(() => before));
        const [camera] = opened.getVideoTracks();
        const [microphone] = opened.getAudioTracks();
        setChoice({
          cameraId: camera?.getSettings().deviceId || wanted.cameraId,
          microphoneId: microphone?.getSettings().deviceId || wanted.microphoneId,
        });
        if (current()) setStep('idle');
      } catch (error) {
        if (!current()) return;
        let next = problemOf(error);
        if (next === 'no-camera') {
          const found = await listDevices().catch(() => null);
          if (found && found.cameras.length > 0 && found.microphones.length === 0) next = 'no-microphone';
        }
        if (current()) fail(next);
      }
    },
    [fail, releaseCamera],
  );

  // The camera is asked for when the recorder shows; everything stops when it goes away.
  useEffect(() => {
    void openCamera(DEFAULT_CHOICE);
    return () => {
      cameraRequest.current += 1;
      clearTimers();
      abandonRecorder();
      stopTracks(streamRef.current);
      streamRef.current = null;
      if (recordingRef.current) URL.revokeObjectURL(recordingRef.current.url);
      recordingRef.current = null;
    };
  }, [openCamera, clearTimers, abandonRecorder]);

  /** A finished recorder: its data as a file (WebM with its duration written in), the camera off. */
  const finish = useCallback(
    async (recorder: MediaRecorder, chunks: Blob[], format: ReturnType<typeof pickRecordingFormat>) => {
      if (recorderRef.current !== recorder) return;
      recorderRef.current = null;
      // Stopped by the sender, at the limit, or by itself (a camera unplugged): the same ending.
      clearTimers();
      clock.current = { before: recordedMs(clock.current), runSince: null };
      setElapsedMs(clock.current.before);
      releaseCamera();
      const type = recorder.mimeType || format?.mimeType || 'video/webm';
      const written = formatOfMimeType(type);
      const raw = new Blob(chunks, { type: written.fileType });
      if (raw.size === 0) {
        fail('failed');
        return;
      }
      const durationMs = clock.current.before;
      // A browser's WebM states no length; the review measures it by its playback copy.
      const file = recordingFile(raw, written);
      const take = { file, url: URL.createObjectURL(file), durationMs };
      recordingRef.current = take;
      setRecording(take);
      setStep('recorded');
    },
    [clearTimers, fail, releaseCamera],
  );

  const stop = useCallback(
    (atLimit = false) => {
      const recorder = recorderRef.current;
      if (!recorder) return;
      clearTimers();
      clock.current = { before: recordedMs(clock.current), runSince: null };
      setElapsedMs(clock.current.before);
      setStoppedAtLimit(atLimit);
      setStep('finishing');
      recorder.stop();
    },
    [clearTimers],
  );

  /** The timer and the stop at the limit, while recording runs. */
  const run = useCallback(() => {
    clock.current.runSince = Date.now();
    timers.current.tick = setInterval(() => setElapsedMs(recordedMs(clock.current)), TICK_MS);
    if (maxMs !== null) {
      const left = Math.max(0, maxMs - LIMIT_MARGIN_MS - clock.current.before);
      timers.current.limit = setTimeout(() => stop(true), left);
    }
    setStep('recording');
  }, [maxMs, stop]);

  const beginRecording = useCallback(() => {
    const source = streamRef.current;
    if (!source) {
      fail('failed');
      return;
    }
    const format = pickRecordingFormat();
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(source, format ? { mimeType: format.mimeType } : undefined);
    } catch {
      fail('unsupported');
      return;
    }
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size === 0) return;
      chunks.push(event.data);
      listening.current.onData?.(event.data);
    };
    recorder.onstop = () => void finish(recorder, chunks, format);
    recorder.onerror = () => fail('failed');
    recorderRef.current = recorder;
    clock.current = { before: 0, runSince: null };
    setElapsedMs(0);
    setStoppedAtLimit(false);
    try {
      recorder.start(TIMESLICE_MS);
    } catch {
      fail('failed');
      return;
    }
    // The file the take becomes, named as finish() will name it (the recorder's type is known now).
    const written = formatOfMimeType(recorder.mimeType || format?.mimeType || 'video/webm');
    listening.current.onStart?.({
      fileName: recordingFileName(written),
      contentType: written.fileType,
    });
    run();
  }, [fail, finish, run]);

  /** idle → countdown → recording. */
  const start = useCallback(() => {
    if (!streamRef.current) return;
    clearTimers();
    setSecondsLeft(COUNTDOWN_SECONDS);
    setStep('countdown');
    let left = COUNTDOWN_SECONDS;
    timers.current.countdown = setInterval(() => {
      left -= 1;
      if (left > 0) {
        setSecondsLeft(left);
        return;
      }
      clearInterval(timers.current.countdown);
      beginRecording();
    }, 1000);
  }, [beginRecording, clearTimers]);

  const cancelCountdown = useCallback(() => {
    clearTimers();
    setStep('idle');
  }, [clearTimers]);

  const pause = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder?.state !== 'recording') return;
    recorder.pause();
    clearTimers();
    clock.current = { before: recordedMs(clock.current), runSince: null };
    setElapsedMs(clock.current.before);
    setStep('paused');
  }, [clearTimers]);

  const resume = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder?.state !== 'paused') return;
    recorder.resume();
    run();
  }, [run]);

  /** recorded → the camera again, for a new take. */
  const retake = useCallback(() => {
    dropRecording();
    setElapsedMs(0);
    setStoppedAtLimit(false);
    void openCamera(choice);
  }, [choice, dropRecording, openCamera]);

  /** After a problem, or another device picked: ask for the camera again. */
  const retry = useCallback(() => void openCamera(choice), [choice, openCamera]);
  const chooseCamera = useCallback(
    (cameraId: string) => void openCamera({ ...choice, cameraId }),
    [choice, openCamera],
  );
  const chooseMicrophone = useCallback(
    (microphoneId: string) => void openCamera({ ...choice, microphoneId }),
    [choice, openCamera],
  );

  return {
    step,
    problem,
    stream,
    devices,
    choice,
    secondsLeft,
    elapsedMs,
    maxMs,
    stoppedAtLimit,
    recording,
    start,
    cancelCountdown,
    pause,
    resume,
    stop: () => stop(false),
    retake,
    retry,
    chooseCamera,
    chooseMicrophone,
  };
}
