import { EMAIL_MSG } from '@prosa/shared/email';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { type Dovecot, startDovecot } from '../../../test/peers/imap/dovecot';
import { type SmtpRelay, startSmtpRelay } from '../../../test/peers/imap/smtp-relay';
import { channels } from '../../db/schema/channels';

// E-mail configs (spec 2 §7): managers and up, each company its own, validated in Portuguese, passwords sealed and
// never shown; checkConfig tries both servers and names the one that failed and why.

const BOX = 'vendas@empresademo.com.br';
let ctx: TestContext;
let http: ReturnType<typeof api>;
let dovecot: Dovecot;
let relay: SmtpRelay;
let manager: string;
let operator: string;
let other: string;
let sectorId: number;
let otherSectorId: number;

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Vendas',
  default_sector_id: sectorId,
  imap_host: '127.0.0.1',
  imap_port: dovecot.port,
  imap_secure: false,
  imap_user: BOX,
  imap_password: 'senha-vendas',
  imap_folder: 'INBOX',
  mark_seen: false,
  smtp_host: '127.0.0.1',
  smtp_port: relay.port,
  smtp_secure: false,
  smtp_user: '',
  smtp_password: '',
  sender_name: 'Empresa Demo Vendas',
  sender_address: BOX,
  ...over,
});

beforeAll(async () => {
  dovecot = await startDovecot();
  await dovecot.addUser(BOX, 'senha-vendas');
  relay = await startSmtpRelay(dovecot, () => new Set());
  ctx = await createTestContext({ queue: false, inbox: false });
  http = api(ctx);
  const admin = await http.login(ADMIN);
  manager = await http.login(MANAGER);
  operator = await http.login(OPERATOR);
  other = await http.login(OTHER_ADMIN);
  const first = async (cookie: string) =>
    ((await http.get('/api/sectors', { cookie })).body as unknown as { id: number }[])[0]?.id ?? 0;
  sectorId = await first(admin);
  otherSectorId = await first(other);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await relay?.close();
  await dovecot?.stop();
});

describe('E-mail configs', () => {
  let id: number;

  it('creates a config with sealed passwords that never come back', async () => {
    const r = await http.post('/api/email-configs', { cookie: manager, body: body() });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    id = Number(r.body.id);
    expect(r.body).toMatchObject({
      name: 'Vendas',
      imap_user: BOX,
      has_imap_password: true,
      has_smtp_password: false,
    });
    expect(JSON.stringify(r.body)).not.toContain('senha-vendas');
    const [row] = await ctx.db.select().from(channels).where(eq(channels.id, id));
    expect(row?.kind).toBe('em');
    expect(JSON.stringify(row?.secretsSealed)).not.toContain('senha-vendas');
    const list = await http.get('/api/email-configs', { cookie: manager });
    expect((list.body as unknown as { id: number }[]).map((c) => c.id)).toContain(id);
  });

  it('refuses bad input in Portuguese and changes nothing', async () => {
    const before = await ctx.db.select().from(channels).where(eq(channels.kind, 'em'));
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, EMAIL_MSG.nameRequired],
      [{ imap_host: 'não é host' }, EMAIL_MSG.hostInvalid],
      [{ smtp_port: 70000 }, EMAIL_MSG.portInvalid],
      [{ imap_password: '' }, EMAIL_MSG.passwordRequired],
      [{ sender_address: 'sem-arroba' }, EMAIL_MSG.senderAddressInvalid],
      [{ default_sector_id: otherSectorId, imap_user: 'x@y.com' }, EMAIL_MSG.sectorInvalid],
      [{ name: 'Outra' }, EMAIL_MSG.mailboxTaken],
      [{ imap_host: '10.1.2.3', imap_user: 'z@y.com' }, 'Endereço não permitido'],
    ];
    for (const [over, message] of cases) {
      const r = await http.post('/api/email-configs', { cookie: manager, body: body(over) });
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(String(r.body.message)).toContain(message);
    }
    const after = await ctx.db.select().from(channels).where(eq(channels.kind, 'em'));
    expect(after).toHaveLength(before.length);
  });

  it('operators are refused; another company sees nothing and gets 404', async () => {
    expect((await http.get('/api/email-configs', { cookie: operator })).status).toBe(403);
    expect((await http.get(`/api/email-configs/${id}`, { cookie: other })).status).toBe(404);
    expect(
      (await http.patch(`/api/email-configs/${id}`, { cookie: other, body: { name: 'X' } })).status,
    ).toBe(404);
    expect((await http.delete(`/api/email-configs/${id}`, { cookie: other })).status).toBe(404);
    const theirs = await http.get('/api/email-configs', { cookie: other });
    expect(theirs.body).toEqual([]);
  });

  it('updates keeping a blank password', async () => {
    const r = await http.patch(`/api/email-configs/${id}`, {
      cookie: manager,
      body: { name: 'Vendas e pós-venda', imap_password: '', mark_seen: true },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ name: 'Vendas e pós-venda', mark_seen: true, has_imap_password: true });
    const check = await http.post('/api/email-configs/check', { cookie: manager, body: { id } });
    expect(check.body).toMatchObject({ ok: true, message: EMAIL_MSG.checkOk });
  });

  it('checkConfig names the connection that failed and why', async () => {
    const wrong = await http.post('/api/email-configs/check', {
      cookie: manager,
      body: { id, imap_password: 'errada' },
    });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toMatchObject({ ok: false, imap: { ok: false }, smtp: { ok: true } });
    expect(String(wrong.body.message)).toBe(
      `${EMAIL_MSG.imapFailed}: Usuário ou senha recusados pelo servidor.`,
    );

    const folder = await http.post('/api/email-configs/check', {
      cookie: manager,
      body: { id, imap_folder: 'Nada' },
    });
    expect(String(folder.body.message)).toContain('A pasta informada não existe');

    await relay.close();
    const smtpDown = await http.post('/api/email-configs/check', { cookie: manager, body: { id } });
    expect(smtpDown.body).toMatchObject({ ok: false, imap: { ok: true }, smtp: { ok: false } });
    expect(String(smtpDown.body.message)).toBe(
      `${EMAIL_MSG.smtpFailed}: Conexão recusada pelo servidor (confira o endereço e a porta).`,
    );
    relay = await startSmtpRelay(dovecot, () => new Set());
  });

  it('deletes; the config is gone for the list and the id', async () => {
    const r = await http.delete(`/api/email-configs/${id}`, { cookie: manager });
    expect(r.body).toEqual({ message: EMAIL_MSG.removed });
    expect((await http.get(`/api/email-configs/${id}`, { cookie: manager })).status).toBe(404);
  });
});
