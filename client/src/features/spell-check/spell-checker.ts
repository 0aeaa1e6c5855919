import type { DocumentLang } from '@shared/document/yjs/ydoc-lang';
import type { SpellRequest, SpellResponse } from './spell-protocol';
// The package exports only its Node entry; the files themselves are fetched by the worker as assets.
import deAff from '../../../../node_modules/dictionary-de/index.aff?url&no-inline';
import deDic from '../../../../node_modules/dictionary-de/index.dic?url&no-inline';
import enAff from '../../../../node_modules/dictionary-en/index.aff?url&no-inline';
import enDic from '../../../../node_modules/dictionary-en/index.dic?url&no-inline';

const DICTIONARIES: Record<DocumentLang, { aff: string; dic: string }> = {
  en: { aff: enAff, dic: enDic },
  de: { aff: deAff, dic: deDic },
};

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${String(response.status)}`);
  return response.text();
}

/**
 * One language's checker: a worker holding the Hunspell dictionary, and the verdicts it gave so far
 * (a word asked once is known after, so a recheck of a paragraph usually needs no message at all).
 */
export class SpellChecker {
  private readonly worker: Worker;
  private readonly verdicts = new Map<string, boolean>();
  private readonly waiting = new Map<number, (response: SpellResponse) => void>();
  private nextId = 1;
  /** Resolves with the dictionary's load time in ms (rejects when it cannot be loaded). */
  readonly ready: Promise<number>;

  constructor(readonly lang: DocumentLang) {
    this.worker = new Worker(new URL('./spell.worker.ts', import.meta.url), { type: 'module' });
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = (event: MessageEvent<SpellResponse>) => {
        const message = event.data;
        if (message.type === 'ready') resolve(message.ms);
        else if (message.type === 'failed') reject(new Error(message.message));
        else {
          this.waiting.get(message.id)?.(message);
          this.waiting.delete(message.id);
        }
      };
    });
    // Fetched here, not in the worker: a worker lives under its script's response policy, and ours
    // (the assets' `default-src 'none'`) lets it fetch nothing.
    const { aff, dic } = DICTIONARIES[lang];
    Promise.all([fetchText(aff), fetchText(dic)]).then(
      ([affText, dicText]) => this.send({ type: 'load', aff: affText, dic: dicText }),
      (error: unknown) => this.send({ type: 'load', aff: '', dic: `${String(error)}` }),
    );
  }

  private send(message: SpellRequest): void {
    this.worker.postMessage(message);
  }

  private ask(make: (id: number) => SpellRequest): Promise<SpellResponse> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.send(make(id));
    });
  }

  /** True or false once the word was checked, undefined before. */
  verdict(word: string): boolean | undefined {
    return this.verdicts.get(word);
  }

  /** Checks the words not known yet; resolves once their verdicts are in. */
  async check(words: Iterable<string>): Promise<void> {
    const unknown = [...new Set(words)].filter((w) => !this.verdicts.has(w));
    if (unknown.length === 0) return;
    await this.ready;
    const response = await this.ask((id) => ({ type: 'check', id, words: unknown }));
    if (response.type !== 'checked') return;
    const wrong = new Set(response.wrong);
    for (const word of unknown) this.verdicts.set(word, !wrong.has(word));
  }

  async suggest(word: string): Promise<string[]> {
    await this.ready;
    const response = await this.ask((id) => ({ type: 'suggest', id, word }));
    return response.type === 'suggested' ? response.suggestions : [];
  }

  destroy(): void {
    this.worker.terminate();
    this.waiting.clear();
  }
}
