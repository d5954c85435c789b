import { type ProbeOptions, probeVideo, type VideoProbe } from './probe.js';
import { makeRendition, type RenditionInput, type RenditionOptions } from './rendition.js';
import { extractThumbnail, type ThumbnailOptions } from './thumbnail.js';

/**
 * What the review job asks of ffprobe and ffmpeg, as one injectable object (AppDeps.media): the
 * app uses the real tools; a test can hand in a probe that times out or a thumbnail that fails.
 */
export interface MediaTools {
  probeVideo(url: string, options?: ProbeOptions): Promise<VideoProbe>;
  extractThumbnail(url: string, options?: ThumbnailOptions): Promise<Buffer>;
  makeRendition(url: string, input: RenditionInput, options: RenditionOptions): Promise<void>;
}

export const systemMediaTools: MediaTools = { probeVideo, extractThumbnail, makeRendition };
