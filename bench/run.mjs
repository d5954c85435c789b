// `npm run bench` (it builds first). DATABASE_URL set: runs on that PostgreSQL, in a scratch
// database created and dropped here; unset: on in-memory PGlite. bench/README.md has the knobs.
import { tuneHeapForServing } from '../apps/server/dist/lib/heap-tuning.js';
import { runServerBench } from './server/bench.mjs';

// The measured server runs in this process: with the V8 settings the server's entry point uses.
tuneHeapForServing();
await runServerBench();
