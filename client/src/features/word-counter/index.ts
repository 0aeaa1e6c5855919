import type { Capability } from '../../editor/core/capability';
import { counterExtension, type CounterStorage } from '../char-counter';
import { wordLimitRule } from './word-rule';
import { wordCounterStrings } from './word-counter.i18n';
import { WordCounterStatus } from './word-counter.status';

declare module '@tiptap/core' {
  interface Storage {
    wordCounter: CounterStorage;
  }
}

/**
 * Froala's word counter ("Words : N/MAX", punctuated per language: "Words: N/MAX", "Wörter: N/MAX"), and
 * at the maximum no new words.
 */
export const wordCounter: Capability = {
  name: 'wordCounter',
  extensions: (context) => {
    const max = context.counters.wordCounterMax;
    return [counterExtension('wordCounter', max < 0 ? null : wordLimitRule(max))];
  },
  i18n: wordCounterStrings,
  toolbar: [],
  StatusBar: WordCounterStatus,
};
