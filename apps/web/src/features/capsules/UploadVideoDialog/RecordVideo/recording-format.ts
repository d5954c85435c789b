// What the browser records into, and the file the recording becomes. The recording is handed
// to the dialog as a File, so the checks, the preview and the upload of a chosen file apply.

export interface RecordingFormat {
  /** What MediaRecorder is asked for. */
  mimeType: string;
  /** The file's type: the container only (the upload and storage want no codec list). */
  fileType: 'video/webm' | 'video/mp4';
  extension: 'webm' | 'mp4';
}

/** In order of preference: VP9 keeps a face sharp at a lower rate than VP8; Safari records MP4. */
export const RECORDING_FORMATS: readonly RecordingFormat[] = [
  { mimeType: 'video/webm;codecs=vp9,opus', fileType: 'video/webm', extension: 'webm' },
  { mimeType: 'video/webm;codecs=vp8,opus', fileType: 'video/webm', extension: 'webm' },
  { mimeType: 'video/mp4', fileType: 'video/mp4', extension: 'mp4' },
];

/** The first format the browser records, or null: then the recorder picks its own. */
export function pickRecordingFormat(
  isTypeSupported: (type: string) => boolean = (type) => MediaRecorder.isTypeSupported(type),
): RecordingFormat | null {
  return RECORDING_FORMATS.find((format) => isTypeSupported(format.mimeType)) ?? null;
}

/** The format of what a recorder actually wrote (its mimeType once started), WebM unless MP4. */
export function formatOfMimeType(mimeType: string): RecordingFormat {
  const mp4 = mimeType.trim().toLowerCase().startsWith('video/mp4');
  return (mp4 ? RECORDING_FORMATS[2] : RECORDING_FORMATS[0]) as RecordingFormat;
}

/** 'recording.webm' or 'recording.mp4': the take's name, from its first second on. */
export const recordingFileName = (format: RecordingFormat) => `recording.${format.extension}`;

/** 'recording.webm' (video/webm) or 'recording.mp4' (video/mp4). */
export function recordingFile(recording: Blob, format: RecordingFormat): File {
  return new File([recording], recordingFileName(format), { type: format.fileType });
}
