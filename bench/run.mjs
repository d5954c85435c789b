// `npm run bench` (it builds first). DATABASE_URL set: runs on that PostgreSQL, in a scratch
// database created and dropped here; unset: on in-memory PGlite. bench/README.md has the knobs.
import { runServerBench } from './server/bench.mjs';

await runServerBench();
