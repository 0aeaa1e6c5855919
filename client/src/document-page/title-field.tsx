import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import type * as Y from 'yjs';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { readTitle } from '@shared/document/yjs/ydoc-title';
import { DocumentLimits } from '@shared/limits';
import { partComponent } from '../editor/core/lazy';
import type { TitlePopupProps } from './title-popup';

// Only deployments with `editInPopup` show it: fetched when the title first renders that way.
const TitlePopup = partComponent<TitlePopupProps>({ ui: () => import('./title-popup'), placement: 'floating' });

/** The document title, shared live through the Y.Doc's meta map. */
export function TitleField({
  doc,
  readOnly,
  inPopup = false,
  onTitle,
}: {
  doc: Y.Doc;
  readOnly: boolean;
  /** Edit in popup (operator option `editInPopup`): the title is text that opens one field to change it. */
  inPopup?: boolean;
  onTitle: (t: string) => void;
}) {
  const { t } = useTranslation();
  const meta = doc.getMap<unknown>(YDocKeys.meta);
  const [title, setTitle] = useState(() => readTitle(doc));
  useEffect(() => {
    const observer = (): void => {
      const value = readTitle(doc);
      setTitle(value);
      onTitle(value);
    };
    meta.observe(observer);
    observer();
    return () => meta.unobserve(observer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- meta is derived from doc
  }, [doc]);
  const write = (value: string): void => {
    setTitle(value);
    doc.transact(() => meta.set(YDocKeys.titleKey, value));
  };
  if (inPopup && !readOnly) return <TitlePopup title={title} onApply={write} />;
  return (
    <input
      className="title-input"
      aria-label={t('editor.titleLabel')}
      placeholder={t('editor.titlePlaceholder')}
      value={title}
      maxLength={DocumentLimits.maxTitleChars}
      readOnly={readOnly}
      onChange={(e) => write(e.target.value)}
    />
  );
}
