import { randomBytes } from 'node:crypto';
import { authEndpoints, devMailboxEndpoints } from '@gvm/contract';

/**
 * A signed-in shopper for the bench, made through the API as the browser tests do: register,
 * ask for a code, read it from the dev mailbox (the bench's server runs on loopback with the dev
 * mail transport), sign in. Returns the browser storage the web app keeps its session in.
 */
export async function signedInStorage(baseURL: string): Promise<Record<string, string>> {
  const email = `bench-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
  await post(baseURL, `/api/v1${authEndpoints.register.path}`, {
    email,
    consumer: { name: 'Bench Shopper' },
    role: 'consumer',
    username: `bench_${randomBytes(6).toString('hex')}`,
    selectedPersonas: [],
  });
  await post(baseURL, `/api/v1${authEndpoints.generateCode.path}`, { email });
  const code = await readCode(baseURL, email);
  const tokens = (await post(baseURL, `/api/v1${authEndpoints.login.path}`, { email, loginCode: code })) as {
    token: string;
    refreshToken: string;
  };
  return { token: tokens.token, refreshToken: tokens.refreshToken };
}

async function post(baseURL: string, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(new URL(path, baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function readCode(baseURL: string, email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const url = new URL(devMailboxEndpoints.messages.path, baseURL);
    url.searchParams.set('to', email);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`GET ${url.pathname} answered ${response.status}: ${await response.text()}`);
    const { messages } = (await response.json()) as { messages: { subject: string; text: string }[] };
    const code = messages
      .filter((message) => /sign-in code/i.test(message.subject))
      .map((message) => /\b(\d{6})\b/.exec(message.text)?.[1])
      .find(Boolean);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No sign-in code reached the dev mailbox for ${email}`);
}
