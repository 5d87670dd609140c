// What the cluster's scripts do as shoppers through nginx (the kill round, the checkout
// measurement): sign in by the e-mailed code, find a seeded product, open a checkout for one
// voucher. Each takes the script's own `json(label, path, init)`, which answers the body of a 2xx
// and throws otherwise (the kill round's retries and records failures; the measurement's does not).

/** A JSON POST, signed in with `token` when given. */
export const post = (body, token) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});

/** Registers a shopper and signs them in with the code the dev mailbox shows; answers the access token. */
export async function signInByCode(json, { email, username, name }) {
  await json(
    'register',
    '/api/v1/users/register',
    post({ email, consumer: { name }, role: 'consumer', username, selectedPersonas: [] }),
  );
  const askedAt = Date.now();
  await json('generate-code', '/api/v1/users/generate-code', post({ email }));
  for (let tries = 0; tries < 100; tries++) {
    const { messages } = await json('mailbox', `/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
    const mail = messages.find(
      (message) => /sign-in code/i.test(message.subject) && new Date(message.createdAt).getTime() >= askedAt - 1000,
    );
    const code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
    if (code) return (await json('login', '/api/v1/users/login', post({ email, loginCode: code }))).token;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no sign-in code reached ${email}`);
}

/** The seeded catalogue's product of `merchant`, as the search answers it. */
export async function seededProduct(json, merchant) {
  const { products } = await json('search', `/api/v1/products/search?q=${encodeURIComponent(merchant)}`);
  const product = products.find((candidate) => candidate.merchant.name === merchant);
  if (!product) throw new Error(`no seeded ${merchant} product`);
  return product;
}

/** A checkout of one £50 voucher of `product`: for the buyer, or a gift to `recipient` ({ email, name }). */
export function oneVoucherCheckout(product, recipient) {
  const merchant = product.merchant.name;
  return {
    items: [
      {
        id: product._id,
        name: merchant,
        currency: 'GBP',
        value: 50,
        quantity: 1,
        merchant: { name: merchant, distributionMethod: 'EMAIL' },
        isGift: Boolean(recipient),
      },
    ],
    recipients: recipient ? [{ itemId: product._id, itemName: merchant, ...recipient, isGift: true }] : [],
    orderDetails: { userType: 'consumer', currency: 'GBP', valuePurchased: 50, totalItems: 1 },
    paymentMethod: 'card',
  };
}
