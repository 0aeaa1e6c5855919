import { useEffect, useState } from 'react';
import { Share2 } from 'lucide-react';
import { useTranslation } from '../i18n/use-translation';
import { chunk, Dialog, FailedNotice, preloadRadixKit } from '../editor/core/lazy';
import { Icon } from '../editor/ui/icon';
import './share-button.css';

// The dialog's content is a chunk of its own: the header shows only the button at first paint. It is
// fetched once the author pauses (so sharing works offline too), or earlier on hover or focus of Share.
const content = chunk(() => import('./share-dialog-content'));

/** The pointer or the focus reached the button: a click is likely, fetch the dialog's code (and Radix's). */
function preload(): void {
  void preloadRadixKit();
  void content.preload();
}

/** The header's Share button; its dialog opens once the content's code is there. */
export function ShareDialog({ docId, token }: { docId: string; token: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(() => {
    const Content = content.loaded()?.ShareDialogContent;
    return Content ? { Content } : null;
  });
  useEffect(() => content.preloadWhenIdle(), []);
  const openChange = (next: boolean): void => {
    setFailed(false);
    if (!next || loaded) return setOpen(next);
    content.load().then(
      ({ ShareDialogContent: Content }) => {
        setLoaded({ Content });
        setOpen(true);
      },
      (error: unknown) => {
        console.error('[tandem] the share dialog could not be loaded', error);
        setFailed(true);
      },
    );
  };
  return (
    <Dialog.Root open={open} onOpenChange={openChange}>
      <Dialog.Trigger asChild>
        <button type="button" className="share-button" onPointerEnter={preload} onFocus={preload}>
          <Icon of={Share2} />
          <span>{t('share.button')}</span>
        </button>
      </Dialog.Trigger>
      {loaded && <loaded.Content docId={docId} token={token} open={open} />}
      {failed && <FailedNotice onDismiss={() => setFailed(false)} />}
    </Dialog.Root>
  );
}
