import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { InsertItem } from '../../editor/core/capability';
import { Icon } from '../../editor/ui/icon';

interface Props {
  id: string;
  items: InsertItem[];
  active: number;
  onActive: (index: number) => void;
  onPick: (item: InsertItem) => void;
}

/** The list of both insert menus: options with a highlighted one, or the "No results" message. */
export function InsertList({ id, items, active, onActive, onPick }: Props) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  if (items.length === 0) {
    return (
      <p className="quick-insert-empty" role="status">
        {t('quickInsert.noResults')}
      </p>
    );
  }
  return (
    <div ref={listRef} id={id} role="listbox" aria-label={t('quickInsert.menu')} className="quick-insert-list">
      {items.map((item, index) => (
        <div
          key={item.id}
          id={`${id}-${item.id}`}
          role="option"
          aria-selected={index === active}
          data-entry={item.id}
          className="quick-insert-option"
          // Keep the focus where it is (the editor or the filter field).
          onMouseDown={(e) => e.preventDefault()}
          onMouseEnter={() => onActive(index)}
          onClick={() => onPick(item)}
        >
          <Icon of={item.icon} className="quick-insert-icon" />
          <span>{t(item.labelKey)}</span>
        </div>
      ))}
    </div>
  );
}
