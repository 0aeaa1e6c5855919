import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadPage } from './app';
import { openSessionForLocation } from './editor/collab/use-collab-session';
import { initI18n } from './i18n/setup';
import './styles/app.css';

const root = document.getElementById('root');
openSessionForLocation();
preloadPage(window.location.pathname);
// German strings are a separate chunk: the first render waits for them only when German is shown.
void initI18n().then(() => {
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
