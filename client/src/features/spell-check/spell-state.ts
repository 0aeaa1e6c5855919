import type { DocumentLang } from '@shared/document/yjs/ydoc-lang';
import { store } from '../../lib/store';
import { addPersonalWord, readPersonalWords } from './personal-dictionary';

const ENABLED_KEY = 'tandem.spell.enabled';

/** Where the suggestions menu opens: the word and a point on screen. */
export interface SpellMenuRequest {
  word: string;
  from: number;
  to: number;
  x: number;
  y: number;
}

function readEnabled(): boolean {
  try {
    return localStorage.getItem(ENABLED_KEY) !== 'off';
  } catch {
    return true;
  }
}

/**
 * The spell checker of one editor: on or off (remembered per browser), the document's language, the
 * words ignored in this session of this document, the words this browser added, and the open menu.
 */
export class SpellState {
  readonly enabled = store(readEnabled());
  readonly lang = store<DocumentLang>('en');
  readonly menu = store<SpellMenuRequest | null>(null);
  /** The menu is open (what its lazy part waits for). */
  readonly menuOpen = store(false);
  /** Our checker runs here (the operator's `spellChecker` is 'tandem'). */
  readonly available = store(false);
  /** Bumped when the accepted words change, so the markers are recomputed. */
  readonly accepted = store(0);
  private readonly ignored = new Set<string>();
  private personal = new Map<DocumentLang, Set<string>>();

  constructor(private readonly storage: () => Storage | null = () => globalThis.localStorage ?? null) {}

  showMenu(request: SpellMenuRequest | null): void {
    this.menu.set(request);
    this.menuOpen.set(request !== null);
  }

  setEnabled(on: boolean): void {
    this.enabled.set(on);
    try {
      this.storage()?.setItem(ENABLED_KEY, on ? 'on' : 'off');
    } catch {
      // Not remembered; this page still follows the toggle.
    }
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
