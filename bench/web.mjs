// `npm run bench:web` (it builds first): the web bench of issue 10, see bench/README.md.
import { runWebBench } from './web/bench.mjs';

await runWebBench();
