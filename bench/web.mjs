// `npm run bench:web` (it builds first): the web bench, see bench/README.md.
import { tuneHeapForServing } from '../apps/server/dist/lib/heap-tuning.js';
import { runWebBench } from './web/bench.mjs';

// The server renders the dashboard in this process: with the V8 settings of its entry point.
tuneHeapForServing();
await runWebBench();
