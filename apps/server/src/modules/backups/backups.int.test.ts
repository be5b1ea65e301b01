import { gunzipSync } from 'node:zlib';
import { BACKUP_MSG, type TBackupAttendanceLine, type TBackupRow } from '@prosa/shared/backups';
import { and, eq, isNull } from 'drizzle-orm';
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
import { historyBackups } from '../../db/schema/back-office';
import { companies } from '../../db/schema/companies';
import { sectors } from '../../db/schema/organization';
import { users } from '../../db/schema/users';
import { writeBackup } from './write-backup';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let admin: string;
let other: string;
let demoId: number;
let otherId: number;

// January 2026 in São Paulo (the demo company's timezone): two finalized attendances inside, one just after its
// last day, an open one, and another company's.
const SP = (local: string) => new Date(`${local}-03:00`);
const INSIDE = ['BKP-IN-1', 'BKP-IN-2'];

async function addAttendance(
  companyId: number,
  protocol: string,
  closedAt: Date | null,
  lines: string[],
  contactName = 'Cliente Backup',
) {
  const [person] = await ctx.db.insert(persons).values({ companyId, name: contactName }).returning();
  const [contact] = await ctx.db
    .insert(contacts)
    .values({
      companyId,
      personId: person?.id ?? 0,
      kind: 'waweb',
      channelId: 1,
      externalId: `55119${Math.floor(Math.random() * 1e8)}`,
      name: contactName,
      data: { telefone: '5511912345678' },
    })
    .returning();
  const [sector] = await ctx.db.select().from(sectors).where(eq(sectors.companyId, companyId)).limit(1);
  const start = new Date((closedAt ?? new Date()).getTime() - 3_600_000);
  const [att] = await ctx.db
    .insert(attendances)
    .values({
      companyId,
      cardId: `card-${protocol}`,
      protocol,
      contactId: contact?.id ?? 0,
      personId: person?.id ?? 0,
      channelKind: 'waweb',
      channelId: 1,
      name: contactName,
      sectorId: sector?.id ?? 0,
      firstStartChatAt: start,
      closedAt,
      closedByUserName: closedAt ? 'Ana Operadora' : null,
    })
    .returning();
  await ctx.db.insert(messages).values(
    lines.map((text, i) => ({
      companyId,
      attendanceId: att?.id ?? 0,
      messageId: `${protocol}-m${i}`,
      text,
      senderType: i % 2,
      sentAt: new Date(start.getTime() + (i + 1) * 60_000),
    })),
  );
}

async function ask(dateFrom: string, dateTo: string, cookie = admin) {
  return http.post('/api/backups', { cookie, body: { dateFrom, dateTo } });
}
async function rows(cookie = admin, query = '') {
  const r = await http.get(`/api/backups${query}`, { cookie });
  return r.body as { items: TBackupRow[]; total: number; page: number; per_page: number };
}
async function download(id: number, cookie = admin) {
  return ctx.app.inject({ method: 'GET', url: `/api/backups/${id}/download`, headers: { cookie } });
}

beforeAll(async () => {
  ctx = await createTestContext();
  http = api(ctx);
  admin = await http.login(ADMIN);
  other = await http.login(OTHER_ADMIN);
  const all = await ctx.db.select({ id: companies.id, name: companies.name }).from(companies);
  demoId = all.find((c) => c.name === 'Empresa Demo')?.id ?? 0;
  otherId = all.find((c) => c.id !== demoId)?.id ?? 0;
  await addAttendance(demoId, 'BKP-IN-1', SP('2026-01-10T12:00:00'), [
    'Olá, preciso de ajuda',
    'Claro, já vejo',
  ]);
  // 31/01 23:30 in São Paulo is already February in UTC: it belongs to January for the company.
  await addAttendance(demoId, 'BKP-IN-2', SP('2026-01-31T23:30:00'), [
    'Última do mês',
    'Obrigado',
    'Até logo',
  ]);
  await addAttendance(demoId, 'BKP-OUT-FEB', SP('2026-02-01T00:30:00'), ['Já é fevereiro']);
  await addAttendance(demoId, 'BKP-OPEN', null, ['Ainda aberto']);
  await addAttendance(otherId, 'BKP-OTHER', SP('2026-01-15T10:00:00'), ['De outra empresa']);
});
afterAll(async () => {
  await ctx.close();
});

describe('asking for a backup', () => {
  it('answers the spec texts for bad dates and a range over 366 days, and schedules nothing', async () => {
    const cases: [string, string, string][] = [
      ['', '31/01/2026', BACKUP_MSG.datesInvalid],
      ['31/02/2026', '28/02/2026', BACKUP_MSG.datesInvalid],
      ['2026-01-01', '31/01/2026', BACKUP_MSG.datesInvalid],
      ['10/01/2026', '09/01/2026', BACKUP_MSG.datesInvalid],
      ['01/01/2025', '03/01/2026', BACKUP_MSG.rangeTooLong],
    ];
    for (const [from, to, message] of cases) {
      const r = await ask(from, to);
      expect(r.status, `${from}–${to}`).toBe(400);
      expect(r.body.message).toBe(message);
    }
    expect(await ctx.db.select().from(historyBackups)).toHaveLength(0);
  });

  it('accepts exactly 366 days (a leap year: 01/01/2024 to 01/01/2025)', async () => {
    const r = await ask('01/01/2024', '01/01/2025');
    expect(r.status).toBe(201);
    expect(r.body.message).toBe(BACKUP_MSG.requested);
    const backup = r.body.backup as TBackupRow;
    expect(backup.period).toBe('01/01/2024 a 01/01/2025');
    const done = await waitFor(async () => {
      const row = (await rows()).items.find((x) => x.id === backup.id);
      return row?.status === 'done' ? row : null;
    });
    expect(done.attendances).toBe(0);
  });

  it('is for admins of the company: a manager is refused', async () => {
    const gestor = await http.login(MANAGER);
    expect((await ask('01/01/2026', '31/01/2026', gestor)).status).toBe(403);
    expect((await http.get('/api/backups', { cookie: gestor })).status).toBe(403);
  });
});

describe('the backup job', () => {
  let backupId = 0;

  it('goes from waiting to done with progress 100, counts and size', async () => {
    const r = await ask('01/01/2026', '31/01/2026');
    expect(r.status).toBe(201);
    const created = r.body.backup as TBackupRow;
    expect(created.status).toBe('waiting');
    expect(created.status_label).toBe('Aguardando');
    backupId = created.id;
    const done = await waitFor(async () => {
      const row = (await rows()).items.find((x) => x.id === backupId);
      return row && row.status !== 'waiting' && row.status !== 'running' ? row : null;
    });
    expect(done).toMatchObject({
      status: 'done',
      status_label: 'Concluído',
      progress: 100,
      attendances: 2,
      messages: 5,
      file_name: 'backup-historico-2026-01-01-a-2026-01-31.jsonl.gz',
    });
    expect(done.size_bytes).toBeGreaterThan(0);
    // Newest first.
    expect((await rows()).items[0]?.id).toBe(backupId);
  });

  it('writes a gzip JSON-lines file of the period’s finalized attendances with their messages and contacts', async () => {
    const res = await download(backupId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="backup-historico-2026-01-01-a-2026-01-31.jsonl.gz"',
    );
    const text = gunzipSync(res.rawPayload).toString('utf8');
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string });
    expect(lines[0]).toMatchObject({ type: 'backup', company: 'Empresa Demo', date_from: '2026-01-01' });
    const atts = lines.filter((l): l is TBackupAttendanceLine => l.type === 'attendance');
    expect(atts.map((a) => a.attendance.protocol).sort()).toEqual(INSIDE);
    const last = atts.find((a) => a.attendance.protocol === 'BKP-IN-2');
    expect(last?.messages.map((m) => m.text)).toEqual(['Última do mês', 'Obrigado', 'Até logo']);
    expect(last?.contact).toMatchObject({ name: 'Cliente Backup', number: '5511912345678' });
    expect(last?.attendance.closed_by_user_name).toBe('Ana Operadora');
    expect(text).not.toContain('BKP-OPEN');
    expect(text).not.toContain('BKP-OTHER');
    expect(text).not.toContain('BKP-OUT-FEB');
  });

  it('filters the list by period', async () => {
    const jan = await rows(admin, '?dateFrom=15/01/2026&dateTo=20/01/2026');
    expect(jan.items.map((x) => x.id)).toContain(backupId);
    const later = await rows(admin, '?dateFrom=01/03/2026&dateTo=31/03/2026');
    expect(later.items.map((x) => x.id)).not.toContain(backupId);
    const bad = await http.get('/api/backups?dateFrom=99/99/2026', { cookie: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(BACKUP_MSG.datesInvalid);
  });

  it('keeps another company’s admin out: 404 on download and restore, absent from their list', async () => {
    expect((await download(backupId, other)).statusCode).toBe(404);
    const restore = await http.post(`/api/backups/${backupId}/restore`, { cookie: other });
    expect(restore.status).toBe(404);
    expect((await rows(other)).items.map((x) => x.id)).not.toContain(backupId);
  });

  it('restores into a new company of the admin’s list, with the attendances finalized and their messages', async () => {
    const r = await http.post(`/api/backups/${backupId}/restore`, { cookie: admin });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(BACKUP_MSG.restoreRequested);
    const row = await waitFor(async () =>
      (await rows()).items.find((x) => x.id === backupId && x.restored_company),
    );
    const restored = row.restored_company;
    if (!restored) throw new Error('sem empresa restaurada');
    expect(restored.name).toBe('Empresa Demo (backup 01/01/2026 a 31/01/2026)');

    const [adminUser] = await ctx.db.select().from(users).where(eq(users.email, ADMIN));
    const listed = await ctx.db
      .select()
      .from(userCompanies)
      .where(and(eq(userCompanies.userId, adminUser?.id ?? 0), eq(userCompanies.companyId, restored.id)));
    expect(listed).toHaveLength(1);

    const atts = await ctx.db.select().from(attendances).where(eq(attendances.companyId, restored.id));
    expect(atts.map((a) => a.protocol).sort()).toEqual(INSIDE);
    expect(atts.every((a) => a.closedAt !== null)).toBe(true);
    const open = await ctx.db
      .select()
      .from(attendances)
      .where(and(eq(attendances.companyId, restored.id), isNull(attendances.closedAt)));
    expect(open).toHaveLength(0);
    const msgs = await ctx.db.select().from(messages).where(eq(messages.companyId, restored.id));
    expect(msgs.map((m) => m.text).sort()).toEqual(
      ['Olá, preciso de ajuda', 'Claro, já vejo', 'Última do mês', 'Obrigado', 'Até logo'].sort(),
    );
    const people = await ctx.db.select().from(contacts).where(eq(contacts.companyId, restored.id));
    expect(people.map((c) => c.name)).toEqual(['Cliente Backup', 'Cliente Backup']);

    // The admin reaches the new company (its list), and a second restore is refused.
    const managed = await http.get('/api/companies?per_page=50', { cookie: admin });
    expect((managed.body.items as { id: number }[]).map((c) => c.id)).toContain(restored.id);
    const again = await http.post(`/api/backups/${backupId}/restore`, { cookie: admin });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(BACKUP_MSG.alreadyRestored);
  });
});

describe('progress and failure', () => {
  async function waitingBackup() {
    const [row] = await ctx.db
      .insert(historyBackups)
      .values({ companyId: demoId, dateFrom: '2026-01-01', dateTo: '2026-01-31' })
      .returning();
    return row?.id ?? 0;
  }
  const stored = async (id: number) =>
    (await ctx.db.select().from(historyBackups).where(eq(historyBackups.id, id)))[0];

  it('moves the progress batch by batch and stores 100 only with the file', async () => {
    const id = await waitingBackup();
    const seen: number[] = [];
    await writeBackup(
      ctx.deps,
      { companyId: demoId, backupId: id },
      {
        batchSize: 1,
        onProgress: (progress) => seen.push(progress),
      },
    );
    expect(seen).toEqual([50, 99]);
    expect(await stored(id)).toMatchObject({ status: 'done', progress: 100, attendances: 2, messages: 5 });
    // Run again (a duplicate job): it is no longer waiting, nothing changes.
    await writeBackup(ctx.deps, { companyId: demoId, backupId: id });
    expect((await stored(id))?.status).toBe('done');
  });

  it('ends as failed, with its text, when the file cannot be stored; the list says Falhou', async () => {
    const id = await waitingBackup();
    const broken = {
      ...ctx.deps.storage,
      put: async () => {
        throw new Error('disco cheio');
      },
    };
    await writeBackup({ db: ctx.deps.db, storage: broken }, { companyId: demoId, backupId: id });
    expect(await stored(id)).toMatchObject({ status: 'failed', error: BACKUP_MSG.failed, fileKey: null });
    const row = (await rows()).items.find((x) => x.id === id);
    expect(row).toMatchObject({ status: 'failed', status_label: 'Falhou', error: BACKUP_MSG.failed });
    expect((await download(id)).statusCode).toBe(400);
  });
});
