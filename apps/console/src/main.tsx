import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { OpsApp } from './app/app';
import './index.css';

/**
 * The operator console's entry (ops.html, decisions 052 and 069): an app of its own, which the
 * server sends for every /ops address, so that none of the console is in the shop's entry or its
 * first loads.
 */
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <OpsApp />
  </StrictMode>,
);
