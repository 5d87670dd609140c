import { devMailboxEndpoints, type MailboxMessage, successSchema } from '@gvm/contract';
import type { APIRequestContext } from '@playwright/test';

export interface ReadMailOptions {
  /** Only a message whose subject matches. */
  subject?: RegExp;
  /** Only a message queued at or after this moment (e.g. taken just before the action). */
  after?: Date;
  /** How long to wait for a matching message; 10 seconds by default. */
  timeoutMs?: number;
}

const pollIntervalMs = 200;
const messagesEndpoint = devMailboxEndpoints.messages;

/**
 * The newest e-mail to `to` (matching the options) from the app's dev mailbox, waiting for it to
 * arrive. Every e-mail is queued in the outbox and listed there, so a test sees it as soon as the
 * request that caused it has committed.
 */
export async function readLatestMail(
  request: APIRequestContext,
  to: string,
  options: ReadMailOptions = {},
): Promise<{ subject: string; text: string; html: string }> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const response = await request.get(messagesEndpoint.path, { params: { to } });
    if (!response.ok()) {
      throw new Error(`GET ${messagesEndpoint.path} answered ${response.status()}: ${await response.text()}`);
    }
    const { messages } = successSchema(messagesEndpoint).parse(await response.json());
    const match = messages.find((message) => matches(message, options));
    if (match) return { subject: match.subject, text: match.text, html: match.html };
    if (Date.now() >= deadline) {
      const seen = messages.map((message) => `"${message.subject}" at ${message.createdAt}`).join(', ');
      throw new Error(
        `No e-mail to ${to}${options.subject ? ` with subject ${options.subject}` : ''}` +
          `${options.after ? ` after ${options.after.toISOString()}` : ''} arrived in time` +
          ` (mailbox for ${to}: ${seen || 'empty'})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, pollIntervalMs));
  }
}

function matches(message: MailboxMessage, options: ReadMailOptions): boolean {
  if (options.subject && !options.subject.test(message.subject)) return false;
  // The server runs on the test's machine, so both clocks agree; createdAt is the enqueue time.
  if (options.after && new Date(message.createdAt).getTime() < options.after.getTime()) return false;
  return true;
}

/** The 6-digit code an e-mail carries (a sign-in code). Throws when there is none. */
export function extractCode(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`No 6-digit code in the e-mail:\n${text}`);
  return match[1];
}

/**
 * The first link in an e-mail whose path starts with `pathPrefix` (e.g. '/verify/'), as a path
 * plus query, ready for `page.goto`. Throws when there is none.
 */
export function extractLink(text: string, pathPrefix: string): string {
  for (const [candidate] of text.matchAll(/https?:\/\/[^\s<>"')]+/g)) {
    const url = new URL(candidate);
    if (url.pathname.startsWith(pathPrefix)) return `${url.pathname}${url.search}`;
  }
  throw new Error(`No link to ${pathPrefix} in the e-mail:\n${text}`);
}
