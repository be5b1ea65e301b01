import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers/test-app';
import { JOB_CATALOGUE, JobPayloadError, sendJob, type TJobName } from './catalogue';
import type { Queue } from './queue';
import { JOBS } from './registry';

let ctx: TestContext;
let queue: Queue;

beforeAll(async () => {
  ctx = await createTestContext();
  if (!ctx.deps.queue) throw new Error('fila não iniciada');
  queue = ctx.deps.queue;
});
afterAll(() => ctx.close());

/** Jobs of a name in pg-boss's table, whatever their state. */
async function jobsNamed(name: string) {
  const r = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = ${name}`,
  );
  return r.rows[0]?.n ?? -1;
}

describe('jobs catalogue', () => {
  it('names every job the workers run, and each job file reads its payload with the catalogue schema', () => {
    expect(Object.keys(JOB_CATALOGUE).sort()).toEqual(JOBS.map((j) => j.name).sort());
    for (const job of JOBS) expect(job.payload, job.name).toBe(JOB_CATALOGUE[job.name as TJobName]);
  });

  it('sends a good payload by name: the worker runs it (the e-mail reaches the SMTP server)', async () => {
    const before = ctx.smtp.inbox.length;
    const id = randomUUID();
    const sent = await sendJob(
      queue,
      'mail.send',
      { companyId: null, to: 'catalogo@exemplo.com.br', subject: 'Pelo nome', text: 'Enviado pelo catálogo' },
      { id },
    );
    expect(sent).toBe(id);
    const mail = await ctx.smtp.waitFor('catalogo@exemplo.com.br', before);
    expect(mail.subject).toBe('Pelo nome');
    expect(mail.body).toContain('Enviado pelo catálogo');
    const job = await queue.boss.getJobById<Record<string, unknown>>('mail.send', id);
    expect(job?.data).toEqual({
      companyId: null,
      to: 'catalogo@exemplo.com.br',
      subject: 'Pelo nome',
      text: 'Enviado pelo catálogo',
    });
  });

  it('keeps the payload the schema accepts and drops unknown keys', async () => {
    const id = randomUUID();
    const later = new Date(Date.now() + 3_600_000);
    const payload = { companyId: 1, scheduleId: 7, extra: 'x' } as { companyId: number; scheduleId: number };
    await sendJob(queue, 'scheduling.return-due', payload, { id, startAfter: later });
    const job = await queue.boss.getJobById<Record<string, unknown>>('scheduling.return-due', id);
    expect(job?.data).toEqual({ companyId: 1, scheduleId: 7 });
    expect(job?.state).toBe('created');
    expect(job?.startAfter.getTime()).toBe(later.getTime());
  });

  it('refuses a bad payload and queues nothing', async () => {
    const mails = await jobsNamed('mail.send');
    const exports = await jobsNamed('history.export');
    const bad: [TJobName, unknown][] = [
      ['mail.send', { companyId: null, to: 'x@exemplo.com.br', subject: 'sem texto' }],
      ['mail.send', { companyId: '1', to: 'x@exemplo.com.br', subject: 's', text: 't' }],
      ['mail.send', null],
      ['history.export', { companyId: 1, exportId: 'não-é-uuid', userId: 1, role: 1 }],
      ['history.export', { exportId: randomUUID(), userId: 1, role: 1 }],
    ];
    for (const [name, payload] of bad) {
      // biome-ignore lint/suspicious/noExplicitAny: a payload the types would refuse, as a bug would send it
      await expect(sendJob(queue, name, payload as any), JSON.stringify(payload)).rejects.toThrow(
        JobPayloadError,
      );
    }
    await expect(
      sendJob(queue, 'mail.send', { companyId: null, to: 'x', subject: 's' } as never),
    ).rejects.toThrow(/job mail\.send: invalid payload \(text: /);
    expect(await jobsNamed('mail.send')).toBe(mails);
    expect(await jobsNamed('history.export')).toBe(exports);
  });

  it('refuses a name outside the catalogue', async () => {
    for (const name of ['nao.existe', 'constructor', '__proto__']) {
      await expect(sendJob(queue, name as TJobName, { companyId: null } as never)).rejects.toThrow(
        /not in the job catalogue/,
      );
      expect(await jobsNamed(name)).toBe(0);
    }
  });
});
