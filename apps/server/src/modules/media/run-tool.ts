import { spawn } from 'node:child_process';
import { MediaError } from './media-error.js';

export interface RunOptions {
  timeoutMs: number;
  /** Output beyond this is refused: a thumbnail or a probe's JSON is small. */
  maxStdoutBytes: number;
}

/** The tool's own words, without any URL (a SAS is a secret) and not too long for a log line. */
export const redact = (stderr: string) =>
  stderr
    .replace(/https?:\/\/\S+/g, '<url>')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(-500);

/**
 * Runs a binary with arguments (no shell) and answers its stdout. Killed (SIGKILL) at the time
 * limit or past the output limit; a non-zero exit is 'unreadable' with the tool's message.
 */
export function runTool(path: string, args: readonly string[], options: RunOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(path, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let failure: MediaError | undefined;
    const stop = (error: MediaError) => {
      failure ??= error;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => stop(new MediaError('timeout', `${path} ran past ${options.timeoutMs} ms and was stopped`)),
      options.timeoutMs,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > options.maxStdoutBytes)
        stop(new MediaError('unreadable', `${path} wrote more than expected`));
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new MediaError('tool-missing', `${path} could not be started: ${error.message}`));
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (failure) reject(failure);
      else if (code !== 0)
        reject(new MediaError('unreadable', redact(stderr) || `${path} exited with ${code}`));
      else resolve(Buffer.concat(chunks));
    });
  });
}
