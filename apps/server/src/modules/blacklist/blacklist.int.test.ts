import { BLACKLIST_MSG } from '@prosa/shared/blacklist';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/helpers/attendance-fixtures';
import { insertWaentRows } from '../../../test/helpers/channel-fixtures';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { attendances } from '../../db/schema/attendance';
import { blacklistHistory, blockedContacts, blockSuggestions } from '../../db/schema/blacklist';
import { companies } from '../../db/schema/companies';
import { domainEvents } from '../../db/schema/facts';
import { users } from '../../db/schema/users';
import { ingestInbound } from '../attendance/ingest-batch';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let manager: string;
let operator: string;
let admin: string;
let demo: Awaited<ReturnType<typeof demoIds>>;
let channelId: number;
let otherChannelId: number;
let sectorId: number;

async function setBlacklist(value: { enabled: boolean; suggest: boolean; status_id: number | null }) {
  await ctx.db
    .update(companies)
    .set({
      metadata: sql`jsonb_set(${companies.metadata}, '{blacklist}', ${JSON.stringify(value)}::jsonb, true)`,
    })
    .where(eq(companies.id, demo.companyId));
}

/** An open attendance of a WhatsApp Enterprise contact of the demo company (as if they had written). */
async function attendanceOf(phone: string, name = `Cliente ${phone}`) {
  const r = await ingestInbound(ctx.deps, {
    companyId: demo.companyId,
    channel: { kind: 'waent', id: channelId, sectorId },
    contact: { externalId: phone, name },
    message: { externalId: `m-${phone}-${Date.now()}-${Math.random()}`, text: 'Olá', sentAt: new Date() },
  });
  return r.attendance;
}

const blockedFacts = async () =>
  (
    await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(domainEvents)
      .where(and(eq(domainEvents.companyId, demo.companyId), eq(domainEvents.name, 'blacklist.changed')))
  )[0]?.n ?? 0;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  http = api(ctx);
  demo = await demoIds(ctx);
  manager = await http.login(MANAGER);
  operator = await http.login(OPERATOR);
  admin = await http.login(ADMIN);
  sectorId = demo.sector('Comercial');
  const make = async (name: string, phoneNumberId: string) => {
    const [c] = await insertWaentRows(ctx.db, {
      companyId: demo.companyId,
      name,
      defaultSectorId: sectorId,
      phoneNumberId,
      wabaId: `waba-${phoneNumberId}`,
    });
    if (!c) throw new Error('sem canal');
    return c.id;
  };
  channelId = await make('WhatsApp Vendas', 'pn-bl-1');
  otherChannelId = await make('WhatsApp Cobrança', 'pn-bl-2');
});
afterAll(() => ctx.close());

describe('blacklist routes', () => {
  it('answer 403 with the spec text while the company blacklist is off; operators are refused the screens', async () => {
    await setBlacklist({ enabled: false, suggest: false, status_id: null });
    const list = await http.get('/api/blacklist', { cookie: manager });
    expect(list.status).toBe(403);
    expect(list.body.message).toBe(BLACKLIST_MSG.disabled);
    const access = await http.get('/api/blacklist/access', { cookie: manager });
    expect(access.body).toMatchObject({ enabled: false, can_list: false, can_suggest: false });

    await setBlacklist({ enabled: true, suggest: false, status_id: demo.status('Resolvido') });
    expect((await http.get('/api/blacklist', { cookie: operator })).status).toBe(403);
    const opAccess = await http.get('/api/blacklist/access', { cookie: operator });
    expect(opAccess.body).toMatchObject({
      enabled: true,
      can_list: false,
      can_suggest: false,
      can_block_from_chat: false,
    });
    expect((await http.get('/api/blacklist', { cookie: manager })).body).toMatchObject({
      items: [],
      total: 0,
      page: 1,
      per_page: 50,
    });
  });

  it('validates the block form with the spec texts and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ contact: '11987654321', description: 'Spam' }, BLACKLIST_MSG.channelRequired],
      [{ prefix: 'sms', contact: '', description: 'Spam' }, BLACKLIST_MSG.contactRequired],
      [{ prefix: 'sms', contact: '11987654321', description: '  ' }, BLACKLIST_MSG.reasonRequired],
      [{ prefix: 'em', contact: 'sem-arroba', description: 'Spam' }, BLACKLIST_MSG.invalidEmail],
      [{ prefix: 'web', contact: 'a@b', description: 'Spam' }, BLACKLIST_MSG.invalidEmail],
      [{ prefix: 'waweb', contact: '12-34', description: 'Spam' }, BLACKLIST_MSG.invalidPhone],
      [{ prefix: 'waent', contact: '119', description: 'Spam' }, BLACKLIST_MSG.invalidPhone],
      [
        { prefix: 'waent', channel_id: 99_999_999_999, contact: '11987654321', description: 'x' },
        BLACKLIST_MSG.channelNotFound,
      ],
    ];
    for (const [body, message] of cases) {
      const r = await http.post('/api/blacklist', { cookie: manager, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toBe(message);
    }
    // A channel of another kind than the prefix.
    const wrongKind = await http.post('/api/blacklist', {
      cookie: manager,
      body: { prefix: 'sms', channel_id: channelId, contact: '11987654321', description: 'Spam' },
    });
    expect(wrongKind.body.message).toBe(BLACKLIST_MSG.channelNotFound);
    for (const q of [
      'count=30',
      'page=0',
      'count=abc',
      'from_date=2026-02-30',
      'to_date=31/12/2026',
      'prefix=xx',
      'status=x',
      `contact=${'9'.repeat(300)}`,
    ]) {
      const bad = await http.get(`/api/blacklist?${q}`, { cookie: manager });
      expect(bad.status, q).toBe(400);
    }
    expect((await ctx.db.select().from(blockedContacts)).length).toBe(0);
  });

  it('blocks, lists with filters, unblocks, blocks again and keeps the history (Bloqueio / Desbloqueio)', async () => {
    const factsBefore = await blockedFacts();
    const r = await http.post('/api/blacklist', {
      cookie: manager,
      body: { prefix: 'waent', channel_id: channelId, contact: '(11) 98765-4321', description: 'Ofensas' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe(BLACKLIST_MSG.blocked);
    const id = r.body.id as number;
    const again = await http.post('/api/blacklist', {
      cookie: manager,
      body: { prefix: 'waent', channel_id: channelId, contact: '5511987654321', description: 'De novo' },
    });
    expect(again.body.message).toBe(BLACKLIST_MSG.alreadyBlocked);
    // Every channel of the kind is another block of the same contact.
    const all = await http.post('/api/blacklist', {
      cookie: manager,
      body: { prefix: 'em', contact: 'Spam@Exemplo.com', description: 'Spam' },
    });
    expect(all.status).toBe(200);

    const list = await http.get('/api/blacklist?contact=98765', { cookie: manager });
    const items = list.body.items as Record<string, unknown>[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      contact: '5511987654321',
      contact_display: '(11) 98765-4321',
      prefix_label: 'WhatsApp Enterprise',
      channel_name: 'WhatsApp Vendas',
      status: 'accepted',
      status_label: 'Bloqueado',
      block_by_name: 'Gustavo',
    });
    const emails = await http.get('/api/blacklist?prefix=em', { cookie: manager });
    expect(emails.body.items).toMatchObject([
      { contact: 'spam@exemplo.com', channel_name: 'Todos os canais' },
    ]);

    const noReason = await http.post(`/api/blacklist/${id}/unblock`, {
      cookie: manager,
      body: { description: '' },
    });
    expect(noReason.body.message).toBe(BLACKLIST_MSG.unblockReason);
    const un = await http.post(`/api/blacklist/${id}/unblock`, {
      cookie: manager,
      body: { description: 'Cliente pediu desculpas' },
    });
    expect(un.body.message).toBe(BLACKLIST_MSG.unblocked);
    expect(
      (await http.post(`/api/blacklist/${id}/unblock`, { cookie: manager, body: { description: 'x' } })).body
        .message,
    ).toBe(BLACKLIST_MSG.notBlocked);
    const unblocked = await http.get('/api/blacklist?status=denied', { cookie: manager });
    expect(unblocked.body.items).toMatchObject([{ id, status_label: 'Desbloqueado' }]);
    const ba = await http.post(`/api/blacklist/${id}/block-again`, {
      cookie: manager,
      body: { description: 'Voltou a ofender' },
    });
    expect(ba.body.message).toBe(BLACKLIST_MSG.blockedAgain);

    const details = await http.get(`/api/blacklist/${id}`, { cookie: manager });
    expect(details.status).toBe(200);
    expect(
      (details.body.history as Record<string, unknown>[]).map((h) => [h.label, h.description, h.user_name]),
    ).toEqual([
      ['Bloqueio', 'Voltou a ofender', 'Gustavo'],
      ['Desbloqueio', 'Cliente pediu desculpas', 'Gustavo'],
      ['Bloqueio', 'Ofensas', 'Gustavo'],
    ]);
    // Each change told the managers' screens (blacklist.changed) in its transaction.
    expect(await blockedFacts()).toBe(factsBefore + 4);

    const today = new Date().toISOString().slice(0, 10);
    const ranged = await http.get(`/api/blacklist?from_date=2000-01-01&to_date=2000-01-31`, {
      cookie: manager,
    });
    expect(ranged.body.total).toBe(0);
    const now = await http.get(`/api/blacklist?from_date=2000-01-01&to_date=${today}`, { cookie: manager });
    expect(now.body.total).toBe(2);
  });

  it('keeps tenancy: another company gets 404 and sees nothing', async () => {
    const other = await http.login(OTHER_ADMIN);
    const [row] = await ctx.db.select().from(blockedContacts).limit(1);
    const id = row?.id ?? 0;
    const meta = await ctx.db.select().from(companies).where(eq(companies.name, 'Outra Empresa'));
    const otherId = meta[0]?.id ?? 0;
    await ctx.db
      .update(companies)
      .set({
        metadata: sql`jsonb_set(${companies.metadata}, '{blacklist}', '{"enabled":true,"suggest":true,"status_id":1}'::jsonb, true)`,
      })
      .where(eq(companies.id, otherId));
    expect((await http.get(`/api/blacklist/${id}`, { cookie: other })).status).toBe(404);
    expect(
      (await http.post(`/api/blacklist/${id}/unblock`, { cookie: other, body: { description: 'x' } })).status,
    ).toBe(404);
    expect((await http.get('/api/blacklist', { cookie: other })).body.total).toBe(0);
    const bad = await http.get('/api/blacklist/abc', { cookie: other });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(BLACKLIST_MSG.notFound);
  });

  it('follows the module permissions: read without write lists but cannot block', async () => {
    const ana = demo.user('ana.operadora@empresademo.com.br');
    const managerId = demo.user(MANAGER);
    const r = await http.post(`/api/companies/${demo.companyId}/permissions`, {
      cookie: admin,
      body: {
        id: managerId,
        type: 'user',
        permissions: { remove: [], read: ['lista_de_bloqueio'], write: [] },
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await http.get('/api/blacklist', { cookie: manager })).status).toBe(200);
    const refused = await http.post('/api/blacklist', {
      cookie: manager,
      body: { prefix: 'sms', contact: '11911112222', description: 'Spam' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(BLACKLIST_MSG.noPermission);
    expect((await http.get('/api/block-suggestions', { cookie: manager })).body.message).toBe(
      BLACKLIST_MSG.noPermission,
    );
    expect((await http.get('/api/blacklist/access', { cookie: manager })).body).toMatchObject({
      can_list: true,
      can_write: false,
      can_review: false,
    });
    expect(ana).toBeGreaterThan(0);
    await http.post(`/api/companies/${demo.companyId}/permissions`, {
      cookie: admin,
      body: {
        id: managerId,
        type: 'user',
        permissions: {
          remove: [],
          read: ['lista_de_bloqueio', 'sugestoes_de_bloqueio'],
          write: ['lista_de_bloqueio', 'sugestoes_de_bloqueio'],
        },
      },
    });
    expect((await http.get('/api/blacklist/access', { cookie: manager })).body).toMatchObject({
      can_write: true,
      can_review: true,
    });
  });
});

describe('block suggestions', () => {
  it('an operator suggests only with blacklist.suggest on, with a reason, once per contact', async () => {
    const a = await attendanceOf('5511955550001', 'Carlos Spam');
    const off = await http.post('/api/block-suggestions', {
      cookie: operator,
      body: { attendance_id: a.id, description: 'Spam' },
    });
    expect(off.status).toBe(403);
    expect(off.body.message).toBe(BLACKLIST_MSG.suggestDisabled);

    await setBlacklist({ enabled: true, suggest: true, status_id: demo.status('Resolvido') });
    expect((await http.get('/api/blacklist/access', { cookie: operator })).body).toMatchObject({
      can_suggest: true,
    });
    const noReason = await http.post('/api/block-suggestions', {
      cookie: operator,
      body: { attendance_id: a.id, description: '' },
    });
    expect(noReason.body.message).toBe(BLACKLIST_MSG.reasonRequired);
    const unknown = await http.post('/api/block-suggestions', {
      cookie: operator,
      body: { attendance_id: 99_999_999, description: 'Spam' },
    });
    expect(unknown.status).toBe(404);

    const r = await http.post('/api/block-suggestions', {
      cookie: operator,
      body: { attendance_id: a.id, description: 'Manda propaganda todo dia' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe(BLACKLIST_MSG.suggested);
    const twice = await http.post('/api/block-suggestions', {
      cookie: operator,
      body: { attendance_id: a.id, description: 'De novo' },
    });
    expect(twice.body.message).toBe(BLACKLIST_MSG.alreadySuggested);

    expect((await http.get('/api/block-suggestions/count', { cookie: manager })).body).toEqual({
      pending: 1,
    });
    const pending = await http.get('/api/block-suggestions', { cookie: manager });
    expect(pending.body.items).toMatchObject([
      {
        contact: '5511955550001',
        prefix: 'waent',
        channel_name: 'WhatsApp Vendas',
        operator_name: 'Ana',
        description: 'Manda propaganda todo dia',
        status_label: 'Pendente',
        protocol: a.protocol,
      },
    ]);
    // Operators do not review suggestions; another company does not see them.
    expect((await http.get('/api/block-suggestions', { cookie: operator })).status).toBe(403);
    const other = await http.login(OTHER_ADMIN);
    expect((await http.get('/api/block-suggestions', { cookie: other })).body.total).toBe(0);
    const id = r.body.id as number;
    expect(
      (await http.post(`/api/block-suggestions/${id}/approve`, { cookie: other, body: { description: 'x' } }))
        .status,
    ).toBe(404);
  });

  it('approving needs a reason and blocks the contact with the operator; denying keeps a denied suggestion', async () => {
    const [s] = await ctx.db.select().from(blockSuggestions).where(eq(blockSuggestions.status, 'pending'));
    const id = s?.id ?? 0;
    const noReason = await http.post(`/api/block-suggestions/${id}/approve`, { cookie: manager, body: {} });
    expect(noReason.body.message).toBe(BLACKLIST_MSG.approvalReason);
    const ok = await http.post(`/api/block-suggestions/${id}/approve`, {
      cookie: manager,
      body: { description: 'Confirmado pelo histórico' },
    });
    expect(ok.body.message).toBe(BLACKLIST_MSG.approved);
    const twice = await http.post(`/api/block-suggestions/${id}/deny`, {
      cookie: manager,
      body: { description: 'x' },
    });
    expect(twice.body.message).toBe(BLACKLIST_MSG.alreadyDecided);

    const list = await http.get('/api/blacklist?contact=5511955550001', { cookie: manager });
    expect(list.body.items).toMatchObject([
      { status_label: 'Bloqueado', suggest_operator_name: 'Ana', block_by_name: 'Gustavo' },
    ]);
    const decided = await http.get('/api/block-suggestions?status=decided', { cookie: manager });
    expect(decided.body.items).toMatchObject([
      { id, status_label: 'Aprovada', decision_description: 'Confirmado pelo histórico' },
    ]);
    // Blocked: no new suggestion for the contact.
    const a = await attendanceOf('5511955550001');
    expect(a.closedAt).not.toBeNull();

    const b = await attendanceOf('5511955550002', 'Dona Maria');
    const s2 = await http.post('/api/block-suggestions', {
      cookie: operator,
      body: { attendance_id: b.id, description: 'Achei suspeito' },
    });
    const noDenial = await http.post(`/api/block-suggestions/${s2.body.id}/deny`, {
      cookie: manager,
      body: { description: ' ' },
    });
    expect(noDenial.body.message).toBe(BLACKLIST_MSG.denialReason);
    const denied = await http.post(`/api/block-suggestions/${s2.body.id}/deny`, {
      cookie: manager,
      body: { description: 'Cliente legítima' },
    });
    expect(denied.body.message).toBe(BLACKLIST_MSG.denied);
    const decided2 = await http.get('/api/block-suggestions?status=decided', { cookie: manager });
    expect((decided2.body.items as { status_label: string }[]).map((i) => i.status_label).sort()).toEqual([
      'Aprovada',
      'Reprovada',
    ]);
    expect((await http.get('/api/blacklist?contact=5511955550002', { cookie: manager })).body.total).toBe(0);
    expect((await http.get('/api/block-suggestions/count', { cookie: manager })).body).toEqual({
      pending: 0,
    });
  });

  it('only a lord (1000) blocks from the chat', async () => {
    const a = await attendanceOf('5511955550003', 'Fulano');
    const r = await http.post('/api/blacklist/attendance-block', {
      cookie: admin,
      body: { attendance_id: a.id, description: 'Golpe' },
    });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(BLACKLIST_MSG.noPermission);
    await ctx.db.update(users).set({ role: 1000 }).where(eq(users.email, ADMIN));
    const lord = await http.login(ADMIN);
    expect((await http.get('/api/blacklist/access', { cookie: lord })).body).toMatchObject({
      can_block_from_chat: true,
    });
    const ok = await http.post('/api/blacklist/attendance-block', {
      cookie: lord,
      body: { attendance_id: a.id, description: 'Golpe' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(blockedContacts)
      .where(eq(blockedContacts.id, ok.body.id as number));
    expect(row).toMatchObject({ prefix: 'waent', channelId, contact: '5511955550003', status: 'accepted' });
    const history = await ctx.db
      .select()
      .from(blacklistHistory)
      .where(eq(blacklistHistory.blockedContactId, row?.id ?? 0));
    expect(history).toHaveLength(1);
    await ctx.db.update(users).set({ role: 2 }).where(eq(users.email, ADMIN));
    // Blocked on one channel only: the same number on the other channel is not.
    const other = await ingestInbound(ctx.deps, {
      companyId: demo.companyId,
      channel: { kind: 'waent', id: otherChannelId, sectorId },
      contact: { externalId: '5511955550003', name: 'Fulano' },
      message: { externalId: 'other-ch-1', text: 'Oi', sentAt: new Date() },
    });
    expect(other.attendance.closedAt).toBeNull();
    const [open] = await ctx.db.select().from(attendances).where(eq(attendances.id, other.attendance.id));
    expect(open?.statusId).toBeNull();
  });
});
