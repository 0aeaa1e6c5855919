import type { VersionListItem, VersionReason } from '@shared/api/versions';
import type { AttrChange, BlockInfo } from '@shared/document/model/version-diff';
import { VersionLimits } from '@shared/limits';

type T = (key: string, options?: Record<string, unknown>) => string;

const REASONS: readonly VersionReason[] = ['idle', 'burst', 'leave', 'save', 'restore', 'import'];

/** A list item as the server should send it; anything else is dropped rather than rendered. */
export function isVersionListItem(value: unknown): value is VersionListItem {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const int = (x: unknown): boolean => Number.isSafeInteger(x);
  return (
    typeof v.id === 'string' &&
    int(v.createdAt) &&
    REASONS.includes(v.reason as VersionReason) &&
    Array.isArray(v.authors) &&
    v.authors.every((a) => typeof a === 'string') &&
    int(v.inserted) &&
    int(v.deleted) &&
    (v.name === null || typeof v.name === 'string')
  );
}

/** The version's time in the UI language: "26 Nov 2026, 14:32". */
export function formatTime(ms: number, language: string): string {
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
  } catch {
    return new Date(ms).toISOString();
  }
}

/** A number in the UI language (thousands separators). */
export function formatCount(n: number, language: string): string {
  try {
    return new Intl.NumberFormat(language).format(n);
  } catch {
    return String(n);
  }
}

/** A name as typed, or the translated reason it cannot be used. */
export function checkName(raw: string, t: T): { name: string } | { error: string } {
  const name = raw.trim();
  const max = VersionLimits.maxNameLength;
  if (name.length === 0) return { error: t('versionHistory.nameEmpty', { max }) };
  if ([...name].length > max) return { error: t('versionHistory.nameTooLong', { max }) };
  return { name };
}

/** "Paragraph", "Heading 2", "Code block". */
export function blockLabel(type: string, t: T): string {
  const heading = /^heading([1-6])$/.exec(type);
  if (heading) return t('versionHistory.block.heading', { level: heading[1] });
  const known = ['paragraph', 'codeBlock', 'horizontalRule', 'embedCard'];
  return t(`versionHistory.block.${known.includes(type) ? type : 'other'}`);
}

/** Where a block sits, when it is in a table or a list ("table row 2, cell 3"), or null. */
export function placeLabel(block: BlockInfo, t: T): string | null {
  const row = block.path.find((s) => s.type === 'tableRow');
  const cell = block.path.find((s) => s.type === 'tableCell' || s.type === 'tableHeader');
  if (row && cell) return t('versionHistory.inTable', { row: row.index + 1, cell: cell.index + 1 });
  const items = block.path.filter((s) => s.type === 'listItem');
  const item = items[items.length - 1];
  return item ? t('versionHistory.inList', { item: item.index + 1 }) : null;
}

const MARKS = ['bold', 'italic', 'underline', 'strike', 'code', 'subscript', 'superscript', 'textStyle'];
/** Long texts in a change line are cut to this many characters. */
const QUOTE_MAX = 60;
const quote = (text: string): string => (text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text);
const shown = (value: string, t: T): string => (value === '' ? t('versionHistory.none') : quote(value));

/** One attribute change in words, translated. */
export function describeChange(change: AttrChange, t: T): string {
  switch (change.kind) {
    case 'mark':
      return t(`versionHistory.mark.${change.change}`, {
        text: quote(change.text),
        mark: t(`versionHistory.markName.${MARKS.includes(change.mark) ? change.mark : 'other'}`),
      });
    case 'link':
      if (change.from === null)
        return t('versionHistory.linkAdded', { text: quote(change.text), to: quote(change.to ?? '') });
      if (change.to === null)
        return t('versionHistory.linkRemoved', { text: quote(change.text), from: quote(change.from) });
      return t('versionHistory.linkChanged', {
        text: quote(change.text),
        from: quote(change.from),
        to: quote(change.to),
      });
    case 'media':
      return t('versionHistory.media', {
        node: t(`versionHistory.atom.${change.node}`),
        attr: change.attr,
        from: shown(change.from, t),
        to: shown(change.to, t),
      });
    case 'blockType':
      return t('versionHistory.blockType', { from: blockLabel(change.from, t), to: blockLabel(change.to, t) });
    case 'align':
      return t('versionHistory.align', { from: shown(change.from, t), to: shown(change.to, t) });
    case 'attr':
      return t('versionHistory.attr', {
        node: change.node,
        attr: change.attr,
        from: shown(change.from, t),
        to: shown(change.to, t),
      });
    case 'comment':
      return t(`versionHistory.comment.${change.change}`, { text: changedText(change.text, t) });
    case 'suggestion':
      if (change.change === 'suggested') {
        return t(`versionHistory.suggestion.${change.suggestion}${change.author === null ? '' : 'By'}`, {
          text: changedText(change.text, t),
          author: change.author ?? '',
        });
      }
      return t(`versionHistory.suggestion.${change.change}`, {
        text: changedText(change.text, t),
        kind: t(`versionHistory.suggestion.kind.${change.suggestion}`),
      });
  }
}

/** The text of a comment or suggestion change; a paragraph break alone (its anchor only) is named as one. */
const changedText = (text: string, t: T): string =>
  text === '' ? t('versionHistory.paragraphBreak') : t('versionHistory.quoted', { text: quote(text) });
