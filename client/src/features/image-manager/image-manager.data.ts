import { Errors, type ErrorCode } from '@shared/errors';
import { ImageManagerLimits } from '@shared/limits';
import type { ImageManagerItem } from '@shared/api/media';
// Shows `errors.<CODE>` messages: they come with the catalogue.
import '../../lib/error-catalogue';

/** Columns of the grid for a window width (2 below 768 px, 3 below 1200 px, else 4). */
export function columnsFor(windowWidth: number): number {
  let columns = 1;
  for (const rule of ImageManagerLimits.columns) {
    columns = rule.columns;
    if (windowWidth < rule.belowPx) break;
  }
  return columns;
}

/**
 * Masonry placement: each item, in order, goes to the currently shortest column (ties: leftmost).
 * `heightOf` is the item's height relative to its width (unknown = square).
 */
export function placeInColumns<T>(items: readonly T[], columns: number, heightOf: (item: T) => number): T[][] {
  const cols: T[][] = Array.from({ length: Math.max(1, columns) }, () => []);
  const heights = cols.map(() => 0);
  for (const item of items) {
    let shortest = 0;
    for (let i = 1; i < heights.length; i++) if ((heights[i] ?? 0) < (heights[shortest] ?? 0)) shortest = i;
    cols[shortest]?.push(item);
    heights[shortest] = (heights[shortest] ?? 0) + heightOf(item);
  }
  return cols;
}

/** The ErrorCode of the baseline's image-manager error number (10–22), or null for an unknown number. */
export function imageManagerErrorCode(baselineNumber: number): ErrorCode | null {
  for (const [code, spec] of Object.entries(Errors) as [ErrorCode, (typeof Errors)[ErrorCode]][]) {
    const baseline = 'baseline' in spec ? spec.baseline : undefined;
    if (baseline?.group === 'imageManager' && baseline.number === baselineNumber) return code;
  }
  return null;
}

/** A tile of the grid: a valid item of the load response. */
export interface ManagerImage {
  id: string;
  url: string;
  thumb: string;
  tags: string[];
  /** The raw tag string (comma-separated) as the server keeps it. */
  tag: string;
  name: string;
  width?: number;
  height?: number;
}

export const splitTags = (tag: string): string[] => [
  ...new Set(
    tag
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  ),
];

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;
const int = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;

/**
 * Checks a parsed load response like the baseline: not an array → BAD_RESPONSE (13); an item without `url`
 * is dropped (NO_URL, 15); an item without `thumb` uses its `url` as thumbnail (NO_THUMB, 14). Notices are
 * the codes seen.
 */
export function normalizeItems(
  raw: unknown,
): { items: ManagerImage[]; notices: ErrorCode[] } | { error: 'IMAGE_MANAGER_BAD_RESPONSE' } {
  if (!Array.isArray(raw)) return { error: 'IMAGE_MANAGER_BAD_RESPONSE' };
  const items: ManagerImage[] = [];
  const notices: ErrorCode[] = [];
  for (const entry of raw as unknown[]) {
    const item = (typeof entry === 'object' && entry !== null ? entry : {}) as Partial<
      Record<keyof ImageManagerItem, unknown>
    >;
    const url = str(item.url);
    if (!url) {
      notices.push('IMAGE_MANAGER_NO_URL');
      continue;
    }
    let thumb = str(item.thumb);
    if (!thumb) {
      notices.push('IMAGE_MANAGER_NO_THUMB');
      thumb = url;
    }
    const tag = typeof item.tag === 'string' ? item.tag : '';
    const width = int(item.width);
    const height = int(item.height);
    items.push({
      id: str(item.id) ?? url,
      url,
      thumb,
      tag,
      tags: splitTags(tag),
      name: typeof item.name === 'string' ? item.name : '',
      ...(width !== undefined ? { width } : {}),
      ...(height !== undefined ? { height } : {}),
    });
  }
  return { items, notices };
}

/** Every tag used by the items, in first-seen order. */
export function tagsOf(items: readonly ManagerImage[]): string[] {
  return [...new Set(items.flatMap((i) => i.tags))];
}

/** Relative tile height (height / width), unknown dimensions = square. */
export const aspectOf = (item: ManagerImage): number => (item.width && item.height ? item.height / item.width : 1);
