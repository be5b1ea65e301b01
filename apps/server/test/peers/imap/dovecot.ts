import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { type ParsedMail, simpleParser } from 'mailparser';

// A private Dovecot (Debian's dovecot-imapd) for the tests: its config, users (passwd-file) and maildirs in a temp
// folder, IMAP with plaintext login on a free loopback port, no SSL. Started and stopped by the test set-up;
// never assumed running. Run as root (tests, CI), the mail processes take the package's `dovecot` user (Dovecot
// refuses uid 0 for mail and root for its login process).

export type DovecotUser = { user: string; password: string };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });

const idOf = (flag: '-u' | '-g', name?: string) =>
  Number(
    execFileSync('id', name ? [flag, name] : [flag])
      .toString()
      .trim(),
  );

export async function startDovecot() {
  const dir = await mkdtemp(join(tmpdir(), 'prosa-dovecot-'));
  // Dovecot's own users (auth, mail) read the users file and the maildirs under it.
  await chmod(dir, 0o755);
  const mail = join(dir, 'mail');
  await mkdir(mail);
  await mkdir(join(dir, 'run'));
  await mkdir(join(dir, 'state'));
  await writeFile(join(dir, 'users'), '');
  const root = process.getuid?.() === 0;
  const uid = root ? idOf('-u', 'dovecot') : idOf('-u');
  const gid = root ? idOf('-g', 'dovecot') : idOf('-g');
  const me = execFileSync('id', ['-un']).toString().trim();
  if (root) await chown(mail, uid, gid);
  const port = await freePort();
  const conf = join(dir, 'dovecot.conf');
  await writeFile(
    conf,
    [
      `base_dir = ${dir}/run`,
      `state_dir = ${dir}/state`,
      `log_path = ${dir}/dovecot.log`,
      'protocols = imap',
      'listen = 127.0.0.1',
      'ssl = no',
      'disable_plaintext_auth = no',
      'auth_mechanisms = plain login',
      'first_valid_uid = 1',
      `mail_location = maildir:${mail}/%u`,
      `mail_uid = ${uid}`,
      `mail_gid = ${gid}`,
      `default_login_user = ${root ? 'dovenull' : me}`,
      `default_internal_user = ${root ? 'dovecot' : me}`,
      'passdb {',
      '  driver = passwd-file',
      `  args = scheme=PLAIN username_format=%u ${dir}/users`,
      '}',
      'userdb {',
      '  driver = static',
      `  args = uid=${uid} gid=${gid} home=${mail}/%u`,
      '}',
      'service imap-login {',
      '  chroot =',
      '  inet_listener imap {',
      '    address = 127.0.0.1',
      `    port = ${port}`,
      '  }',
      '  inet_listener imaps {',
      '    port = 0',
      '  }',
      '}',
      'service anvil {',
      '  chroot =',
      '}',
      '',
    ].join('\n'),
  );
  // Dovecot re-reads the users file when its mtime (in seconds) changes: each version gets a second of its own,
  // else a user added within the second of the last read could not log in.
  let usersMtime = 0;
  const writeUsers = async (text: string) => {
    const file = join(dir, 'users');
    await writeFile(`${file}.new`, text);
    usersMtime = Math.max(usersMtime + 1, Math.floor(Date.now() / 1000));
    await utimes(`${file}.new`, usersMtime, usersMtime);
    await rename(`${file}.new`, file);
  };
  const proc: ChildProcess = spawn('dovecot', ['-F', '-c', conf], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const users = new Map<string, string>();

  const client = (u: string) =>
    new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user: u, pass: users.get(u) ?? '' },
      logger: false,
    });

  /** Runs `work` logged in as `user`, then logs out. */
  const as = async <T>(user: string, work: (c: ImapFlow) => Promise<T>): Promise<T> => {
    const c = client(user);
    await c.connect();
    try {
      return await work(c);
    } finally {
      await c.logout().catch(() => {});
    }
  };

  // Ready when a login succeeds (Dovecot takes a moment to bind).
  const probe = { user: 'probe@dovecot.test', password: 'probe' };
  users.set(probe.user, probe.password);
  await writeUsers(`${probe.user}:{PLAIN}${probe.password}\n`);
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await as(probe.user, async () => {});
      break;
    } catch (err) {
      if (Date.now() > deadline || proc.exitCode !== null) {
        const log = await readFile(join(dir, 'dovecot.log'), 'utf8').catch(() => '');
        proc.kill('SIGTERM');
        throw new Error(`Dovecot não subiu: ${String(err)}\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  return {
    host: '127.0.0.1',
    port,
    /** Creates (or changes the password of) a mailbox owner. */
    async addUser(user: string, password: string): Promise<DovecotUser> {
      users.set(user, password);
      const lines = [...users].map(([u, p]) => `${u}:{PLAIN}${p}`).join('\n');
      await writeUsers(`${lines}\n`);
      // Dovecot looks at the users file at most once a second: the user is ready when a login succeeds. That first
      // login also creates the mailbox's folders, once, before a reader and an APPEND race to it.
      const until = Date.now() + 10_000;
      for (;;) {
        try {
          await as(user, (c) => c.mailboxOpen('INBOX').then(() => undefined));
          break;
        } catch (err) {
          if (Date.now() > until) throw err;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
      return { user, password };
    },
    async createMailbox(user: string, folder: string): Promise<void> {
      await as(user, async (c) => {
        await c.mailboxCreate(folder).catch(() => {});
      });
    },
    /** Deletes and creates the folder again: a new UIDVALIDITY, the old messages gone. */
    async recreateMailbox(user: string, folder: string): Promise<void> {
      await as(user, async (c) => {
        await c.mailboxDelete(folder).catch(() => {});
        await c.mailboxCreate(folder);
      });
    },
    /** APPENDs a raw RFC 5322 message; answers its UID. */
    async append(user: string, folder: string, raw: string | Buffer, flags: string[] = []): Promise<number> {
      return as(user, async (c) => {
        const r = await c.append(folder, raw, flags);
        return r && typeof r === 'object' && typeof r.uid === 'number' ? r.uid : 0;
      });
    },
    /** The folder's messages, parsed, with their UIDs and flags. */
    async messages(
      user: string,
      folder = 'INBOX',
    ): Promise<(ParsedMail & { uid: number; flags: Set<string> })[]> {
      return as(user, async (c) => {
        const lock = await c.getMailboxLock(folder);
        const out: (ParsedMail & { uid: number; flags: Set<string> })[] = [];
        try {
          const mb = c.mailbox;
          if (mb && mb.exists > 0)
            for await (const m of c.fetch('1:*', { uid: true, flags: true, source: true })) {
              if (m.source)
                out.push({ ...(await simpleParser(m.source)), uid: m.uid, flags: m.flags ?? new Set() });
            }
        } finally {
          lock.release();
        }
        return out;
      });
    },
    async uidValidity(user: string, folder = 'INBOX'): Promise<bigint> {
      return as(user, async (c) => {
        const st = await c.status(folder, { uidValidity: true });
        return BigInt(st ? (st.uidValidity ?? 0) : 0);
      });
    },
    async stop(): Promise<void> {
      if (proc.exitCode === null) {
        proc.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export type Dovecot = Awaited<ReturnType<typeof startDovecot>>;
