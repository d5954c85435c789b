// What a file really is, from its first bytes: the browser's content type and the file name
// are the client's word (ASVS 5.2.2). Pure functions, so they are tested on real bytes.

/** How many leading bytes the checks below need (the WebM doctype sits within them). */
export const MAGIC_BYTES = 64;

export type VideoContainer = 'mp4' | 'mov' | 'webm' | 'matroska';
type ImageType = 'png' | 'jpeg' | 'webp';

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));

const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0) =>
  bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);

const EBML = [0x1a, 0x45, 0xdf, 0xa3];
/** The EBML DocType element id, followed by a one-byte size and the name. */
const DOCTYPE_ID = [0x42, 0x82];

/** MP4 and QuickTime (an 'ftyp' box first), WebM and Matroska (an EBML header), else null. */
export function detectVideoContainer(bytes: Uint8Array): VideoContainer | null {
  if (ascii(bytes, 4, 4) === 'ftyp' && bytes.length >= 12) {
    return ascii(bytes, 8, 4) === 'qt  ' ? 'mov' : 'mp4';
  }
  if (startsWith(bytes, EBML)) {
    for (let i = EBML.length; i + 3 < bytes.length; i++) {
      if (!startsWith(bytes, DOCTYPE_ID, i)) continue;
      const size = (bytes[i + 2] ?? 0) & 0x7f; // a one-byte EBML size has its top bit set
      return ascii(bytes, i + 3, size) === 'webm' ? 'webm' : 'matroska';
    }
    return 'matroska';
  }
  return null;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/** PNG, JPEG or WEBP (a RIFF file of form 'WEBP'), else null. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  return null;
}
