import type { ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ChevronDown } from 'lucide-react';

/** What a toolbar button, menu entry or popup button draws: an SVG icon (Lucide or built from Lucide). */
export type IconComponent = ComponentType<{ size?: number; strokeWidth?: number; className?: string }>;

/** One size and stroke for every icon, so the toolbar and the popups have the same visual weight. */
export const ICON_SIZE_PX = 18;
const STROKE = 2;
/** The small chevron of buttons that open a menu. */
export const MENU_CHEVRON_PX = 12;

/** Draws an icon at the common size; always decorative (the button carries the accessible name). */
export function Icon({ of: Of, className }: { of: IconComponent; className?: string }) {
  return (
    <span className={`icon${className ? ` ${className}` : ''}`} aria-hidden="true">
      <Of size={ICON_SIZE_PX} strokeWidth={STROKE} />
    </span>
  );
}

/** An icon with a small chevron after it: for buttons that open a menu of variants (list types). */
export function withChevron(Of: IconComponent): IconComponent {
  function IconWithChevron({ size = ICON_SIZE_PX, strokeWidth = STROKE }: { size?: number; strokeWidth?: number }) {
    return (
      <span className="icon-with-chevron">
        <Of size={size} strokeWidth={strokeWidth} />
        <ChevronDown size={MENU_CHEVRON_PX} strokeWidth={strokeWidth} className="icon-chevron" />
      </span>
    );
  }
  return IconWithChevron;
}

const markupCache = new Map<IconComponent, string>();

/**
 * The icon's SVG markup, for node views that build plain DOM (rendered once per icon with React and
 * cached; the markup is ours, never user input).
 */
export function iconMarkup(Of: IconComponent): string {
  const cached = markupCache.get(Of);
  if (cached !== undefined) return cached;
  const host = document.createElement('span');
  const root = createRoot(host);
  flushSync(() => root.render(<Of size={ICON_SIZE_PX} strokeWidth={STROKE} />));
  const markup = host.innerHTML;
  root.unmount();
  markupCache.set(Of, markup);
  return markup;
}
