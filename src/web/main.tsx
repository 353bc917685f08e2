import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { Providers } from './app/providers.js';
import { loadLanguage } from './lib/i18n/index.js';
import { getPrefs } from './store/prefs.js';
import './app/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
const render = (el: HTMLElement) =>
  createRoot(el).render(
    <StrictMode>
      <Providers>
        <App />
      </Providers>
    </StrictMode>,
  );
// Korean ships with the first load; a browser set to English waits for its words (one small chunk) so the
// first paint is already in English. If that fetch fails the screen shows Korean rather than nothing.
const lang = getPrefs().language;
if (lang === 'ko') render(root);
else
  void loadLanguage(lang)
    .catch(() => undefined)
    .then(() => render(root));
