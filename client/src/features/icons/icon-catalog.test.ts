import { describe, expect, it } from 'vitest';
import { LUCIDE_NAMES } from '@shared/document/icons/lucide-names';
import { registerLucideNames } from '@shared/document/icons/lucide-icon-set';
import { iconPickerStrings } from './icons.strings';
import de from '../../i18n/locales/de/icons.json';
import {
  buildIconCatalog,
  CATEGORY_ICONS,
  fold,
  iconCategoryIds,
  iconLabel,
  searchIcons,
  type IconCategory,
} from './icon-catalog';
import { pushRecentIcon, readRecentIcons, RECENT_ICONS_MAX } from './recent-icons';

const names = LUCIDE_NAMES.split(' ');
const categoryNames = Object.fromEntries(
  iconCategoryIds.map((id) => [id, [iconPickerStrings.categories[id], de.categories[id]]]),
) as Record<IconCategory, string[]>;
const catalog = buildIconCatalog(names, categoryNames);
const found = (query: string): string[] => searchIcons(catalog, query).map((i) => i.name);

describe('the icon catalog', () => {
  it('finds icons by English name and keyword, best match first', () => {
    expect(found('house')[0]).toBe('house');
    expect(found('home')).toContain('house');
    expect(found('delete')).toContain('trash');
    expect(found('arrow left')).toContain('arrow-left');
    expect(found('arrow-left')[0]).toBe('arrow-left');
    expect(found('xyzzy')).toEqual([]);
  });

  it('finds icons by German keyword, with or without umlauts, and by category name', () => {
    expect(found('Haus')).toContain('house');
    expect(found('Herz')).toContain('heart');
    expect(found('Schlüssel')).toContain('key');
    expect(found('schlussel')).toContain('key');
    expect(found('Pfeil links')).toContain('arrow-left');
    expect(found('Wetter')).toContain('cloud-rain');
    expect(found('Einkaufswagen')).toContain('shopping-cart');
  });

  it('puts the common icons into categories, none empty', () => {
    for (const id of iconCategoryIds) expect(catalog.byCategory[id].length, id).toBeGreaterThan(3);
    expect(catalog.byCategory.arrows.map((i) => i.name)).toContain('arrow-right');
    expect(catalog.byCategory.nature.map((i) => i.name)).toContain('sun');
    // Each tab shows an icon of the set.
    for (const icon of Object.values(CATEGORY_ICONS)) expect(names, icon).toContain(icon);
  });

  it('names icons in German when every word is known, else in English', () => {
    expect(iconLabel('house', 'de')).toBe('Haus');
    expect(iconLabel('arrow-left', 'de')).toBe('Pfeil links');
    expect(iconLabel('arrow-left', 'en')).toBe('Arrow left');
    expect(iconLabel('git-pull-request-draft', 'de')).toBe('Git pull request draft');
    expect(fold('Größe')).toBe('grosse');
  });
});

describe('recently used icons', () => {
  it('keeps the newest valid names once each, per browser', () => {
    // As in the browser once the set's names have loaded.
    registerLucideNames();
    const storage = new Map<string, string>();
    const fake = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    } as unknown as Storage;
    pushRecentIcon('house', fake);
    pushRecentIcon('heart', fake);
    expect(pushRecentIcon('house', fake)).toEqual(['house', 'heart']);
    expect(pushRecentIcon('not-an-icon-name', fake)).toEqual(['house', 'heart']);
    for (const name of names.slice(0, RECENT_ICONS_MAX + 5)) pushRecentIcon(name, fake);
    expect(readRecentIcons(fake)).toHaveLength(RECENT_ICONS_MAX);
    storage.set('tandem.icons.recent', '{"broken"');
    expect(readRecentIcons(fake)).toEqual([]);
  });
});
