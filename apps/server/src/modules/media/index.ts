// The media module's public face: probing a video and making its thumbnail, with ffprobe and ffmpeg.
export { PROBE_LIMITS, THUMBNAIL_LIMITS, TOOL_MEMORY_BYTES } from './limits.js';
export { MediaError } from './media-error.js';
export { type MediaLogger, setMediaLogger } from './media-log.js';
export { probeVideo } from './probe.js';
export type { ToolRun } from './run-tool.js';
export { extractThumbnail } from './thumbnail.js';
export {
  locateTool,
  toolBuild,
} from './tools.js';
export { type MediaTools, systemMediaTools } from './tools-set.js';
