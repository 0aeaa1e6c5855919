import type { DocumentLang } from '@shared/document/yjs/ydoc-lang';
import { store, type Store } from '../../lib/store';
import { addPersonalWord, readPersonalWords } from './personal-dictionary';

/** Where the suggestions menu opens: the word and a point on screen. */
export interface SpellMenuRequest {
  word: string;
  from: number;
  to: number;
  x: number;
  y: number;
}

/**
 * The spell checker of one editor: the document's language, the words ignored in this session of this
 * document, the words this browser added, and the open menu.
 */
export class SpellSession {
  readonly lang = store<DocumentLang>('en');
  readonly menu = store<SpellMenuRequest | null>(null);
  /** Bumped when the accepted words change, so the markers are recomputed. */
  readonly accepted = store(0);
  private readonly ignored = new Set<string>();
  private personal = new Map<DocumentLang, Set<string>>();

  constructor(
    private readonly menuOpen: Store<boolean>,
    /** Alt+F7: opens the menu for the misspelled word at the caret; false when there is none. */
    readonly openAtCaret: () => boolean,
    private readonly storage: () => Storage | null = () => globalThis.localStorage ?? null,
  ) {}

  showMenu(request: SpellMenuRequest | null): void {
    this.menu.set(request);
    this.menuOpen.set(request !== null);
  }

  private personalWords(lang: DocumentLang): Set<string> {
    let words = this.personal.get(lang);
    if (!words) {
      const storage = this.storage();
      words = new Set(storage ? readPersonalWords(lang, storage) : []);
      this.personal.set(lang, words);
    }
    return words;
  }

  /** The author said this word is fine (ignored here or in their dictionary). */
  isAccepted(word: string): boolean {
    return this.ignored.has(word) || this.personalWords(this.lang.get()).has(word);
  }

  ignore(word: string): void {
    this.ignored.add(word);
    this.accepted.set(this.accepted.get() + 1);
  }

  addToDictionary(word: string): void {
    const lang = this.lang.get();
    const storage = this.storage();
    this.personal.set(
      lang,
      new Set(storage ? addPersonalWord(lang, word, storage) : [...this.personalWords(lang), word]),
    );
    this.accepted.set(this.accepted.get() + 1);
  }
}
