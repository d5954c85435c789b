// The media module's public face: probing a video and making its thumbnail, with ffprobe and ffmpeg.
export { PROBE_LIMITS, THUMBNAIL_LIMITS, TOOL_MEMORY_BYTES } from './limits.js';
export { MediaError, type MediaFailure } from './media-error.js';
export { type MediaLogger, setMediaLogger } from './media-log.js';
export { MAX_PICTURE_SIDE, type ProbeOptions, probeVideo, type VideoProbe } from './probe.js';
export type { ToolLimits, ToolRun } from './run-tool.js';
export { extractThumbnail, type ThumbnailOptions } from './thumbnail.js';
export {
  locateTool,
  type MediaTool,
  type ToolBuild,
  type ToolLocation,
  toolBuild,
} from './tools.js';
export { type MediaTools, systemMediaTools } from './tools-set.js';
