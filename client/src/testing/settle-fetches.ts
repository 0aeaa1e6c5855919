import { afterAll } from 'vitest';
import { settleFetches } from '../editor/core/lazy';

// A lazy chunk a test started (an idle prefetch, a node view) must arrive before the file's module graph is
// torn down: otherwise its import fails in whichever file runs next in the same worker.
afterAll(settleFetches);
