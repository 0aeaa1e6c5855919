import type { EmbedAnswer } from '@shared/api/embeds';

/**
 * Card answers per document and address, for `ttlMs`, at most `maxEntries` (the oldest forgotten first).
 * Per document because a card's picture is one of that document's uploads.
 */
export class CardCache {
  private readonly entries = new Map<string, { answer: EmbedAnswer; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  private static key(docId: string, url: string): string {
    return `${docId}\n${url}`;
  }

  get(docId: string, url: string): EmbedAnswer | null {
    const key = CardCache.key(docId, url);
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return null;
    }
    return entry.answer;
  }

  set(docId: string, url: string, answer: EmbedAnswer): void {
    const key = CardCache.key(docId, url);
    this.entries.delete(key);
    this.entries.set(key, { answer, expires: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
