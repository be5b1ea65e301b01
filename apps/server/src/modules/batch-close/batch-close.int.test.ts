import { BATCH_CLOSE_MSG } from '@prosa/shared/batch-close';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoIds, newVisitor, setTriage } from '../../../test/helpers/attendance-fixtures';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { attendances, messages } from '../../db/schema/attendance';
import { batchCloseItems, batchCloseQueues } from '../../db/schema/batch-close';
import { userSectors } from '../../db/schema/users';
import { seedBatchCloseSamples } from '../../seed/batch-close-samples';
import { resumeQueues } from './resume-queues';
import { runQueue } from './run-queue';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let gestor: string;
let admin: string;
let ana: string;
let other: string;

type Queue = {
  id: number;
  status: string;
  total: number;
  done_count: number;
  failed_count: number;
  pending_count: number;
  error: string | null;
};
type Item = { attendance_id: number; status: string; error: string | null; protocol: string | null };

beforeAll(async () => {
  ctx = await createTestContext();
  http = api(ctx);
  ids = await demoIds(ctx);
  gestor = await http.login(MANAGER);
  admin = await http.login(ADMIN);
  ana = await http.login(OPERATOR);
  other = await http.login(OTHER_ADMIN);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await setTriage(ctx, ids.companyId, 'BASIC');
});

let seq = 0;
async function openCards(n: number, prefix = 'Lote') {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const name = `${prefix} ${++seq}`;
    const v = await newVisitor(ctx, name);
    await v.send(`Olá, sou ${name} e preciso de ajuda`);
    const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, name));
    if (!row) throw new Error('sem atendimento');
    out.push(row.id);
  }
  return out;
}

const until = async (check: () => Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
};

async function detail(id: number, cookie = gestor, query = '') {
  const r = await http.get(`/api/batch-close-queue/${id}${query}`, { cookie });
  return r.body as { queue: Queue; items: Item[]; items_total: number; admin: boolean };
}

async function finished(id: number) {
  expect(
    await until(async () => ['done', 'error', 'canceled'].includes((await detail(id)).queue.status)),
  ).toBe(true);
  return detail(id);
}

async function create(body: Record<string, unknown>, cookie = gestor) {
  return http.post('/api/batch-close-queue', { cookie, body: { filters: {}, ...body } });
}

async function rows(idList: number[]) {
  return ctx.db
    .select()
    .from(attendances)
    .where(and(eq(attendances.companyId, ids.companyId), inArray(attendances.id, idList)));
}

async function factsOf(name: string, idList: number[]) {
  const r = await ctx.db.execute<{ attendance_id: string; data: Record<string, unknown> }>(
    sql`select attendance_id, data from domain_events where name = ${name} and attendance_id in ${idList}`,
  );
  return r.rows;
}

async function closeAll(idList: number[]) {
  await ctx.db.update(attendances).set({ closedAt: new Date() }).where(inArray(attendances.id, idList));
}

const nameOf = async (id: number | undefined) => (await rows([id ?? 0]))[0]?.name ?? '';

async function queueCount() {
  const r = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from batch_close_queues`);
  return r.rows[0]?.n ?? 0;
}

describe('validation (spec 3 §5)', () => {
  it('refuses with the spec texts and creates nothing', async () => {
    const [id] = await openCards(1, 'Valida');
    const before = await queueCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ action_id: 1, status_id: ids.status('Resolvido'), histories: [] }, BATCH_CLOSE_MSG.noHistories],
      [{ status_id: ids.status('Resolvido'), histories: [id] }, BATCH_CLOSE_MSG.actionRequired],
      [{ action_id: 9, histories: [id] }, BATCH_CLOSE_MSG.actionRequired],
      [{ action_id: 1, histories: [id] }, BATCH_CLOSE_MSG.statusRequired],
      [{ action_id: 4, histories: [id] }, BATCH_CLOSE_MSG.classificationRequired],
      [{ action_id: 2, histories: [id] }, BATCH_CLOSE_MSG.sectorRequired],
      [{ action_id: 5, message: '   ', histories: [id] }, BATCH_CLOSE_MSG.messageRequired],
      [
        { action_id: 1, status_id: ids.status('Em negociação'), histories: [id] },
        BATCH_CLOSE_MSG.statusNotFinalization,
      ],
      [
        { action_id: 4, status_id: ids.status('Resolvido'), histories: [id] },
        BATCH_CLOSE_MSG.statusNotClassification,
      ],
      [{ action_id: 2, sector_id: 999_999, histories: [id] }, BATCH_CLOSE_MSG.sectorNotFound],
      [{ action_id: 3, user_id: 999_999, histories: [id] }, BATCH_CLOSE_MSG.userNotFound],
      [
        { action_id: 1, status_id: ids.status('Resolvido'), histories: [99_999_999] },
        BATCH_CLOSE_MSG.noneOpen,
      ],
      [{ action_id: 1, status_id: ids.status('Resolvido'), histories: [1e20] }, BATCH_CLOSE_MSG.noHistories],
    ];
    for (const [body, message] of cases) {
      const r = await create(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const garbage = await create({ action_id: 'x', histories: 'y', status_id: -5 });
    expect(garbage.status).toBe(400);
    const badFilter = await http.get('/api/batch-close-queue/open-histories?fromDate=2026-02-30', {
      cookie: gestor,
    });
    expect(badFilter.status).toBe(400);
    const range = await http.get(
      '/api/batch-close-queue/open-histories?fromDate=2026-03-10&toDate=2026-03-01',
      {
        cookie: gestor,
      },
    );
    expect(range.status).toBe(400);
    expect(range.body.message).toBe(BATCH_CLOSE_MSG.invalidRange);
    expect(await queueCount()).toBe(before);
    await closeAll([id ?? 0]);
  });
});

describe('roles and tenancy', () => {
  it('operators are refused; another company sees none of the queues', async () => {
    expect((await http.get('/api/batch-close-queue', { cookie: ana })).status).toBe(403);
    expect((await http.get('/api/batch-close-queue/open-histories', { cookie: ana })).status).toBe(403);
    const [id] = await openCards(1, 'Papel');
    const refused = await create(
      { action_id: 4, status_id: ids.status('Em negociação'), histories: [id] },
      ana,
    );
    expect(refused.status).toBe(403);

    const made = await create({ action_id: 4, status_id: ids.status('Em negociação'), histories: [id] });
    expect(made.status).toBe(200);
    const queueId = (made.body.queue as Queue).id;
    await finished(queueId);
    expect((await http.get(`/api/batch-close-queue/${queueId}`, { cookie: other })).status).toBe(404);
    expect(
      (await http.post('/api/batch-close-queue/cancel', { cookie: other, body: { id: queueId } })).status,
    ).toBe(404);
    const theirs = (await http.get('/api/batch-close-queue', { cookie: other })).body as { queues: Queue[] };
    expect(theirs.queues).toHaveLength(0);
    // Another company's attendance is not theirs to take.
    const foreign = await create(
      { action_id: 1, status_id: ids.status('Resolvido'), histories: [id] },
      other,
    );
    expect(foreign.status).toBe(400);
    expect((await rows([id ?? 0]))[0]?.closedAt).toBeNull();

    const list = (await http.get('/api/batch-close-queue', { cookie: admin })).body as { admin: boolean };
    expect(list.admin).toBe(true);
    expect(
      ((await http.get('/api/batch-close-queue', { cookie: gestor })).body as { admin: boolean }).admin,
    ).toBe(false);
    const bad = await http.get('/api/batch-close-queue/abc', { cookie: gestor });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(BATCH_CLOSE_MSG.notFound);
    await closeAll([id ?? 0]);
  });
});

describe('open attendances search', () => {
  it('lists only the open attendances the caller sees in the chat, by period, operator, text and status', async () => {
    const [a, b, c] = await openCards(3, 'Busca');
    const financeiro = ids.sector('Financeiro');
    const gestorId = ids.user(MANAGER);
    // The manager leaves Financeiro: its attendances are out of their sight (as in the chat).
    await ctx.db
      .update(attendances)
      .set({ sectorId: financeiro })
      .where(eq(attendances.id, c ?? 0));
    await ctx.db
      .delete(userSectors)
      .where(and(eq(userSectors.userId, gestorId), eq(userSectors.sectorId, financeiro)));
    await ctx.db
      .update(attendances)
      .set({
        operatorAssignedId: ids.user(OPERATOR),
        operatorAssignedName: 'Ana',
        statusId: ids.status('Em negociação'),
      })
      .where(eq(attendances.id, b ?? 0));
    try {
      const search = async (query: string, cookie = gestor) => {
        const r = await http.get(`/api/batch-close-queue/open-histories${query}`, { cookie });
        expect(r.status).toBe(200);
        return r.body as { histories: { id: number }[]; total: number; fromDate: string; locked_at: string };
      };
      const all = await search('');
      const seen = all.histories.map((h) => h.id);
      expect(seen).toEqual(expect.arrayContaining([a, b]));
      expect(seen).not.toContain(c);
      expect(all.total).toBe(all.histories.length);
      expect(all.fromDate).toMatch(/^\d{4}-\d{2}-01$/);
      // The admin sees every sector.
      expect((await search('', admin)).histories.map((h) => h.id)).toContain(c);

      expect((await search(`?user_id=${ids.user(OPERATOR)}`)).histories.map((h) => h.id)).toEqual([b]);
      expect((await search(`?status_id=${ids.status('Em negociação')}`)).histories.map((h) => h.id)).toEqual([
        b,
      ]);
      // Text of a message, or the contact's name (accents and case ignored).
      const inMessage = `sou ${(await nameOf(a)).toUpperCase()} e preciso`;
      expect((await search(`?message=${encodeURIComponent(inMessage)}`)).histories.map((h) => h.id)).toEqual([
        a,
      ]);
      expect(
        (await search(`?message=${encodeURIComponent(await nameOf(b))}`)).histories.map((h) => h.id),
      ).toEqual([b]);
      expect((await search('?fromDate=2020-01-01&toDate=2020-01-31')).histories).toHaveLength(0);
      // A closed attendance is not offered.
      await ctx.db
        .update(attendances)
        .set({ closedAt: new Date() })
        .where(eq(attendances.id, a ?? 0));
      expect((await search('')).histories.map((h) => h.id)).not.toContain(a);
      // Nor can it be sent in a queue of someone who does not see it.
      const hidden = await create({ action_id: 4, status_id: ids.status('Em negociação'), histories: [c] });
      expect(hidden.status).toBe(400);
      expect(hidden.body.message).toBe(BATCH_CLOSE_MSG.noneOpen);
    } finally {
      await ctx.db
        .insert(userSectors)
        .values({ companyId: ids.companyId, userId: gestorId, sectorId: financeiro });
      await ctx.db
        .update(attendances)
        .set({ closedAt: new Date() })
        .where(inArray(attendances.id, [a ?? 0, b ?? 0, c ?? 0]));
    }
  });
});

describe('actions 1–5 through the chat operations', () => {
  it('1 finalizes the attendances with the status (closed facts), Concluído', async () => {
    const list = await openCards(4, 'Finaliza');
    const resolvido = ids.status('Resolvido');
    const r = await create({
      action_id: 1,
      status_id: resolvido,
      histories: list,
      filters: { message: 'x' },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(BATCH_CLOSE_MSG.created);
    const queueId = (r.body.queue as Queue).id;
    const d = await finished(queueId);
    expect(d.queue).toMatchObject({
      status: 'done',
      total: 4,
      done_count: 4,
      failed_count: 0,
      pending_count: 0,
    });
    expect(d.items.map((i) => i.status)).toEqual(['done', 'done', 'done', 'done']);
    for (const row of await rows(list)) {
      expect(row.closedAt).not.toBeNull();
      expect(row.statusId).toBe(resolvido);
      expect(row.closedByUserId).toBe(ids.user(MANAGER));
    }
    expect(await factsOf('attendance.closed', list)).toHaveLength(4);
    const progress = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from domain_events where name = 'batch_close.updated' and (data->>'queue_id')::int = ${queueId}`,
    );
    expect(progress.rows[0]?.n).toBeGreaterThanOrEqual(3);
    // The queue list shows it with its counters and nothing in progress.
    const all = (await http.get('/api/batch-close-queue', { cookie: gestor })).body as {
      queues: (Queue & { created_by_name: string; status_name: string })[];
      hasInProgressQueue: boolean;
    };
    expect(all.hasInProgressQueue).toBe(false);
    expect(all.queues[0]).toMatchObject({
      id: queueId,
      created_by_name: 'Gustavo',
      status_name: 'Resolvido',
    });
  });

  it('2 transfers the sector, 3 the owner (and to nobody with 0), 4 classifies', async () => {
    const list = await openCards(2, 'Transfere');
    const financeiro = ids.sector('Financeiro');
    const d2 = await finished(
      ((await create({ action_id: 2, sector_id: financeiro, histories: list })).body.queue as Queue).id,
    );
    expect(d2.queue).toMatchObject({ status: 'done', done_count: 2 });
    for (const row of await rows(list)) expect(row.sectorId).toBe(financeiro);
    expect(await factsOf('attendance.transferred', list)).toHaveLength(2);

    const bruno = ids.user(OPERATOR2);
    const d3 = await finished(
      ((await create({ action_id: 3, user_id: bruno, histories: list })).body.queue as Queue).id,
    );
    expect(d3.queue).toMatchObject({ status: 'done', done_count: 2 });
    for (const row of await rows(list)) expect(row.operatorAssignedId).toBe(bruno);
    expect(await factsOf('attendance.assigned', list)).toHaveLength(2);

    const d0 = await finished(
      ((await create({ action_id: 3, user_id: 0, histories: list })).body.queue as Queue).id,
    );
    expect(d0.queue).toMatchObject({ status: 'done', done_count: 2 });
    for (const row of await rows(list)) expect(row.operatorAssignedId).toBeNull();

    const negociacao = ids.status('Em negociação');
    const d4 = await finished(
      ((await create({ action_id: 4, status_id: negociacao, histories: list })).body.queue as Queue).id,
    );
    expect(d4.queue).toMatchObject({ status: 'done', done_count: 2 });
    for (const row of await rows(list)) {
      expect(row.statusId).toBe(negociacao);
      expect(row.closedAt).toBeNull();
    }
    expect(await factsOf('attendance.status_set', list)).toHaveLength(2);
  });

  it('3 to an operator outside the sector: each item Falhou with the reason, the queue Erro', async () => {
    const list = await openCards(2, 'Falha');
    // Ana does not work in Financeiro.
    await ctx.db
      .update(attendances)
      .set({ sectorId: ids.sector('Financeiro') })
      .where(inArray(attendances.id, list));
    const d = await finished(
      ((await create({ action_id: 3, user_id: ids.user(OPERATOR), histories: list })).body.queue as Queue).id,
    );
    expect(d.queue).toMatchObject({
      status: 'error',
      done_count: 0,
      failed_count: 2,
      error: BATCH_CLOSE_MSG.allFailed,
    });
    expect(d.items.map((i) => [i.status, i.error])).toEqual([
      ['skipped', 'Operador não encontrado neste setor.'],
      ['skipped', 'Operador não encontrado neste setor.'],
    ]);
    const failedOnly = await detail(d.queue.id, gestor, '?item_status=skipped');
    expect(failedOnly.items_total).toBe(2);
    for (const row of await rows(list)) expect(row.operatorAssignedId).toBeNull();
  });

  it('5 sends the message to each attendance (stored outbound, message.sent)', async () => {
    const list = await openCards(3, 'Mensagem');
    const text = 'Olá! Estamos encerrando os atendimentos de hoje.';
    const d = await finished(
      ((await create({ action_id: 5, message: text, histories: list })).body.queue as Queue).id,
    );
    expect(d.queue).toMatchObject({ status: 'done', done_count: 3 });
    const sent = await ctx.db
      .select()
      .from(messages)
      .where(and(inArray(messages.attendanceId, list), eq(messages.text, text)));
    expect(sent).toHaveLength(3);
    expect(sent.every((m) => m.senderType === 1 && m.operatorId === ids.user(MANAGER))).toBe(true);
    expect(await factsOf('message.sent', list)).toHaveLength(3);
    // Run again (a crashed run resumed): the same client id does not send twice.
    await ctx.db
      .update(batchCloseQueues)
      .set({ status: 'running', lockedAt: new Date(Date.now() - 120_000) })
      .where(eq(batchCloseQueues.id, d.queue.id));
    await ctx.db
      .update(batchCloseItems)
      .set({ status: 'pending', processedAt: null })
      .where(eq(batchCloseItems.queueId, d.queue.id));
    await runQueue(ctx.deps, { companyId: ids.companyId, queueId: d.queue.id });
    const again = await ctx.db
      .select()
      .from(messages)
      .where(and(inArray(messages.attendanceId, list), eq(messages.text, text)));
    expect(again).toHaveLength(3);
    await ctx.db.update(attendances).set({ closedAt: new Date() }).where(inArray(attendances.id, list));
  });
});

describe('progress, cancel and resume', () => {
  it('one queue at a time; cancel stops the run before its next item', async () => {
    const list = await openCards(20, 'Cancela');
    const resolvido = ids.status('Resolvido');
    // Another session holds the 5th attendance: the run (4 items at a time) waits on it, mid-way, with the
    // 6th to 8th done.
    const blocker = await ctx.pool.connect();
    await blocker.query('begin');
    await blocker.query('select id from attendances where company_id = $1 and id = $2 for update', [
      ids.companyId,
      list[4],
    ]);
    let queueId = 0;
    try {
      const made = await create({ action_id: 1, status_id: resolvido, histories: list });
      expect(made.status).toBe(200);
      queueId = (made.body.queue as Queue).id;
      expect(await until(async () => (await detail(queueId)).queue.done_count === 7)).toBe(true);
      expect((await detail(queueId)).queue.status).toBe('running');
      const listed = (await http.get('/api/batch-close-queue', { cookie: gestor })).body as {
        hasInProgressQueue: boolean;
      };
      expect(listed.hasInProgressQueue).toBe(true);
      const second = await create({ action_id: 1, status_id: resolvido, histories: list });
      expect(second.status).toBe(409);
      expect(second.body.message).toBe(BATCH_CLOSE_MSG.inProgress);

      const canceled = await http.post('/api/batch-close-queue/cancel', {
        cookie: gestor,
        body: { id: queueId },
      });
      expect(canceled.status).toBe(200);
      expect(canceled.body.message).toBe(BATCH_CLOSE_MSG.canceled);
    } finally {
      await blocker.query('commit');
      blocker.release();
    }
    // The items under way end; no other is taken.
    expect(await until(async () => (await detail(queueId)).queue.done_count === 8)).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    const d = await detail(queueId);
    expect(d.queue).toMatchObject({ status: 'canceled', done_count: 8, failed_count: 0, pending_count: 12 });
    const closed = (await rows(list)).filter((r) => r.closedAt !== null).map((r) => r.id);
    expect(closed.sort((x, y) => x - y)).toEqual(list.slice(0, 8));
    const again = await http.post('/api/batch-close-queue/cancel', { cookie: gestor, body: { id: queueId } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(BATCH_CLOSE_MSG.notCancelable);
    await closeAll(list);
  });

  it('a run that died resumes its pending items once its heartbeat is stale, not before', async () => {
    const list = await openCards(3, 'Retoma');
    const made = await create({
      action_id: 4,
      status_id: ids.status('Aguardando retorno do cliente'),
      histories: list,
    });
    const queueId = (made.body.queue as Queue).id;
    await finished(queueId);
    // As if its runner died after the first item.
    await ctx.db
      .update(batchCloseQueues)
      .set({ status: 'running', doneCount: 1, lockedAt: new Date(), finishedAt: null })
      .where(eq(batchCloseQueues.id, queueId));
    await ctx.db
      .update(batchCloseItems)
      .set({ status: 'pending', processedAt: null })
      .where(and(eq(batchCloseItems.queueId, queueId), inArray(batchCloseItems.attendanceId, list.slice(1))));
    await runQueue(ctx.deps, { companyId: ids.companyId, queueId });
    expect((await detail(queueId)).queue).toMatchObject({ status: 'running', done_count: 1 });
    await ctx.db
      .update(batchCloseQueues)
      .set({ lockedAt: new Date(Date.now() - 120_000) })
      .where(eq(batchCloseQueues.id, queueId));
    await runQueue(ctx.deps, { companyId: ids.companyId, queueId });
    expect((await detail(queueId)).queue).toMatchObject({ status: 'done', done_count: 3, pending_count: 0 });
    await ctx.db.update(attendances).set({ closedAt: new Date() }).where(inArray(attendances.id, list));
  });
});

describe('the resume sweep', () => {
  it('queues again a prepared queue whose job was lost, and ends one left Configurando', async () => {
    const list = await openCards(2, 'Varre');
    const made = await create({ action_id: 4, status_id: ids.status('Em negociação'), histories: list });
    const queueId = (made.body.queue as Queue).id;
    await finished(queueId);
    // As if the job had never been queued after Configurado.
    await ctx.db
      .update(batchCloseQueues)
      .set({ status: 'prepared', doneCount: 0, finishedAt: null, updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(batchCloseQueues.id, queueId));
    await ctx.db
      .update(batchCloseItems)
      .set({ status: 'pending', processedAt: null })
      .where(eq(batchCloseItems.queueId, queueId));
    const [stale] = await ctx.db
      .insert(batchCloseQueues)
      .values({
        companyId: ids.companyId,
        actionId: 1,
        statusId: ids.status('Resolvido'),
        createdBy: ids.user(MANAGER),
        createdAt: new Date(Date.now() - 10 * 60_000),
      })
      .returning({ id: batchCloseQueues.id });
    expect(await resumeQueues(ctx.deps)).toBe(1);
    expect(await until(async () => (await detail(queueId)).queue.status === 'done')).toBe(true);
    expect((await detail(queueId)).queue.done_count).toBe(2);
    expect((await detail(stale?.id ?? 0)).queue).toMatchObject({
      status: 'error',
      error: BATCH_CLOSE_MSG.saveError,
    });
    await closeAll(list);
  });
});

describe('demo sample', () => {
  it('seedBatchCloseSamples adds one finished queue over finalized attendances, once', async () => {
    await ctx.db.delete(batchCloseItems);
    await ctx.db.delete(batchCloseQueues);
    const id = await seedBatchCloseSamples(ctx.db);
    expect(id).not.toBeNull();
    const d = await detail(id ?? 0);
    expect(d.queue).toMatchObject({ status: 'done', failed_count: 0, pending_count: 0 });
    expect(d.queue.total).toBeGreaterThan(0);
    expect(d.items.every((i) => i.status === 'done')).toBe(true);
    expect(await seedBatchCloseSamples(ctx.db)).toBeNull();
  });
});
