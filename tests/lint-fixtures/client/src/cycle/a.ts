// A runtime cycle: a.ts and b.ts import each other.
import { b } from './b';

export const a = (): string => `a${b()}`;
