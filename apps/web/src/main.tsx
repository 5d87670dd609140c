import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage, preloadPageData } from './app/router';
import { queryClient } from './lib/query-client';
import './shop.css';

/**
 * How long the app's first render waits for the first page's data (decision 076). The page on
 * screen meanwhile is the server's shell; a signed-in page's HTML asked for the data beside the
 * code (decision 038), so it is usually there first. A slower answer is drawn when it comes.
 */
const FIRST_DATA_WAIT_MS = 1500;

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
// The first page's code first (its file is preloaded by the page's HTML), so that the first render
// draws the page itself, not its skeleton and then the page (decision 042), and the data its first
// render draws (decision 076), so that it is drawn once, not once empty and again with each
// answer. The page on screen until then is the server's shell, so that render need not block the
// main thread either: as a transition it yields to the browser every few milliseconds (decision 035).
// The first page is looked up in a task of its own (a first match ranks every route), after the
// entry's evaluation, a long task on a phone already (decision 076).
void new Promise((resolve) => setTimeout(resolve, 0))
  .then(() => preloadPage(window.location))
  .then(() =>
    Promise.race([
      preloadPageData(window.location, queryClient),
      new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS)),
    ]),
  )
  .then(() => {
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  });
