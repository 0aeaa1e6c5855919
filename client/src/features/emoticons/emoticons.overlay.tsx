import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Tabs } from '../../editor/core/lazy';
import { useTranslation } from '../../i18n/use-translation';
import { CharGrid } from '../../editor/ui/char-grid';
import {
  emojiCategoryIds,
  loadEmojiData,
  peekEmojiData,
  searchEmoji,
  type Emoji,
  type EmojiCategory,
  type EmojiData,
  type EmojiLanguage,
} from './emoticons.data';
import { emojiFontReady } from '../../lib/emoji-font';

const toItems = (emojis: readonly Emoji[]) => emojis.map((e) => ({ char: e.char, label: e.label }));

/** The emoji picker of the "Emoticons" popup: search field, category tabs, grid. */
export function Picker({ language, onPick }: { language: EmojiLanguage; onPick: (char: string) => void }) {
  const { t } = useTranslation();
  // Shown at once only when already loaded in this session (its fonts were loaded with it).
  const [data, setData] = useState<EmojiData | undefined>(() => peekEmojiData(language));
  const [failed, setFailed] = useState(false);
  const [category, setCategory] = useState<EmojiCategory>('smileysPeople');
  const [query, setQuery] = useState('');
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (data) return;
    let live = true;
    loadEmojiData(language)
      .then(async (loaded) => {
        await emojiFontReady(loaded.all.map((e) => e.char).join(''));
        return loaded;
      })
      .then(
        (loaded) => live && setData(loaded),
        () => live && setFailed(true),
      );
    return () => {
      live = false;
    };
  }, [data, language]);

  // ArrowDown from the search field goes to the grid.
  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key !== 'ArrowDown') return;
    const cell = root.current?.querySelector<HTMLButtonElement>('.char-grid-cell[tabindex="0"]');
    if (!cell) return;
    event.preventDefault();
    cell.focus();
  };

  const results = data && query.trim() ? searchEmoji(data, query) : null;
  const status = failed ? t('emoticons.failed') : !data ? t('emoticons.loading') : null;

  return (
    <div className="char-picker" ref={root}>
      <input
        type="search"
        className="char-picker-search"
        aria-label={t('emoticons.search')}
        placeholder={t('emoticons.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onSearchKey}
      />
      <Tabs.Root
        value={category}
        onValueChange={(value) => {
          setCategory(value as EmojiCategory);
          setQuery('');
        }}
      >
        <Tabs.List className="char-picker-tabs" aria-label={t('emoticons.label')}>
          {emojiCategoryIds.map((id) => (
            <Tabs.Trigger key={id} value={id} className="char-picker-tab">
              {t(`emoticons.categories.${id}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {status && (
          <p className="char-picker-empty" role={failed ? 'alert' : 'status'}>
            {status}
          </p>
        )}
        {results &&
          (results.length > 0 ? (
            <CharGrid key={query} items={toItems(results)} label={t('emoticons.results')} onPick={onPick} />
          ) : (
            <p className="char-picker-empty" role="status">
              {t('emoticons.noResults')}
            </p>
          ))}
        {data &&
          !results &&
          emojiCategoryIds.map((id) => (
            <Tabs.Content key={id} value={id}>
              <CharGrid items={toItems(data.byCategory[id])} label={t(`emoticons.categories.${id}`)} onPick={onPick} />
            </Tabs.Content>
          ))}
      </Tabs.Root>
    </div>
  );
}

export default Picker;
