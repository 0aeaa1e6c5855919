import { useTranslation } from 'react-i18next';
import { EditorPage } from './editor/editor-page';
import { ErrorPage } from './error-page';
import { HomePage } from './home/home-page';
import { LANGUAGES, setLanguage, type Language } from './i18n/setup';
import { matchRoute, navigate, usePathname } from './lib/router';

export function App() {
  const { t, i18n } = useTranslation();
  const route = matchRoute(usePathname());
  return (
    <div className="app">
      <nav className="app-bar">
        <a
          href="/"
          className="app-name"
          onClick={(e) => {
            e.preventDefault();
            navigate('/');
          }}
        >
          {t('app.name')}
        </a>
        <label className="language">
          <span>{t('app.language')}</span>
          <select
            value={i18n.resolvedLanguage ?? 'en'}
            onChange={(e) => void setLanguage(i18n, e.target.value as Language)}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {l === 'en' ? 'English' : 'Deutsch'}
              </option>
            ))}
          </select>
        </label>
      </nav>
      {route.name === 'home' && <HomePage />}
      {route.name === 'document' && <EditorPage key={route.docId} docId={route.docId} />}
      {route.name === 'not-found' && <ErrorPage kind="pageNotFound" />}
    </div>
  );
}
