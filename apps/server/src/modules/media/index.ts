// The media module's public face: probing a video and making its thumbnail, with ffprobe and ffmpeg.
export { MediaError, type MediaFailure } from './media-error.js';
export { type ProbeOptions, probeVideo, type VideoProbe } from './probe.js';
export { extractThumbnail, type ThumbnailOptions } from './thumbnail.js';
export { locateTool, type MediaTool, type ToolLocation } from './tools.js';
export { type MediaTools, systemMediaTools } from './tools-set.js';
