import { randomBytes } from 'node:crypto';
import { authEndpoints, cartEndpoints, devMailboxEndpoints } from '@gvm/contract';

/**
 * A signed-in shopper for the bench, made through the API as the browser tests do: register,
 * ask for a code, read it from the dev mailbox (the bench's server runs on loopback with the dev
 * mail transport), sign in. With `productId`, one card of that product at its minimum value goes
 * into the shopper's server cart first: `/checkout` with an empty cart is a redirect to `/cart`, not
 * the checkout page. Returns the browser storage the web app keeps its session in.
 */
export async function signedInStorage(baseURL: string, productId?: string): Promise<Record<string, string>> {
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
  if (productId) await putInCart(baseURL, tokens.token, productId);
  return { token: tokens.token, refreshToken: tokens.refreshToken };
}

async function putInCart(baseURL: string, token: string, productId: string): Promise<void> {
  const product = await fetch(new URL(`/api/v1/products/${encodeURIComponent(productId)}`, baseURL));
  if (!product.ok) throw new Error(`GET /products/${productId} answered ${product.status}`);
  const { minPrice } = (await product.json()) as { minPrice: number };
  const { userId } = (await post(
    baseURL,
    `/api/v1${cartEndpoints.create.path}`,
    { userId: subject(token) },
    token,
  )) as {
    userId: string;
  };
  const items = cartEndpoints.addItem.path.replace(':userId', encodeURIComponent(userId));
  await post(baseURL, `/api/v1${items}`, { productId, quantity: 1, selectedValue: minPrice }, token);
}

/** The user's id: the access token's `sub` claim. */
export function subject(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub?: string };
  if (!payload.sub) throw new Error('The access token carries no sub claim');
  return payload.sub;
}

/** POSTs `body` as JSON (no body when undefined) and answers the parsed JSON; any failure throws. */
export async function post(baseURL: string, path: string, body: unknown, token?: string): Promise<unknown> {
  const response = await fetch(new URL(path, baseURL), {
    method: 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** The newest sign-in code e-mailed to `email` (a shopper's or an operator's), from the dev mailbox. */
export async function readCode(baseURL: string, email: string): Promise<string> {
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
