import { useState } from 'react';
import { DocumentLimits } from '@shared/limits';
import { Popover } from '../editor/core/lazy';
import { TextPopupField } from '../editor/ui/text-popup-field';
import { useTranslation } from '../i18n/use-translation';
import './title-popup.css';

export interface TitlePopupProps {
  title: string;
  onApply: (title: string) => void;
}

/**
 * The document title edited in a popup (operator option `editInPopup`, FROALA-REFERENCE §13): the title is
 * shown as text; a click opens one pre-filled field with Update. Enter applies, Escape closes with nothing
 * changed, an empty title shows the placeholder.
 */
export function TitlePopup({ title, onApply }: TitlePopupProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button type="button" className="title-input title-popup-trigger" aria-label={t('editor.titleLabel')}>
          {title || <span className="title-popup-placeholder">{t('editor.titlePlaceholder')}</span>}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="toolbar-popup title-popup"
          side="bottom"
          align="start"
          sideOffset={6}
          collisionPadding={8}
          aria-label={t('editor.titleLabel')}
        >
          <TextPopupField
            label={t('editor.titleLabel')}
            applyLabel={t('editor.titleUpdate')}
            initial={title}
            placeholder={t('editor.titlePlaceholder')}
            maxLength={DocumentLimits.maxTitleChars}
            onApply={(value) => {
              onApply(value);
              setOpen(false);
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

export default TitlePopup;
