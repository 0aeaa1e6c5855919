import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { safeShapes, type IconDrawings } from '@shared/document/icons/icon-svg';
import { readIconAttrs, type IconAttrs } from '@shared/document/model/icon-model';
import { Tabs } from '../../editor/core/lazy';
import { CharGrid } from '../../editor/ui/char-grid';
import { useTranslation } from '../../i18n/use-translation';
import {
  buildIconCatalog,
  CATEGORY_ICONS,
  iconCategoryIds,
  iconLabel,
  searchIcons,
  type CatalogIcon,
  type IconCatalog,
  type IconCategory,
  type IconLanguage,
} from './icon-catalog';
import { iconPickerStrings } from './icons.strings';
import { loadIconArt, peekIconArt } from './icons.data';
import { pushRecentIcon, readRecentIcons } from './recent-icons';
import './icon-picker.css';

export const strings = { icons: iconPickerStrings };

/** The sizes offered besides the text's own. */
const SIZES = ['16px', '24px', '32px', '48px'] as const;
/** How many of the deployment's colours the picker offers (one row with the text colour). */
const MAX_COLORS = 12;

/** An icon's drawing as React SVG (decorative: the button around it carries the name). */
function IconSvg({ drawings, name }: { drawings: IconDrawings; name: string }) {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {safeShapes(drawings[name] ?? []).map(([Tag, attrs], i) => (
        <Tag key={i} {...attrs} />
      ))}
    </svg>
  );
}

interface Loaded {
  drawings: IconDrawings;
  catalog: IconCatalog;
}

/** The drawings and the catalog (built once per picker from the set's names and both languages' category names). */
function useIconData(): { loaded: Loaded | null; failed: boolean } {
  const { t } = useTranslation();
  const [drawings, setDrawings] = useState<IconDrawings | undefined>(() => peekIconArt()?.drawings);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (drawings) return;
    let live = true;
    loadIconArt().then(
      (loaded) => live && setDrawings(loaded.drawings),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [drawings]);
  const loaded = useMemo(() => {
    if (!drawings) return null;
    const names = Object.fromEntries(
      iconCategoryIds.map((id) => [id, [iconPickerStrings.categories[id], t(`icons.categories.${id}`)]]),
    ) as Record<IconCategory, string[]>;
    return { drawings, catalog: buildIconCatalog(Object.keys(drawings), names) };
  }, [drawings, t]);
  return { loaded, failed };
}

interface Props {
  language: IconLanguage;
  /** The deployment's text colours. */
  colors: readonly string[];
  /** The selected icon's attributes: colour and size then change it, a pick replaces it. */
  selected: Readonly<Record<string, unknown>> | null;
  /** Inserts the icon; true when it went in (it is then remembered as recently used). */
  onPick: (attrs: IconAttrs) => boolean;
  onRestyle: (patch: Partial<IconAttrs>) => void;
}

/** The icon picker of the "Insert Icon" popup: search, colour and size, category tabs, grid. */
export function IconPickerPanel({ language, colors, selected, onPick, onRestyle }: Props) {
  const { t } = useTranslation();
  const { loaded, failed } = useIconData();
  const initial = selected ? readIconAttrs(selected) : null;
  const [color, setColor] = useState<string | null>(initial?.color ?? null);
  const [size, setSize] = useState<string | null>(initial?.size ?? null);
  const [recent] = useState(() => readRecentIcons());
  const [tab, setTab] = useState<IconCategory | 'recent'>(recent.length > 0 ? 'recent' : 'arrows');
  const [query, setQuery] = useState('');
  const root = useRef<HTMLDivElement>(null);

  const restyle = (patch: Partial<IconAttrs>): void => {
    if ('color' in patch) setColor(patch.color ?? null);
    if ('size' in patch) setSize(patch.size ?? null);
    if (selected) onRestyle(patch);
  };

  // ArrowDown from the search field goes to the grid.
  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key !== 'ArrowDown') return;
    const cell = root.current?.querySelector<HTMLButtonElement>('.char-grid-cell[tabindex="0"]');
    if (!cell) return;
    event.preventDefault();
    cell.focus();
  };

  const grid = (icons: readonly CatalogIcon[] | readonly string[], label: string, key?: string) =>
    loaded && (
      <CharGrid
        key={key}
        items={icons.map((icon) => {
          const name = typeof icon === 'string' ? icon : icon.name;
          return { char: name, label: iconLabel(name, language) };
        })}
        label={label}
        onPick={(name) => {
          if (onPick({ name, color, size })) pushRecentIcon(name);
        }}
        render={(item) => <IconSvg drawings={loaded.drawings} name={item.char} />}
      />
    );

  const results = loaded && query.trim() ? searchIcons(loaded.catalog, query) : null;
  const tabLabel = (id: IconCategory | 'recent'): string =>
    id === 'recent' ? t('icons.recent') : t(`icons.categories.${id}`);

  return (
    <div className="char-picker icon-picker" ref={root}>
      <input
        type="search"
        className="char-picker-search"
        aria-label={t('icons.search')}
        placeholder={t('icons.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onSearchKey}
      />
      <div className="icon-picker-style">
        <div role="group" aria-label={t('icons.color')} className="icon-picker-colors">
          {[null, ...colors.slice(0, MAX_COLORS)].map((c) => (
            <button
              key={c ?? 'default'}
              type="button"
              className="icon-picker-swatch"
              style={c ? { background: c } : undefined}
              aria-pressed={color === c}
              aria-label={c ?? t('icons.defaultColor')}
              title={c ?? t('icons.defaultColor')}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => restyle({ color: c })}
            />
          ))}
        </div>
        <select
          className="icon-picker-size"
          aria-label={t('icons.size')}
          value={size ?? ''}
          onChange={(e) => restyle({ size: e.target.value || null })}
        >
          <option value="">{t('icons.defaultSize')}</option>
          {SIZES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      {selected && <p className="icon-picker-note">{t('icons.editing')}</p>}
      {!loaded && (
        <p className="char-picker-empty" role={failed ? 'alert' : 'status'}>
          {t(failed ? 'icons.failed' : 'icons.loading')}
        </p>
      )}
      {results &&
        (results.length > 0 ? (
          <div className="icon-picker-grid">{grid(results, t('icons.results'), query)}</div>
        ) : (
          <p className="char-picker-empty" role="status">
            {t('icons.noResults')}
          </p>
        ))}
      {loaded && !results && (
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value as IconCategory | 'recent')}>
          <Tabs.List className="char-picker-tabs icon-picker-tabs" aria-label={t('icons.label')}>
            {(['recent', ...iconCategoryIds] as const).map((id) => (
              <Tabs.Trigger
                key={id}
                value={id}
                className="char-picker-tab icon-picker-tab"
                aria-label={tabLabel(id)}
                title={tabLabel(id)}
              >
                <IconSvg drawings={loaded.drawings} name={CATEGORY_ICONS[id]} />
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <p className="icon-picker-heading" aria-hidden="true">
            {tabLabel(tab)}
          </p>
          <Tabs.Content value="recent" className="icon-picker-grid">
            {recent.length > 0 ? (
              grid(recent, t('icons.recent'))
            ) : (
              <p className="char-picker-empty">{t('icons.noRecent')}</p>
            )}
          </Tabs.Content>
          {iconCategoryIds.map((id) => (
            <Tabs.Content key={id} value={id} className="icon-picker-grid">
              {grid(loaded.catalog.byCategory[id], t(`icons.categories.${id}`))}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
    </div>
  );
}

export default IconPickerPanel;
