import { registerIconNames } from './icon-names';
import { LUCIDE_NAMES } from './lucide-names';

/** Registers the bundled set's names (the server's model, and the browser's lazily built models). */
export function registerLucideNames(): void {
  registerIconNames(LUCIDE_NAMES);
}
