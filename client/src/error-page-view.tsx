import { useTranslation } from './i18n/use-translation';
import { navigate } from './lib/router';

import type { ErrorPageProps } from './error-page';
import { errorPageStrings } from './error-page.strings';
import { connectionProblemStrings } from './document-page/connection-problems.strings';

/** English strings of this chunk (editor/core/lazy adds them when it arrives). */
export const strings = { errorPage: errorPageStrings, connection: connectionProblemStrings };

/** A full page in the app's frame for a state the editor cannot open from: what happened, what to do, a way home. */
export default function ErrorPageView({ kind, detail, detailKey, children }: ErrorPageProps) {
  const { t } = useTranslation();
  return (
    <section className="error-page" data-kind={kind} aria-labelledby="error-page-title">
      <h1 id="error-page-title">{t(`errorPage.${kind}.title`)}</h1>
      <p role="alert">{detail ?? t(detailKey ?? `errorPage.${kind}.text`)}</p>
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
