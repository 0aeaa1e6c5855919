import type { Capability } from '../../editor/core/capability';
import { charCounterStrings } from './char-counter.i18n';
import { counterExtension, type CounterStorage } from './counter-plugin';
import { CharCounterStatus } from './char-counter.status';

export { counterExtension, type CounterRefusal, type CounterRule, type CounterStorage } from './counter-plugin';
export { CounterStatus } from './counter-status';
export { textStats, type TextStats } from './text-stats';

declare module '@tiptap/core' {
  interface Storage {
    charCounter: CounterStorage;
  }
}

/**
 * Froala's character counter ("Characters : N/MAX", punctuated per language: "Characters: N/MAX",
 * "Zeichen: N/MAX"), and at the maximum no more characters.
 */
export const charCounter: Capability = {
  name: 'charCounter',
  extensions: (context) => {
    const max = context.counters.charCounterMax;
    return [
      counterExtension(
        'charCounter',
        max < 0 ? null : (before, after) => after.chars > max && after.chars > before.chars,
      ),
    ];
  },
  i18n: charCounterStrings,
  toolbar: [],
  StatusBar: CharCounterStatus,
};
