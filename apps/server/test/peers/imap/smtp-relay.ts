import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Dovecot } from './dovecot';

// An SMTP server on loopback that delivers what it accepts into Dovecot: each recipient that owns a mailbox gets
// the message APPENDed to its INBOX (as an MTA's local delivery would). It can be told to answer the next DATA
// with a 4xx or 5xx, or to drop the connection after DATA, for the adapter's send semantics.

export type RelayedMail = { from: string; to: string[]; raw: string };
export type RelayFault = { code: number; message: string } | 'drop';

export async function startSmtpRelay(dovecot: Dovecot, mailboxes: () => ReadonlySet<string>) {
  const received: RelayedMail[] = [];
  const faults: RelayFault[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'ok' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const fault = faults.shift();
        if (fault === 'drop') {
          // The message was read whole, then the connection goes without an answer.
          for (const s of sockets) s.destroy();
          return;
        }
        if (fault) {
          const err = Object.assign(new Error(fault.message), { responseCode: fault.code });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to, raw });
        const local = to.filter((a) => mailboxes().has(a));
        Promise.all(local.map((a) => dovecot.append(a, 'INBOX', raw)))
          .then(() => callback())
          .catch((err: Error) => callback(err));
      });
    },
  });
  const sockets = new Set<Socket>();
  server.server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.server.address() as AddressInfo).port;
  return {
    host: '127.0.0.1',
    port,
    received,
    /** The next DATA gets this answer instead of delivery. */
    fail(fault: RelayFault) {
      faults.push(fault);
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export type SmtpRelay = Awaited<ReturnType<typeof startSmtpRelay>>;
