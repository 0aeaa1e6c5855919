import type { ReactNode } from 'react';
import { useTranslation } from './i18n/use-translation';
import { navigate } from './lib/router';

export type ErrorPageKind =
  | 'pageNotFound'
  | 'invalidDocId'
  | 'docNotFound'
  | 'docDeleted'
  | 'badToken'
  | 'noToken'
  | 'readOnly'
  | 'failed'
  | 'cannotConnect';

interface Props {
  kind: ErrorPageKind;
  /** Replaces the page's own explanation (a server's message, the connection diagnosis). */
  detail?: string;
  /** Extra actions before the way home (Retry). */
  children?: ReactNode;
}

/** A full page in the app's frame for a state the editor cannot open from: what happened, what to do, a way home. */
export function ErrorPage({ kind, detail, children }: Props) {
  const { t } = useTranslation();
  return (
    <section className="error-page" data-kind={kind} aria-labelledby="error-page-title">
      <h1 id="error-page-title">{t(`errorPage.${kind}.title`)}</h1>
      <p role="alert">{detail ?? t(`errorPage.${kind}.text`)}</p>
      <p className="error-page-hint">{t(`errorPage.${kind}.hint`)}</p>
      <div className="error-page-actions">
        {children}
        <a
          href="/"
          className="error-page-home"
          onClick={(e) => {
            e.preventDefault();
            navigate('/');
          }}
        >
          {t('errorPage.home')}
        </a>
      </div>
    </section>
  );
}
