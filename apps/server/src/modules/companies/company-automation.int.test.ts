import { randomUUID } from 'node:crypto';
import { COMPANY_AUTOMATION_MSG, DEFAULT_BUSINESS_HOURS } from '@prosa/shared/company-automation';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoIds, newVisitor } from '../../../test/helpers/attendance-fixtures';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { attendances, messages } from '../../db/schema/attendance';
import { triggers } from '../../db/schema/automation';
import { automationConsumer } from '../automation-consumer/consumer';

// Company edit's "Atendimento automático" (issue 24): the default status closes a removed locked attendance; the
// business hours and the out-of-hours reply answer a real web chat visitor once, at the opening, in the company's
// timezone; the no-operator-online reply when the attendance reaches people. A channel's own triggers win.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let admin: string;
let manager: string;
let other: string;
let consumer: ReturnType<typeof automationConsumer>;

// São Paulo is UTC-3: Wednesday 25/11/2026.
const WEDNESDAY = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(2026, 10, 25, h + 3, m)).toISOString();
};
const SUNDAY_NOON = '2026-11-29T15:00:00Z';

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  admin = await http.login(ADMIN);
  manager = await http.login(MANAGER);
  other = await http.login(OTHER_ADMIN);
  // The channels' own triggers would take precedence: none here.
  await ctx.db.delete(triggers).where(eq(triggers.companyId, ids.companyId));
  consumer = automationConsumer(ctx.deps);
  await consumer.ensure();
});
afterAll(() => ctx.close());

const url = (suffix: string, id = ids.companyId) => `/api/companies/${id}/${suffix}`;

async function drain(at: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(at));
  try {
    for (let i = 0; i < 5; i++) if ((await consumer.drain()).facts === 0) break;
  } finally {
    vi.useRealTimers();
  }
}

/** A visitor writes twice at `at`; answers the bot's messages of their attendance. */
async function botMessagesFor(at: string) {
  const name = `Visitante ${randomUUID().slice(0, 8)}`;
  const v = await newVisitor(ctx, name);
  expect((await v.send('Oi')).status).toBe(200);
  await drain(at);
  expect((await v.send('Alguém aí?')).status).toBe(200);
  await drain(at);
  const [a] = await ctx.db.select().from(attendances).where(eq(attendances.name, name));
  const rows = await ctx.db
    .select({ text: messages.text, senderType: messages.senderType })
    .from(messages)
    .where(eq(messages.attendanceId, a?.id ?? 0))
    .orderBy(asc(messages.id));
  return rows.filter((m) => m.senderType !== 0).map((m) => m.text);
}

describe('access', () => {
  it('admins of the company only', async () => {
    const r = await http.get(url('automation'), { cookie: admin });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      default_status: null,
      automatic_attendance: {
        hours: DEFAULT_BUSINESS_HOURS,
        out_of_hours: { enabled: false },
        offline: { enabled: false },
      },
    });
    expect((r.body.statuses as { name: string }[]).map((s) => s.name)).toContain('Resolvido');
    expect((await http.get(url('automation'), { cookie: manager })).status).toBe(403);
    expect((await http.get(url('automation'), { cookie: other })).status).toBe(404);
    const foreign = await http.put(url('default-status'), {
      cookie: other,
      body: { default_status: ids.status('Resolvido') },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('default status', () => {
  it('only a finalization status; a removed locked attendance closes with it', async () => {
    const bad = await http.put(url('default-status'), {
      cookie: admin,
      body: { default_status: ids.status('Em negociação') },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(COMPANY_AUTOMATION_MSG.statusNotFinalization);
    const ok = await http.put(url('default-status'), {
      cookie: admin,
      body: { default_status: ids.status('Resolvido') },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(COMPANY_AUTOMATION_MSG.defaultStatusSaved);
    expect(ok.body.default_status).toBe(ids.status('Resolvido'));

    const v = await newVisitor(ctx, 'Travado Padrão');
    await v.send('Oi');
    const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, 'Travado Padrão'));
    await ctx.db
      .update(attendances)
      .set({ locked: true })
      .where(eq(attendances.id, row?.id ?? 0));
    const removed = await http.post('/api/del-locked-contact', {
      cookie: manager,
      body: { contact: row?.id },
    });
    expect(removed.status).toBe(200);
    const [closed] = await ctx.db
      .select()
      .from(attendances)
      .where(eq(attendances.id, row?.id ?? 0));
    expect(closed?.closedAt).not.toBeNull();
    expect(closed?.statusId).toBe(ids.status('Resolvido'));

    // Cleared, the next removal closes without a status, as before.
    await http.put(url('default-status'), { cookie: admin, body: { default_status: null } });
    const w = await newVisitor(ctx, 'Travado Sem Padrão');
    await w.send('Oi');
    const [row2] = await ctx.db.select().from(attendances).where(eq(attendances.name, 'Travado Sem Padrão'));
    await ctx.db
      .update(attendances)
      .set({ locked: true })
      .where(eq(attendances.id, row2?.id ?? 0));
    await http.post('/api/del-locked-contact', { cookie: manager, body: { contact: row2?.id } });
    const [closed2] = await ctx.db
      .select()
      .from(attendances)
      .where(eq(attendances.id, row2?.id ?? 0));
    expect(closed2?.closedAt).not.toBeNull();
    expect(closed2?.statusId).toBeNull();
  });
});

describe('automatic attendance', () => {
  it('refuses bad hours and an enabled reply without message', async () => {
    const hours = DEFAULT_BUSINESS_HOURS.map((d, i) => (i === 3 ? { ...d, start: '19:00' } : d));
    const bad = await http.put(url('automatic-attendance'), { cookie: admin, body: { hours } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(COMPANY_AUTOMATION_MSG.endBeforeStart);
    const empty = await http.put(url('automatic-attendance'), {
      cookie: admin,
      body: { out_of_hours: { enabled: true, message: ' ' } },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(COMPANY_AUTOMATION_MSG.messageRequired);
  });

  it('answers outside the business hours once per attendance, and when no operator is online', async () => {
    // Off (the default): nothing is sent.
    expect(await botMessagesFor(WEDNESDAY('07:30'))).toEqual([]);

    const saved = await http.put(url('automatic-attendance'), {
      cookie: admin,
      body: {
        hours: DEFAULT_BUSINESS_HOURS,
        out_of_hours: { enabled: true, message: 'Estamos fora do horário; respondemos a partir das 8h.' },
        offline: { enabled: false, message: '' },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe(COMPANY_AUTOMATION_MSG.saved);
    const reply = 'Estamos fora do horário; respondemos a partir das 8h.';
    // Before the start, after the end, and all day on Sunday (closed): once, though the visitor wrote twice.
    expect(await botMessagesFor(WEDNESDAY('07:30'))).toEqual([reply]);
    expect(await botMessagesFor(WEDNESDAY('18:00'))).toEqual([reply]);
    expect(await botMessagesFor(SUNDAY_NOON)).toEqual([reply]);
    // Within the hours: nothing.
    expect(await botMessagesFor(WEDNESDAY('11:00'))).toEqual([]);

    // No operator online (none is, here): the company's reply when the attendance reaches people.
    await http.put(url('automatic-attendance'), {
      cookie: admin,
      body: {
        hours: DEFAULT_BUSINESS_HOURS,
        out_of_hours: { enabled: false, message: reply },
        offline: { enabled: true, message: 'Nenhum atendente online agora; aguarde.' },
      },
    });
    expect(await botMessagesFor(WEDNESDAY('11:00'))).toEqual(['Nenhum atendente online agora; aguarde.']);
    const after = await http.get(url('automation'), { cookie: admin });
    expect((after.body.automatic_attendance as { offline: unknown }).offline).toEqual({
      enabled: true,
      message: 'Nenhum atendente online agora; aguarde.',
    });
  });
});
