// The media module's public face: probing a video, making its thumbnail and its playback
// rendition, with ffprobe and ffmpeg.
export { PROBE_LIMITS, THUMBNAIL_LIMITS, TOOL_MEMORY_BYTES } from './limits.js';
export { MediaError } from './media-error.js';
export { type MediaLogger, setMediaLogger } from './media-log.js';
export { probeVideo, type VideoProbe } from './probe.js';
export { makeRendition, type RenditionInput } from './rendition.js';
export type { ToolRun } from './run-tool.js';
export { extractThumbnail } from './thumbnail.js';
export {
  locateTool,
  toolBuild,
} from './tools.js';
export { type MediaTools, systemMediaTools } from './tools-set.js';
