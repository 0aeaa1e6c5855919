/**
 * Presence colours: distinct hues first (the first ten are far apart), each dark enough for white
 * initials and caret labels (contrast ≥ 4.5:1 against white, checked by a test).
 */
export const PRESENCE_COLORS = [
  '#1864ab',
  '#c92a2a',
  '#087f5b',
  '#862e9c',
  '#b45309',
  '#be185d',
  '#4d7c0f',
  '#364fc7',
  '#0b7285',
  '#8d5524',
  '#5f3dc4',
  '#c2410c',
  '#166534',
  '#9f1239',
  '#495057',
  '#1d3557',
  '#0f766e',
  '#6b21a8',
  '#7c2d12',
  '#a61e4d',
] as const;

export interface PresentColor {
  clientId: number;
  color: string;
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * The colour this client shows, given its preference, the colour it shows now and the colours of the
 * others present. The preference wins when nobody else shows it. Otherwise the client keeps what it
 * shows unless a client with a smaller id shows that too; then it moves to the first colour nobody
 * shows. So of clients on one colour the smallest id stays and only the others move, and clients that
 * moved together (seeing the same colours at once) separate in the next round instead of moving in step.
 */
export function pickPresenceColor(
  preferred: string,
  current: string,
  selfId: number,
  others: readonly PresentColor[],
): string {
  const shown = (color: string): boolean => others.some((o) => same(o.color, color));
  if (!shown(preferred)) return preferred;
  if (!others.some((o) => o.clientId < selfId && same(o.color, current))) return current;
  const free = PRESENCE_COLORS.find((c) => !shown(c));
  // More people than colours: share one, chosen by id so neighbours in the list still differ.
  return free ?? PRESENCE_COLORS[selfId % PRESENCE_COLORS.length] ?? preferred;
}

/** WCAG contrast ratio of `#rrggbb` against white. */
export function contrastWithWhite(hex: string): number {
  const channel = (i: number): number => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}
