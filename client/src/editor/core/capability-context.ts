import { CounterLimits, UploadLimits } from '@shared/limits';
import { defaultEditorOptions } from '@shared/editor-option-defaults';
import type { CapabilityContext } from './capability';

/** The context before (or without) the server's answer: the shared defaults. */
export const defaultCapabilityContext: CapabilityContext = {
  options: defaultEditorOptions,
  counters: { charCounterMax: CounterLimits.charCounterMax, wordCounterMax: CounterLimits.wordCounterMax },
  uploads: {
    maxImageBytes: UploadLimits.maxImageBytes,
    maxFileBytes: UploadLimits.maxFileBytes,
    maxVideoBytes: UploadLimits.maxVideoBytes,
  },
  session: null,
};
