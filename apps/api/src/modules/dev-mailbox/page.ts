import type { MailboxMessage } from '@gvm/contract';
import { escapeHtml } from '../../adapters/mail/templates';
import { mailboxLimit } from './service';

/** The dev mailbox as a page: plain, readable, no script (the app's CSP allows inline styles). */
export function renderMailboxPage(messages: MailboxMessage[], to: string | undefined): string {
  const items = messages.map(renderMessage).join('\n');
  const filter = to ? ` to ${escapeHtml(to)}` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>
  body { margin: 0; font-family: system-ui, sans-serif; color: #18181b; background: #f4f4f5; }
  main { max-width: 860px; margin: 0 auto; padding: 24px 16px; }
  h1 { font-size: 24px; margin: 0 0 4px; }
  .lead { margin: 0 0 16px; color: #52525b; }
  form { display: flex; gap: 8px; margin: 0 0 24px; flex-wrap: wrap; }
  label { align-self: center; font-weight: 600; }
  input { flex: 1 1 240px; padding: 8px 10px; font: inherit; border: 1px solid #a1a1aa; border-radius: 6px; }
  button, .reset { padding: 8px 14px; font: inherit; border-radius: 6px; border: 1px solid #be123c; }
  button { background: #be123c; color: #fff; cursor: pointer; }
  .reset { color: #be123c; background: #fff; text-decoration: none; }
  article { background: #fff; border: 1px solid #e4e4e7; border-radius: 10px; padding: 16px; margin: 0 0 16px; }
  h2 { font-size: 18px; margin: 0 0 8px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 12px; font-size: 14px; }
  dt { font-weight: 600; color: #3f3f46; }
  dd { margin: 0; }
  pre { white-space: pre-wrap; word-break: break-word; margin: 0; padding: 12px; background: #fafafa; border-radius: 6px; font-size: 14px; }
</style>
</head>
<body>
<main>
<h1>Dev mailbox</h1>
<p class="lead">The ${mailboxLimit} most recent e-mails${filter}, newest first. Only outside production.</p>
<form method="get" action="/dev/mailbox" role="search">
<label for="to">Recipient</label>
<input id="to" name="to" type="email" placeholder="Filter by recipient" value="${escapeHtml(to ?? '')}">
<button type="submit">Filter</button>
<a class="reset" href="/dev/mailbox">Show all</a>
</form>
${items || '<p>No e-mails yet.</p>'}
</main>
</body>
</html>
`;
}

function renderMessage(message: MailboxMessage): string {
  return `<article>
<h2>${escapeHtml(message.subject)}</h2>
<dl>
<dt>To</dt><dd>${escapeHtml(message.to)}</dd>
<dt>Queued</dt><dd><time datetime="${message.createdAt}">${message.createdAt.replace('T', ' ').slice(0, 19)} UTC</time></dd>
<dt>Status</dt><dd>${escapeHtml(message.status)}</dd>
</dl>
<pre>${escapeHtml(message.text)}</pre>
</article>`;
}
