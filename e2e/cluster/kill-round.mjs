// The kill round of `npm run test:cluster` (docs/deploy.md, "Running the cluster on one machine"):
// a burst of gift purchases through nginx, as shoppers' browsers make them (open a checkout
// session, pay on the simulator's card page, open the confirmation), with one web instance and the
// worker killed with SIGKILL in the middle of it and a new worker started. Then, from the database:
// every paid checkout is fulfilled exactly once (one voucher per unit), every gift e-mail is queued
// exactly once and sent, reaching the mail server as one message, and every request that failed through nginx failed within a short window after the
// kill (while nginx learnt the instance was gone).
import pg from 'pg';
import { oneVoucherCheckout, post, seededProduct, signInByCode } from './shoppers.mjs';

const PURCHASES = Number(process.env.CLUSTER_PURCHASES ?? 50);
/** Each buyer opens at most 10 checkout sessions in 10 minutes (the checkout's own limit). */
const BUYERS = 10;
const CONCURRENCY = 6;
/** Kill when this many purchases have completed. */
const KILL_AFTER = Math.floor(PURCHASES / 3);
/** How long the outbox may take to send every gift e-mail of the burst once the round is over. */
const MAIL_WAIT_MS = 60_000;
/** Failures through nginx are allowed only this long after the kill (nginx's passive health check). */
const FAILURE_WINDOW_MS = Number(process.env.CLUSTER_FAILURE_WINDOW_MS ?? 5000);
/** A step a shopper's browser would repeat: retried this often, 300 ms apart. */
const ATTEMPTS = 5;
const PAYING_CARD = '4242424242424242';

export async function killRound({
  say,
  publicUrl,
  databaseUrl,
  instances,
  ports,
  startInstance,
  waitReady,
  mailServer,
}) {
  /** Every request through nginx that failed: when, what, and how. */
  const failures = [];
  const t0 = Date.now();
  const at = () => Date.now() - t0;

  /** One request through nginx, repeated as a shopper's browser would on a network error or a 5xx. */
  async function call(label, url, init = {}) {
    for (let attempt = 1; ; attempt++) {
      const sentAt = at();
      // A failure counts from when it was seen: a request sent just before the kill fails after it.
      const failed = (error) => failures.push({ at: at(), sentAt, label, error });
      try {
        const response = await fetch(new URL(url, publicUrl), {
          redirect: 'manual',
          signal: AbortSignal.timeout(15_000),
          ...init,
        });
        if (response.status < 500) return response;
        failed(`${response.status} from ${response.headers.get('x-served-by')}`);
      } catch (error) {
        failed(error.cause?.code ?? error.message);
      }
      if (attempt === ATTEMPTS) throw new Error(`${label} failed ${ATTEMPTS} times`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }

  async function json(label, url, init) {
    const response = await call(label, url, init);
    const body = await response.json().catch(() => null);
    if (!response.ok) throw new Error(`${label} answered ${response.status}: ${JSON.stringify(body)}`);
    return body;
  }

  // The buyers, signed in with the e-mailed code as the shop's sign-in does.
  const run = `${Date.now()}`;
  const buyers = await Promise.all(
    Array.from({ length: BUYERS }, async (_, index) => {
      const email = `burst-${run}-${index}@example.com`;
      const token = await signInByCode(json, {
        email,
        username: `burst_${run}_${index}`,
        name: `Burst Buyer ${index}`,
      });
      return { email, token };
    }),
  );

  const product = await seededProduct(json, 'Red Letter Days');

  /** One gift purchase: checkout session, the card page, the confirmation's verify. */
  async function purchase(index) {
    const buyer = buyers[index % BUYERS];
    const recipient = `burst-gift-${run}-${index}@example.com`;
    const payload = oneVoucherCheckout(product, { email: recipient, name: 'Burst Friend' });
    const { url } = await json('checkout-session', '/api/v1/wallets/checkout-session', post(payload, buyer.token));
    const payPath = new URL(url).pathname;
    const page = await call('pay page', payPath);
    if (page.status !== 200) throw new Error(`GET ${payPath} answered ${page.status}`);
    const paid = await call('pay', payPath, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        cardNumber: PAYING_CARD,
        expiry: '12/34',
        cvc: '123',
        name: 'Burst Buyer',
      }).toString(),
    });
    const location = paid.headers.get('location');
    if (paid.status === 200 && (await paid.text()).includes('This payment is complete.')) {
      // A repeated POST after nginx lost the first one's answer: the page says it is paid, as a
      // browser would show; the payment's webhook fulfils it (checked in the database below).
      return { recipient };
    }
    if (paid.status !== 303 || !location) throw new Error(`POST ${payPath} answered ${paid.status}`);
    const sessionId = new URL(location, publicUrl).searchParams.get('session_id');
    await json('verify', `/api/v1/orders/verify?session_id=${encodeURIComponent(sessionId)}`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    return { recipient };
  }

  say(`${BUYERS} buyers signed in; ${PURCHASES} purchases through nginx, ${CONCURRENCY} at a time`);
  let next = 0;
  let completed = 0;
  let killedAt;
  let worker2;
  const recipients = [];
  const errors = [];
  const killed = (async () => {
    while (completed < KILL_AFTER && errors.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    killedAt = at();
    instances.web1.kill('SIGKILL');
    instances.worker.kill('SIGKILL');
    say(`killed web1 and the worker (SIGKILL) after ${completed} purchases; starting a new worker`);
    worker2 = startInstance('worker2', 'worker', ports.worker);
    await waitReady(`http://127.0.0.1:${ports.worker}/health/ready`, worker2);
    say('the new worker is ready');
  })();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < PURCHASES) {
        const index = next++;
        try {
          recipients.push((await purchase(index)).recipient);
        } catch (error) {
          errors.push(`purchase ${index}: ${error.message}`);
        }
        completed++;
      }
    }),
  );
  await killed;

  // What happened through nginx, in order.
  for (const failure of failures) {
    const relative = killedAt === undefined ? '' : ` (${failure.at - killedAt} ms after the kill)`;
    console.log(
      `  failed: ${failure.label} sent at ${failure.sentAt} ms, failed at ${failure.at} ms${relative}: ${failure.error}`,
    );
  }
  const late = failures.filter(
    (failure) => killedAt === undefined || failure.at < killedAt || failure.at > killedAt + FAILURE_WINDOW_MS,
  );
  say(
    `${recipients.length}/${PURCHASES} purchases completed; ${failures.length} failed request(s) through nginx, ` +
      `all within ${FAILURE_WINDOW_MS} ms of the kill: ${late.length === 0}`,
  );

  // The database's account of it: each paid session fulfilled once, each gift e-mail queued once.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let sessions;
  let mails;
  try {
    const emails = buyers.map((buyer) => buyer.email);
    // A payment whose confirmation was lost is fulfilled by its webhook: given a few seconds.
    const deadline = Date.now() + 20_000;
    for (;;) {
      ({ rows: sessions } = await client.query(
        `select s.id, s.status, s.fulfilled_at is not null as fulfilled, count(o.id)::int as vouchers
           from checkout_sessions s join users u on u.id = s.user_id
           left join orders o on o.checkout_session_id = s.id
          where u.email = any($1)
          group by s.id`,
        [emails],
      ));
      const waiting = sessions.filter((session) => session.status === 'paid' && !session.fulfilled);
      if (waiting.length === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // Each gift e-mail sent: the new worker takes over the rows the killed one had claimed once
    // their lease ends, so this waits for the outbox to empty.
    const mailDeadline = Date.now() + MAIL_WAIT_MS;
    for (;;) {
      ({ rows: mails } = await client.query(
        `select "to", count(*)::int as queued, count(*) filter (where status = 'sent')::int as sent
           from mail_outbox where "to" like $1 group by "to"`,
        [`burst-gift-${run}-%`],
      ));
      const unsent = mails.filter((row) => row.sent !== row.queued).length + recipients.length - mails.length;
      if (unsent <= 0 || Date.now() > mailDeadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await client.end();
  }
  const paid = sessions.filter((session) => session.status === 'paid');
  const wrongVouchers = paid.filter((session) => !session.fulfilled || session.vouchers !== 1);
  const unpaidWithVouchers = sessions.filter((session) => session.status !== 'paid' && session.vouchers > 0);
  const mailCount = new Map(mails.map((row) => [row.to, row]));
  const wrongMail = recipients.filter((recipient) => mailCount.get(recipient)?.queued !== 1);
  const extraMail = mails.filter((row) => row.queued !== 1);
  const sent = mails.reduce((sum, row) => sum + row.sent, 0);
  const unsentMail = mails.filter((row) => row.sent !== row.queued);
  // What the mail server received for each recipient: one message, however often it was handed
  // over (a message sent again after a crash carries the same Message-ID).
  const received = new Map();
  for (const { to, messageId } of mailServer.received) {
    if (!to.startsWith(`burst-gift-${run}-`)) continue;
    const entry = received.get(to) ?? { ids: new Set(), deliveries: 0 };
    entry.ids.add(messageId);
    entry.deliveries += 1;
    received.set(to, entry);
  }
  const wrongReceived = recipients.filter((recipient) => received.get(recipient)?.ids.size !== 1);
  const resent = [...received.values()].reduce((sum, entry) => sum + entry.deliveries - 1, 0);
  say(
    `${sessions.length} checkout sessions, ${paid.length} paid, each with ${wrongVouchers.length === 0 ? 'exactly one voucher' : 'WRONG voucher counts'}; ` +
      `${mails.length} gift e-mails queued, ${sent} sent; the mail server received ${received.size} messages ` +
      `(${resent} handed over again with the same Message-ID)`,
  );

  const problems = [
    ...errors,
    ...late.map(
      (failure) => `a request failed outside the window: ${failure.label} at ${failure.at} ms: ${failure.error}`,
    ),
    ...wrongVouchers.map(
      (session) => `session ${session.id}: fulfilled ${session.fulfilled}, ${session.vouchers} vouchers`,
    ),
    ...unpaidWithVouchers.map(
      (session) => `session ${session.id} is ${session.status} but has ${session.vouchers} vouchers`,
    ),
    ...wrongMail.map((recipient) => `${recipient}: ${mailCount.get(recipient)?.queued ?? 0} gift e-mails queued`),
    ...extraMail.map((row) => `${row.to}: ${row.queued} gift e-mails queued`),
    ...unsentMail.map((row) => `${row.to}: ${row.sent} of ${row.queued} gift e-mails sent after ${MAIL_WAIT_MS} ms`),
    ...wrongReceived.map(
      (recipient) =>
        `${recipient}: ${received.get(recipient)?.ids.size ?? 0} distinct gift e-mails reached the mail server`,
    ),
  ];
  if (recipients.length !== PURCHASES) problems.push(`only ${recipients.length} of ${PURCHASES} purchases completed`);
  if (paid.length < recipients.length)
    problems.push(`${recipients.length} purchases completed but ${paid.length} sessions paid`);
  if (problems.length > 0) throw new Error(`the kill round found:\n  ${problems.join('\n  ')}`);
}
