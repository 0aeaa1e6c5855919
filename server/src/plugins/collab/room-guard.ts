import * as Y from 'yjs';
import type { DocumentRules } from '@shared/document/model/model-types';
import { CommentMarkName, CommentObjects } from '@shared/document/model/comment-values';
import { onlyFormatsOf, type ObjectAttribute } from '@shared/document/yjs/format-only-update';
import { checkUpdate, type GuardVerdict } from '@shared/document/yjs/update-guard';
import { countDocumentText, type TextCount } from '../../domain/ydoc/text-count';

export interface GuardConfig {
  /** The document model's rules; null turns the guard off (benchmarks only), or they are still to load. */
  rules: DocumentRules | null;
  /**
   * Loads `rules` (the document model, with Tiptap and ProseMirror) at the first document opened instead of
   * at start (issue 29): the registry puts them into `rules` before it makes any room, and a room refuses to
   * exist without them. Absent when `rules` is given.
   */
  loadRules?: () => Promise<DocumentRules>;
  /**
   * Names these rules (the model's options and the server's code): a stored state checked under the same
   * fingerprint holds nothing they refuse. Null with the guard off.
   */
  fingerprint: string | null;
  /** -1 = unlimited. */
  charCounterMax: number;
  wordCounterMax: number;
}

const UNCHECKED: GuardVerdict = { ok: true, insertedChars: 0, insertedWordBound: 0 };

/** The marks a commenter's update may add or remove (and nothing else). */
const COMMENTER_MARKS: ReadonlySet<string> = new Set([CommentMarkName]);

/** The attribute a commenter's update may set on images, videos and cells (their comment anchors). */
const COMMENTER_OBJECTS: ObjectAttribute = {
  attribute: CommentObjects.attribute,
  nodes: new Set(CommentObjects.nodes),
};

/** One room's guard: the model check of each update, and the character and word limits. */
export class RoomGuard {
  /** An upper bound of the document's counts (exact after a recount); null until first needed. */
  private counts: TextCount | null = null;

  constructor(
    private readonly doc: Y.Doc,
    private readonly config: GuardConfig,
  ) {}

  get enabled(): boolean {
    return this.config.rules !== null;
  }

  /** Text arrived that this guard did not check (another process's): recount when next needed. */
  forgetCounts(): void {
    this.counts = null;
  }

  check(update: Uint8Array): GuardVerdict {
    const rules = this.config.rules;
    return rules ? checkUpdate(this.doc, update, rules) : UNCHECKED;
  }

  /**
   * Whether `update` only adds or removes comment anchors (marks in the text, the `commentThreads` of objects):
   * all a commenter link may change (issue 28).
   */
  onlyComments(update: Uint8Array): boolean {
    return onlyFormatsOf(this.doc, update, COMMENTER_MARKS, COMMENTER_OBJECTS);
  }

  /**
   * Whether applying `update` (already checked) would take the document past a counter limit. Only an
   * update that adds text is refused: deleting, formatting and undoing a deletion below the limit pass.
   */
  exceedsCounters(update: Uint8Array, verdict: GuardVerdict & { ok: true }): boolean {
    const { charCounterMax: charMax, wordCounterMax: wordMax, rules } = this.config;
    if (!rules || (charMax < 0 && wordMax < 0)) return false;
    if (verdict.insertedChars === 0 && verdict.insertedWordBound === 0) return false;
    const current = (this.counts ??= countDocumentText(this.doc, rules));
    const bound = { chars: current.chars + verdict.insertedChars, words: current.words + verdict.insertedWordBound };
    if (within(bound, charMax, wordMax)) {
      this.counts = bound;
      return false;
    }
    // Near a limit the bound is not enough: count the document as it would be.
    const before = countDocumentText(this.doc, rules);
    const trial = new Y.Doc({ gc: true });
    Y.applyUpdate(trial, Y.encodeStateAsUpdate(this.doc));
    Y.applyUpdate(trial, update);
    const after = countDocumentText(trial, rules);
    trial.destroy();
    const grows =
      (charMax >= 0 && after.chars > charMax && after.chars > before.chars) ||
      (wordMax >= 0 && after.words > wordMax && after.words > before.words);
    this.counts = grows ? before : after;
    return grows;
  }
}

function within(count: TextCount, charMax: number, wordMax: number): boolean {
  return (charMax < 0 || count.chars <= charMax) && (wordMax < 0 || count.words <= wordMax);
}
