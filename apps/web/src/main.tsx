import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/router';
import './shop.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
// The first page's code first (its file is preloaded by the page's HTML), so that the first render
// draws the page itself, not its skeleton and then the page (decision 042). The page on screen
// until then is the server's shell, so that render need not block the main thread either: as a
// transition it yields to the browser every few milliseconds (decision 035).
void preloadPage(window.location).then(() => {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
