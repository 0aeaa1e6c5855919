// The sanitizer worker when the server runs from TypeScript source (tsx in `npm run dev`, Vitest):
// loaders are per thread, so this thread loads tsx's first and imports the real entry through it.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./sanitize-worker.ts', import.meta.url);
export default worker.default;
