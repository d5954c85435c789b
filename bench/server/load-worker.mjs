// The load generator, in a child process of its own (forked by load.mjs): autocannon's work and
// its garbage collection run beside the measured server, not inside its event loop, where they
// would add to the very latencies being measured. One message in, { measuring } when the
// warm-up is over, then one message out: the figures, or the error.
import autocannon from 'autocannon';
import { loadFigures } from './latencies.mjs';
import { paced } from './paced.mjs';

async function run(opts) {
  const latencies = [];
  const instance = autocannon(opts);
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await instance;
  // A fast wrong answer measures nothing: any non-2xx, error or timeout fails the bench.
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${opts.url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return loadFigures(latencies, result.finish - result.start);
}

process.once('message', async ({ opts, seconds, warmupSeconds }) => {
  // A rate asked for is kept steadily (paced.mjs); without one, autocannon runs flat out.
  const load = opts.rate ? paced : run;
  try {
    if (warmupSeconds > 0) await load({ ...opts, duration: warmupSeconds });
    process.send({ measuring: true });
    const figures = await load({ ...opts, duration: seconds });
    process.send({ figures }, () => process.disconnect());
  } catch (error) {
    process.send({ error: error?.stack ?? String(error) }, () => process.disconnect());
  }
});
