import {
  BACKUP_MSG,
  RESTORED_PER_PAGE,
  type TBackupRow,
  type TRestoredConversation,
  type TRestoredPage,
} from '@prosa/shared/backups';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { userCompanies } from '../../db/schema/admin';
import { attendances, contacts, messages, persons } from '../../db/schema/attendance';
import { companies } from '../../db/schema/companies';
import { sectors } from '../../db/schema/organization';
import { users } from '../../db/schema/users';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let admin: string;
let other: string;
let demoId: number;
let backupId = 0;
let pendingId = 0;
let restoredCompanyId = 0;

// March 2026 in São Paulo: three finalized attendances (one with 30 extra closed ones to page through), restored
// through the real jobs.
const SP = (local: string) => new Date(`${local}-03:00`);

async function addAttendance(
  protocol: string,
  closedAt: Date,
  contact: { name: string; number: string },
  lines: { text: string; from: 'in' | 'out'; operator?: string }[],
) {
  const companyId = demoId;
  const [person] = await ctx.db.insert(persons).values({ companyId, name: contact.name }).returning();
  const [c] = await ctx.db
    .insert(contacts)
    .values({
      companyId,
      personId: person?.id ?? 0,
      kind: 'waweb',
      channelId: 1,
      externalId: `${contact.number}-${protocol}`,
      name: contact.name,
      data: { telefone: contact.number },
    })
    .returning();
  const [sector] = await ctx.db.select().from(sectors).where(eq(sectors.companyId, companyId)).limit(1);
  const start = new Date(closedAt.getTime() - 3_600_000);
  const [att] = await ctx.db
    .insert(attendances)
    .values({
      companyId,
      cardId: `card-${protocol}`,
      protocol,
      contactId: c?.id ?? 0,
      personId: person?.id ?? 0,
      channelKind: 'waweb',
      channelId: 1,
      name: contact.name,
      sectorId: sector?.id ?? 0,
      firstStartChatAt: start,
      closedAt,
      closedByUserName: 'Ana Operadora',
    })
    .returning();
  if (lines.length === 0) return;
  // Inserted in reverse so that the order shown comes from sent_at, not from insertion.
  await ctx.db.insert(messages).values(
    lines
      .map((l, i) => ({
        companyId,
        attendanceId: att?.id ?? 0,
        messageId: `${protocol}-m${i}`,
        text: l.text,
        senderType: l.from === 'in' ? 0 : 1,
        operatorName: l.operator ?? null,
        sentAt: new Date(start.getTime() + (i + 1) * 60_000),
      }))
      .reverse(),
  );
}

async function backupRow(id: number) {
  const r = await http.get('/api/backups?perPage=50', { cookie: admin });
  return (r.body.items as TBackupRow[]).find((x) => x.id === id);
}
async function askBackup(dateFrom: string, dateTo: string) {
  const r = await http.post('/api/backups', { cookie: admin, body: { dateFrom, dateTo } });
  expect(r.status).toBe(201);
  const id = (r.body.backup as TBackupRow).id;
  await waitFor(async () => ((await backupRow(id))?.status === 'done' ? true : null));
  return id;
}
const restored = (id: number, query = '', cookie = admin) =>
  http.get(`/api/backups/${id}/restored${query}`, { cookie });
const conversation = (id: number, attendanceId: number, cookie = admin) =>
  http.get(`/api/backups/${id}/restored/${attendanceId}/messages`, { cookie });

beforeAll(async () => {
  ctx = await createTestContext();
  http = api(ctx);
  admin = await http.login(ADMIN);
  other = await http.login(OTHER_ADMIN);
  const all = await ctx.db.select({ id: companies.id, name: companies.name }).from(companies);
  demoId = all.find((c) => c.name === 'Empresa Demo')?.id ?? 0;

  await addAttendance('RST-A', SP('2026-03-05T10:00:00'), { name: 'Beatriz Lima', number: '5511988887777' }, [
    { text: 'Oi, meu pedido não chegou', from: 'in' },
    { text: 'Vou verificar agora mesmo', from: 'out', operator: 'Ana Operadora' },
    { text: 'Obrigada!', from: 'in' },
  ]);
  await addAttendance('RST-B', SP('2026-03-20T15:00:00'), { name: 'Carlos Souza', number: '5521977776666' }, [
    { text: 'Quero cancelar', from: 'in' },
  ]);
  for (let i = 0; i < 30; i++)
    await addAttendance(
      `RST-P${String(i).padStart(2, '0')}`,
      SP(
        `2026-03-10T${String(8 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 10).padStart(2, '0')}:00`,
      ),
      { name: `Pagina ${i}`, number: `55319000000${String(i).padStart(2, '0')}` },
      [],
    );

  backupId = await askBackup('01/03/2026', '31/03/2026');
  pendingId = await askBackup('01/04/2026', '30/04/2026');
  const r = await http.post(`/api/backups/${backupId}/restore`, { cookie: admin });
  expect(r.status).toBe(200);
  const row = await waitFor(async () => (await backupRow(backupId))?.restored_company ?? null);
  restoredCompanyId = row.id;
});
afterAll(async () => {
  await ctx.close();
});

describe('the restored attendances', () => {
  it('lists the restored company’s attendances, 25 per page, newest closed first, with their details', async () => {
    const r = await restored(backupId);
    expect(r.status).toBe(200);
    const body = r.body as TRestoredPage;
    expect(body.company).toMatchObject({
      id: restoredCompanyId,
      name: 'Empresa Demo (backup 01/03/2026 a 31/03/2026)',
      timezone: 'America/Sao_Paulo',
    });
    expect(body.total).toBe(32);
    expect(body.per_page).toBe(RESTORED_PER_PAGE);
    expect(body.items).toHaveLength(25);
    expect(body.items[0]).toMatchObject({
      protocol: 'RST-B',
      contact_name: 'Carlos Souza',
      contact_number: '5521977776666',
      status: null,
      messages: 1,
      closed_at: SP('2026-03-20T15:00:00').toISOString(),
    });
    expect(body.items[0]?.sector).toEqual(expect.any(String));
    const closed = body.items.map((x) => x.closed_at ?? '');
    expect(closed).toEqual([...closed].sort().reverse());

    const second = (await restored(backupId, '?page=2')).body as TRestoredPage;
    expect(second.items).toHaveLength(7);
    expect(second.items.at(-1)?.protocol).toBe('RST-A');
    expect(second.items.at(-1)?.messages).toBe(3);
  });

  it('searches by contact name, number (with or without mask) and protocol', async () => {
    const by = async (search: string) =>
      ((await restored(backupId, `?search=${encodeURIComponent(search)}`)).body as TRestoredPage).items.map(
        (x) => x.protocol,
      );
    expect(await by('beatriz')).toEqual(['RST-A']);
    expect(await by('(21) 97777-6666')).toEqual(['RST-B']);
    expect(await by('RST-A')).toEqual(['RST-A']);
    expect(await by('ninguém com esse nome')).toEqual([]);
  });

  it('shows one conversation in the order it was sent, with directions and authors', async () => {
    const list = (await restored(backupId, '?search=RST-A')).body as TRestoredPage;
    const id = list.items[0]?.id ?? 0;
    const r = await conversation(backupId, id);
    expect(r.status).toBe(200);
    const body = r.body as TRestoredConversation;
    expect(body.attendance.protocol).toBe('RST-A');
    expect(body.messages.map((m) => [m.direction, m.author, m.text, m.type])).toEqual([
      ['in', 'Beatriz Lima', 'Oi, meu pedido não chegou', 'text'],
      ['out', 'Ana Operadora', 'Vou verificar agora mesmo', 'text'],
      ['in', 'Beatriz Lima', 'Obrigada!', 'text'],
    ]);
    const times = body.messages.map((m) => m.sent_at);
    expect(times).toEqual([...times].sort());

    // An attendance of the original company is not one of the restored company's.
    const [original] = await ctx.db
      .select()
      .from(attendances)
      .where(and(eq(attendances.companyId, demoId), eq(attendances.protocol, 'RST-A')));
    const foreign = await conversation(backupId, original?.id ?? 0);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(BACKUP_MSG.attendanceNotFound);
  });
});

describe('who may inspect', () => {
  it('answers 409 with its text for a backup not restored yet', async () => {
    const r = await restored(pendingId);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(BACKUP_MSG.notRestored);
    expect((await conversation(pendingId, 1)).status).toBe(409);
  });

  it('keeps another company’s admin out (404) and refuses a manager (403)', async () => {
    const o = await restored(backupId, '', other);
    expect(o.status).toBe(404);
    expect(o.body.message).toBe(BACKUP_MSG.notFound);
    const list = (await restored(backupId)).body as TRestoredPage;
    expect((await conversation(backupId, list.items[0]?.id ?? 0, other)).status).toBe(404);
    const gestor = await http.login(MANAGER);
    expect((await restored(backupId, '', gestor)).status).toBe(403);
    expect((await conversation(backupId, list.items[0]?.id ?? 0, gestor)).status).toBe(403);
  });

  it('answers 404 to an admin whose list no longer holds the restored company', async () => {
    const [me] = await ctx.db.select().from(users).where(eq(users.email, ADMIN));
    await ctx.db
      .delete(userCompanies)
      .where(and(eq(userCompanies.userId, me?.id ?? 0), eq(userCompanies.companyId, restoredCompanyId)));
    const r = await restored(backupId);
    expect(r.status).toBe(404);
    expect(r.body.message).toBe(BACKUP_MSG.notFound);
    await ctx.db.insert(userCompanies).values({ userId: me?.id ?? 0, companyId: restoredCompanyId });
    expect((await restored(backupId)).status).toBe(200);
  });
});
