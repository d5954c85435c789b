import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { MediaError } from './media-error.js';

// ffprobe and ffmpeg: the system's when it has them (a distribution's build gets security
// updates), else the binaries the npm packages ship, so `npm install` alone is enough.

export type MediaTool = 'ffprobe' | 'ffmpeg';

export interface ToolLocation {
  path: string;
  source: 'system' | 'npm';
}

const PACKAGES: Record<MediaTool, string> = {
  ffprobe: '@ffprobe-installer/ffprobe',
  ffmpeg: '@ffmpeg-installer/ffmpeg',
};

/** Whether `tool -version` runs from PATH. */
function runsFromPath(tool: MediaTool): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(tool, ['-version'], { stdio: 'ignore', timeout: 10_000 });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
}

/** The binary of the npm package, checked to be executable by this process. */
function fromNpm(tool: MediaTool): ToolLocation {
  let path: string;
  try {
    // Both packages throw (a string, for ffmpeg's) on a platform they ship no binary for.
    path = (createRequire(import.meta.url)(PACKAGES[tool]) as { path: string }).path;
  } catch (error) {
    throw new MediaError('tool-missing', `${tool} is not on PATH and ${PACKAGES[tool]} has none: ${error}`);
  }
  try {
    accessSync(path, constants.X_OK);
  } catch {
    // The ffprobe package installs its binary as rwxr--r--: another user than the installer
    // cannot run it.
    throw new MediaError('tool-missing', `${path} is not executable by this user (chmod a+x it)`);
  }
  return { path, source: 'npm' };
}

const located = new Map<MediaTool, Promise<ToolLocation>>();

/**
 * Where the tool is, looked up once per process. `fromSystem: false` skips PATH (tests use it
 * to prove the npm binaries work on their own).
 */
export function locateTool(tool: MediaTool, { fromSystem = true } = {}): Promise<ToolLocation> {
  if (!fromSystem) return Promise.resolve().then(() => fromNpm(tool));
  let found = located.get(tool);
  if (!found) {
    found = runsFromPath(tool).then((ok) => (ok ? { path: tool, source: 'system' } : fromNpm(tool)));
    // A failed lookup is not remembered: installing the tool must not need a restart.
    found.catch(() => located.delete(tool));
    located.set(tool, found);
  }
  return found;
}
