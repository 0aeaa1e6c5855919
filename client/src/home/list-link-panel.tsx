import { useId, useRef } from 'react';
import { Check, CloudUpload, Copy } from 'lucide-react';
import { useTranslation } from '../i18n/use-translation';
import { listUrl, type ListLink } from '../lib/my-documents';
import { useCopyLink } from '../lib/use-copy-link';

/**
 * Without a list link: why the list is at risk and the button that keeps it on the server (the only way
 * anything of it leaves the browser). With one: the link and its Copy button.
 */
export function ListLinkPanel({ link, busy, onKeep }: { link: ListLink | null; busy: boolean; onKeep: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const url = link ? listUrl(link) : '';
  const input = useRef<HTMLInputElement>(null);
  const { state: copy, copy: copyLink } = useCopyLink(url, input);

  if (!link) {
    return (
      <section className="list-link" aria-labelledby={`${id}-title`}>
        <p id={`${id}-title`} className="list-link-help">
          {t('home.link.localHelp')}
        </p>
        <button type="button" className="list-link-keep" disabled={busy} onClick={onKeep}>
          <CloudUpload size={18} aria-hidden="true" />
          {busy ? t('home.link.keeping') : t('home.link.keep')}
        </button>
      </section>
    );
  }

  return (
    <section className="list-link" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="list-link-title">
        {t('home.link.title')}
      </h2>
      <p className="list-link-help">{t('home.link.help')}</p>
      <div className="list-link-row">
        <input
          ref={input}
          readOnly
          value={url}
          aria-labelledby={`${id}-title`}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" aria-label={t('home.link.copyLabel')} onClick={copyLink}>
          {copy === 'copied' ? <Check size={18} aria-hidden="true" /> : <Copy size={18} aria-hidden="true" />}
          <span>{copy === 'copied' ? t('home.link.copied') : t('home.link.copy')}</span>
        </button>
      </div>
      <p className="list-link-status" role="status">
        {copy === 'copied' ? t('home.link.copiedLink') : copy === 'manual' ? t('home.link.copyManually') : ''}
      </p>
    </section>
  );
}
