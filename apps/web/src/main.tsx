import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
// The page on screen is the server's shell until React's first render replaces it, so that render
// need not block the main thread: as a transition it yields to the browser every few milliseconds
// (decision 035).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
