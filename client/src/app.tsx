import { useEffect } from 'react';
import { useTranslation } from './i18n/use-translation';
import { composition } from './capabilities';
import { EditorPage } from './document-page/editor-page';
import { Lazy, preloadPart, whenIdle, type LazyPart } from './editor/core/lazy';
import { ErrorPage, preloadErrorPage } from './error-page';
import { LANGUAGES, setLanguage, type Language } from './i18n/setup';
import { matchRoute, navigate, usePathname } from './lib/router';

// The home page (and its import button) is its own chunk: the editor page, the critical path, stays in
// the first load without it.
const homePage: LazyPart<object> = { ui: () => import('./home/home-page') };

/** Starts fetching the page's own chunk for a location before the first render (the home page's). */
export function preloadPage(pathname: string): void {
  const { name } = matchRoute(pathname);
  if (name === 'home' || name === 'list') void preloadPart(homePage);
}

export function App() {
  const { t, i18n } = useTranslation();
  const route = matchRoute(usePathname());
  // A "My documents" link (`/l/:id`) opens the home page, which adopts the list.
  const onHome = route.name === 'home' || route.name === 'list';
  const away = !onHome;
  // Fetched once the author pauses, so the way home (the app name, an error page's link) works offline too.
  useEffect(() => (away ? whenIdle(() => void preloadPart(homePage)) : undefined), [away]);
  // The error pages too (a connection lost later shows one even when the server is gone by then).
  useEffect(() => whenIdle(() => void preloadErrorPage()), []);
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
      {onHome && <Lazy part={homePage} />}
      {route.name === 'document' && <EditorPage key={route.docId} docId={route.docId} composition={composition} />}
      {route.name === 'not-found' && <ErrorPage kind="pageNotFound" />}
    </div>
  );
}
