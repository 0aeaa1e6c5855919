import nspell from 'nspell';
import type { SpellRequest, SpellResponse } from './spell-protocol';
import { hasCompoundRules, isCompound } from './compound';
import { keepStandaloneHomonyms } from './homonyms';

// One dictionary per worker: the page starts a worker per language it needs.
interface WorkerScope {
  postMessage: (message: SpellResponse) => void;
  onmessage: ((event: MessageEvent<SpellRequest>) => void) | null;
}
const scope = self as unknown as WorkerScope;
let ready: Promise<ReturnType<typeof nspell>> | null = null;
// nspell ignores the affix file's compound rules: German compounds are split into known words here.
let compounds = false;

const post = (message: SpellResponse): void => scope.postMessage(message);

scope.onmessage = (event: MessageEvent<SpellRequest>) => {
  const message = event.data;
  if (message.type === 'load') {
    const started = performance.now();
    compounds = hasCompoundRules(message.aff);
    ready = message.aff
      ? Promise.resolve(nspell(message.aff, keepStandaloneHomonyms(message.aff, message.dic)))
      : Promise.reject(new Error(`the dictionary could not be fetched: ${message.dic}`));
    ready.then(
      () => post({ type: 'ready', ms: Math.round(performance.now() - started) }),
      (error: unknown) => post({ type: 'failed', message: String(error) }),
    );
    return;
  }
  void ready?.then((spell) => {
    if (message.type === 'check') {
      const correct = (word: string): boolean => spell.correct(word);
      const wrong = message.words.filter((w) => !correct(w) && !(compounds && isCompound(w, correct)));
      post({ type: 'checked', id: message.id, wrong });
    } else if (message.type === 'suggest') {
      post({ type: 'suggested', id: message.id, suggestions: spell.suggest(message.word).slice(0, 8) });
    }
  });
};
