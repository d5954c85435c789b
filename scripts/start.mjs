// `npm start`: the build, then the portal, in this one process.
//
// npm runs a script through `sh -c` and passes a SIGTERM or SIGINT it receives to that shell
// only. A shell that ran the server as its child died of the signal and left the server running
// with every port and the database's lock file. So package.json `exec`s this file (the shell
// becomes this process) and the server runs here, not in a child: the signal npm passes on is
// the server's own, and its shutdown stops everything it started (docs/decisions/023-*).
//
// `npm start -- --no-build` serves the last build as it is (the start-and-stop test: a build
// running beside other test files would rewrite the web app's files they serve).
import { spawn } from 'node:child_process';

const SIGNAL_NUMBERS = { SIGINT: 2, SIGTERM: 15 };

/** Runs `turbo run build`, passing a stop signal on; resolves with its exit code or the signal. */
function build() {
  return new Promise((resolve) => {
    // npm puts node_modules/.bin first on PATH: this is the project's turbo.
    const child = spawn('turbo', ['run', 'build'], { stdio: 'inherit' });
    let stoppedBy;
    const pass = (signal) => {
      stoppedBy = signal;
      child.kill(signal);
    };
    for (const signal of Object.keys(SIGNAL_NUMBERS)) process.on(signal, pass);
    const done = (result) => {
      for (const signal of Object.keys(SIGNAL_NUMBERS)) process.off(signal, pass);
      resolve(result);
    };
    child.once('error', (error) => {
      console.error(`Could not run turbo (${error.message}): run \`npm install\`, then \`npm start\`.`);
      done({ code: 1 });
    });
    child.once('exit', (code) => done(stoppedBy ? { signal: stoppedBy } : { code: code ?? 1 }));
  });
}

if (!process.argv.includes('--no-build')) {
  const built = await build();
  if (built.signal) process.exit(128 + SIGNAL_NUMBERS[built.signal]);
  if (built.code !== 0) process.exit(built.code);
}
// The server installs its own SIGTERM and SIGINT handlers as it starts.
await import('../apps/server/dist/server.js');
