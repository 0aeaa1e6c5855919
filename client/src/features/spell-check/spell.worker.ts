import nspell from 'nspell';
import type { SpellRequest, SpellResponse } from './spell-protocol';

// One dictionary per worker: the page starts a worker per language it needs.
interface WorkerScope {
  postMessage: (message: SpellResponse) => void;
  onmessage: ((event: MessageEvent<SpellRequest>) => void) | null;
}
const scope = self as unknown as WorkerScope;
let ready: Promise<ReturnType<typeof nspell>> | null = null;

const post = (message: SpellResponse): void => scope.postMessage(message);

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.text();
}

scope.onmessage = (event: MessageEvent<SpellRequest>) => {
  const message = event.data;
  if (message.type === 'load') {
    const started = performance.now();
    ready = Promise.all([fetchText(message.aff), fetchText(message.dic)]).then(([aff, dic]) => nspell(aff, dic));
    ready.then(
      () => post({ type: 'ready', ms: Math.round(performance.now() - started) }),
      (error: unknown) => post({ type: 'failed', message: String(error) }),
    );
    return;
  }
  void ready?.then((spell) => {
    if (message.type === 'check') {
      post({ type: 'checked', id: message.id, wrong: message.words.filter((w) => !spell.correct(w)) });
    } else if (message.type === 'suggest') {
      post({ type: 'suggested', id: message.id, suggestions: spell.suggest(message.word).slice(0, 8) });
    }
  });
};
