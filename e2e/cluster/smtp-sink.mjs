// The cluster's mail server: a real SMTP server (the smtp-server package) on 127.0.0.1 that keeps,
// for every message it accepts, its envelope recipients and its Message-ID header. The kill round
// reads it to show that every gift e-mail reached the mail server as one message: a worker killed
// between sending and marking the outbox row sent sends it again with the same Message-ID, which
// mail systems take as the same message (decision 055).
import { SMTPServer } from 'smtp-server';

/** Starts the sink on `port`; `received` fills as messages arrive, `stop` closes it. */
export async function startSmtpSink(port) {
  const received = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const head = raw.slice(0, Math.max(0, raw.indexOf('\r\n\r\n')));
        const messageId = /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? '';
        for (const recipient of session.envelope.rcptTo) received.push({ to: recipient.address, messageId });
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  // A worker killed with connections open (it keeps them for the next e-mails) resets them: a mail
  // server carries on, and so does this one. An error with no listener would end the run.
  server.on('error', (error) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') console.error(`smtp sink: ${error.message}`);
  });
  return { url: `smtp://127.0.0.1:${port}`, received, stop: () => new Promise((resolve) => server.close(resolve)) };
}
