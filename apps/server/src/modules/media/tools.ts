import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { VERSION_LIMITS } from './limits.js';
import { MediaError } from './media-error.js';
import { mediaLog } from './media-log.js';
import { findOnPath, runTool } from './run-tool.js';
import { readBuild, type ToolBuild } from './version-line.js';

// ffprobe and ffmpeg: the system's when it has them (a distribution's build gets security
// updates: Debian 12's is 5.1 with its fixes, and .ci/run and the Docker image install it), else
// the binaries the npm packages ship, so `npm install` alone gives a working portal. No npm
// package ships a newer ffmpeg inside its tarball (docs/decisions/026-media-tools-sandboxed.md):
// the fallback is a 2018 ffmpeg and a 2023 ffprobe, used with a warning in the log.

type MediaTool = 'ffprobe' | 'ffmpeg';

interface ToolLocation {
  path: string;
  source: 'system' | 'npm';
}

const PACKAGES: Record<MediaTool, string> = {
  ffprobe: '@ffprobe-installer/ffprobe',
  ffmpeg: '@ffmpeg-installer/ffmpeg',
};

const builds = new Map<string, Promise<ToolBuild>>();

/**
 * The build at that path, asked once per process with `-version` (in the same sandbox as
 * every run) and logged then: which binary reviews the videos is never a guess. A binary that
 * does not answer is 'tool-missing'.
 */
export function toolBuild(
  path: string,
  source: ToolLocation['source'] | 'given' = 'given',
): Promise<ToolBuild> {
  let found = builds.get(path);
  if (!found) {
    found = runTool(path, ['-version'], {
      timeoutMs: 10_000,
      maxStdoutBytes: 64 << 10,
      limits: VERSION_LIMITS,
    })
      .catch((error: unknown) => {
        throw new MediaError('tool-missing', `${path} -version failed: ${(error as Error).message}`);
      })
      .then((stdout) => {
        const build = readBuild(stdout.toString('utf8').split('\n')[0]?.trim() ?? '');
        const facts = { path, source, version: build.version, year: build.year };
        mediaLog().info(facts, `media tool: ${build.line} (${source}, ${path})`);
        if (build.outdated)
          mediaLog().warn(
            facts,
            `media tool ${path} is a ${build.year ?? 'undated'} build, without the security fixes since; it parses strangers' files: install the system's ffmpeg (Debian: apt-get install ffmpeg)`,
          );
        return build;
      });
    // A failed look is not remembered: installing or fixing the tool must not need a restart.
    found.catch(() => builds.delete(path));
    builds.set(path, found);
  }
  return found;
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

/** The system's tool: on PATH and answering `-version`; else null. */
async function fromSystem(tool: MediaTool): Promise<ToolLocation | null> {
  const path = findOnPath(tool);
  if (!path) return null;
  try {
    await toolBuild(path, 'system');
    return { path, source: 'system' };
  } catch {
    return null;
  }
}

const located = new Map<MediaTool, Promise<ToolLocation>>();

/**
 * Where the tool is (an absolute path), looked up once per process, its build logged at the
 * first look. `fromSystem: false` skips PATH (tests use it to prove the npm binaries work on
 * their own).
 */
export function locateTool(tool: MediaTool, { fromSystem: system = true } = {}): Promise<ToolLocation> {
  const npm = async () => {
    const location = fromNpm(tool);
    await toolBuild(location.path, 'npm');
    return location;
  };
  if (!system) return Promise.resolve().then(npm);
  let found = located.get(tool);
  if (!found) {
    found = fromSystem(tool).then((location) => location ?? npm());
    // A failed lookup is not remembered: installing the tool must not need a restart.
    found.catch(() => located.delete(tool));
    located.set(tool, found);
  }
  return found;
}

/** The binary to run: the one given (a test's), its build logged once, else the located one. */
export async function toolPath(tool: MediaTool, given: string | undefined): Promise<string> {
  if (!given) return (await locateTool(tool)).path;
  await toolBuild(given);
  return given;
}
