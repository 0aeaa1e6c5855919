// Linted as server/src/plugins/uploads/index.ts: reaches into another plugin's file.
import { toMeta } from '../documents/service';

export const meta = toMeta;
