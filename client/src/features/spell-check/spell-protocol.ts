/** Messages between the spell checker and its worker (spell.worker.ts). */
export type SpellRequest =
  /** The dictionary's files as text (an empty `aff`: they could not be fetched, `dic` says why). */
  | { type: 'load'; aff: string; dic: string }
  | { type: 'check'; id: number; words: string[] }
  | { type: 'suggest'; id: number; word: string };

export type SpellResponse =
  | { type: 'ready'; ms: number }
  | { type: 'failed'; message: string }
  | { type: 'checked'; id: number; wrong: string[] }
  | { type: 'suggested'; id: number; suggestions: string[] };
