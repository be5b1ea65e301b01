import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestContext, OPERATOR, type TestContext } from '../../test/helpers/test-app';
import { mfaChallenges, sessions } from '../db/schema/auth';
import { purgeExpiredAuthJob } from '../modules/auth/jobs/purge-expired-auth';
import { sendMailJob } from '../modules/mail/jobs/send-mail';
import { startQueue } from './queue';
import { JOBS } from './registry';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('pg-boss jobs', () => {
  it('the purge job, run by the worker, deletes expired sessions and MFA codes and keeps live ones', async () => {
    const http = api(ctx);
    const live = await http.login(OPERATOR);
    await http.login(OPERATOR);
    await ctx.db.execute(
      sql`update sessions set expires_at = now() - interval '1 hour' where id = (select id from sessions order by created_at desc limit 1)`,
    );
    const [s] = await ctx.db.select().from(sessions).limit(1);
    await ctx.db.insert(mfaChallenges).values({
      companyId: s?.companyId ?? 0,
      userId: s?.userId ?? 0,
      codeHash: 'x',
      expiresAt: new Date(Date.now() - 60_000),
    });

    const queue = ctx.deps.queue;
    if (!queue) throw new Error('fila não iniciada');
    const jobId = await queue.send(purgeExpiredAuthJob, { companyId: null });
    expect(jobId).toBeTruthy();

    const job = await until(
      () => queue.boss.getJobById(purgeExpiredAuthJob.name, jobId ?? ''),
      (j) => j?.state === 'completed',
    );
    expect(job?.state).toBe('completed');
    expect(await ctx.db.select().from(mfaChallenges)).toHaveLength(0);
    expect(await ctx.db.select().from(sessions)).toHaveLength(1);
    expect((await http.get('/api/auth/me', { cookie: live })).status).toBe(200);
  });

  it('the purge job is scheduled hourly by cron on worker nodes', async () => {
    const schedules = await ctx.deps.queue?.boss.getSchedules();
    expect(schedules?.map((s) => [s.name, s.cron])).toContainEqual([purgeExpiredAuthJob.name, '17 * * * *']);
  });

  it('a worker starting drops the cron of a job that no longer has one (the webhook sweep moved to the scheduler)', async () => {
    const boss = ctx.deps.queue?.boss;
    if (!boss) throw new Error('fila não iniciada');
    await boss.createQueue('waent-sweep-webhooks');
    await boss.schedule('waent-sweep-webhooks', '* * * * *', { companyId: null });
    expect((await boss.getSchedules()).map((s) => s.name)).toContain('waent-sweep-webhooks');

    const other = await startQueue({ url: ctx.url, worker: true, jobs: JOBS, deps: ctx.deps, log: () => {} });
    await other.stop();
    const names = (await boss.getSchedules()).map((s) => s.name);
    expect(names).not.toContain('waent-sweep-webhooks');
    expect(names).toContain(purgeExpiredAuthJob.name);
  });

  it('e-mails go out through the mail job to the SMTP server', async () => {
    const before = ctx.smtp.inbox.length;
    await ctx.deps.queue?.send(sendMailJob, {
      companyId: null,
      to: 'cliente@exemplo.com.br',
      subject: 'Olá',
      text: 'Teste de envio',
    });
    const mail = await ctx.smtp.waitFor('cliente@exemplo.com.br', before);
    expect(mail.subject).toBe('Olá');
    expect(mail.body).toContain('Teste de envio');
  });

  it('the health check reports the database and the queue', async () => {
    const r = await api(ctx).get('/api/health');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'ok', database: 'ok', queue: 'ok' });
  });
});
