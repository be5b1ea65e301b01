import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/helpers/attendance-fixtures';
import { collectFacts } from '../../../test/helpers/collect-facts';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  type TestContext,
} from '../../../test/helpers/test-app';
import { companies } from '../../db/schema/companies';
import { pauseReasons } from '../../db/schema/distribution';
import { statuses } from '../../db/schema/organization';
import { headCursor } from '../../facts/read-facts';
import { timerSettings } from '../distribution/timer-settings';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let demo: Awaited<ReturnType<typeof demoIds>>;
let manager: string;

type Meta = Record<string, unknown> & {
  allow: Record<string, boolean>;
  change_auto: { minutes: number };
  campaign_options: { maxCampaignAssignmentTime: number };
  reports: Record<string, unknown> & { emails: string; complete: { reportID: string } };
  blacklist: { enabled: boolean; suggest: boolean; status_id: number | null };
  control_pause: Record<string, unknown>;
  auto_dist: Record<string, unknown>;
};

async function load(cookie = manager) {
  const r = await http.get('/api/company/metadata', { cookie });
  expect(r.status).toBe(200);
  return r.body as Meta;
}

async function stored() {
  const [row] = await ctx.db.select().from(companies).where(eq(companies.id, demo.companyId));
  return row?.metadata ?? {};
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  demo = await demoIds(ctx);
  manager = await http.login(MANAGER);
});
afterAll(() => ctx.close());

describe('metadados da empresa', () => {
  it('loads the whole object with its defaults, for managers only', async () => {
    const meta = await load();
    // From the demo seed.
    expect(meta.triage).toBe('OPERATOR');
    expect(meta.allow.viewedby).toBe(true);
    // Defaults.
    expect(meta.allow.chatbots).toBe(false);
    expect(meta.change_auto).toEqual({ minutes: 0 });
    expect(meta.campaign_options).toEqual({ maxCampaignAssignmentTime: 0, reply_sector_id: null });
    expect(meta.knowledgebase_scope).toBe('company');
    expect(meta.control_pause).toEqual({
      is_active: false,
      use_reason: false,
      use_password: false,
      use_limit_pause: { enabled: false, limit_minutes: null },
    });
    expect(meta.blacklist).toEqual({ enabled: false, suggest: false, status_id: null });

    const operator = await http.login(OPERATOR);
    expect((await http.get('/api/company/metadata', { cookie: operator })).status).toBe(403);
    expect((await http.put('/api/company/metadata', { cookie: operator, body: meta })).status).toBe(403);
  });

  it('refuses each invalid value with the spec text and changes nothing', async () => {
    const meta = await load();
    const before = await stored();
    const cases: [Partial<Meta>, string][] = [
      [
        { change_auto: { minutes: 50000 } },
        'O valor informado em minutos deve ser um número inteiro entre 0 e 44640.',
      ],
      [
        { change_auto: { minutes: 1.5 } },
        'O valor informado em minutos deve ser um número inteiro entre 0 e 44640.',
      ],
      [
        { change_auto: { minutes: -1 } },
        'O valor informado em minutos deve ser um número inteiro entre 0 e 44640.',
      ],
      [
        { change_auto: { minutes: 'dez' as unknown as number } },
        'O valor informado em minutos deve ser um número inteiro entre 0 e 44640.',
      ],
      [
        { campaign_options: { maxCampaignAssignmentTime: 121 } },
        'O valor informado em horas deve ser um número inteiro entre 0 e 120.',
      ],
      [
        { campaign_options: { maxCampaignAssignmentTime: 2.5 } },
        'O valor informado em horas deve ser um número inteiro entre 0 e 120.',
      ],
      [
        { reports: { ...meta.reports, emails: 'gestor@empresademo.com.br, nao-e-email' } },
        'E-mail nao-e-email inválido!',
      ],
      [{ allow: { ...meta.allow, 'report-bi': true } }, 'O report-id deve ser informado.'],
      [{ allow: { ...meta.allow, background_reports: true } }, 'Ao menos um período deve ser preenchido.'],
      [
        { blacklist: { enabled: true, suggest: false, status_id: null } },
        'Campo status de finalização é obrigatório.',
      ],
      // A classification status is not a finalization status (checked against the database).
      [
        { blacklist: { enabled: true, suggest: false, status_id: demo.status('Em negociação') } },
        'Campo status de finalização é obrigatório.',
      ],
      [
        { allow: { ...meta.allow, opTransfer: true, restrictTransfer: true } },
        'Apenas um modo de transferência pode ficar ativo.',
      ],
      [
        { allow: { ...meta.allow, allowedSectors: true, opTransfer: true } },
        'Apenas um modo de transferência pode ficar ativo.',
      ],
      [
        {
          control_pause: {
            is_active: true,
            use_reason: false,
            use_password: false,
            use_limit_pause: { enabled: true, limit_minutes: null },
          },
        },
        'Campo Tempo limite da pausa é obrigatório ou valor é inválido.',
      ],
    ];
    for (const [change, message] of cases) {
      const r = await http.put('/api/company/metadata', { cookie: manager, body: { ...meta, ...change } });
      expect(r.status, message).toBe(400);
      expect(r.body.message).toBe(message);
    }
    expect(await stored()).toEqual(before);
  });

  it('checks the rules that need the database against live rows only (pause reasons, finalization status)', async () => {
    const meta = await load();
    const before = await stored();
    const withReason = {
      ...meta,
      control_pause: { ...meta.control_pause, is_active: true, use_reason: true },
    };
    const closing = demo.status('Resolvido');
    const withStatus = { ...meta, blacklist: { enabled: true, suggest: false, status_id: closing } };
    const reason = await http.post('/api/pause-reasons', { cookie: manager, body: { title: 'Almoço' } });
    expect(reason.status).toBe(200);
    const now = new Date();
    const reasonsLeft = await ctx.db
      .update(pauseReasons)
      .set({ deletedAt: now })
      .where(and(eq(pauseReasons.companyId, demo.companyId), isNull(pauseReasons.deletedAt)))
      .returning({ id: pauseReasons.id });
    await ctx.db
      .update(statuses)
      .set({ deletedAt: now })
      .where(and(eq(statuses.companyId, demo.companyId), eq(statuses.id, closing)));
    try {
      const noReason = await http.put('/api/company/metadata', { cookie: manager, body: withReason });
      expect(noReason.status).toBe(400);
      expect(noReason.body.message).toBe(
        'É necessário manter ao menos um motivo de pausa enquanto o motivo estiver ativo.',
      );
      const deleted = await http.put('/api/company/metadata', { cookie: manager, body: withStatus });
      expect(deleted.status).toBe(400);
      expect(deleted.body.message).toBe('Campo status de finalização é obrigatório.');
      expect(await stored()).toEqual(before);
    } finally {
      await ctx.db
        .update(pauseReasons)
        .set({ deletedAt: null })
        .where(
          and(
            eq(pauseReasons.companyId, demo.companyId),
            inArray(
              pauseReasons.id,
              reasonsLeft.map((r) => r.id),
            ),
          ),
        );
      await ctx.db
        .update(statuses)
        .set({ deletedAt: null })
        .where(and(eq(statuses.companyId, demo.companyId), eq(statuses.id, closing)));
    }
    // With the reason and the status back, the same bodies are saved.
    const saved = await http.put('/api/company/metadata', {
      cookie: manager,
      body: { ...withReason, blacklist: withStatus.blacklist },
    });
    expect(saved.status).toBe(200);
    expect((await load()).blacklist.status_id).toBe(closing);
    await http.put('/api/company/metadata', { cookie: manager, body: meta });
  });

  it('saves the whole object; the answer, a new load and the chat switches agree', async () => {
    const meta = await load();
    const from = await headCursor(ctx.db);
    const body = {
      ...meta,
      change_auto: { minutes: 30 },
      campaign_options: { maxCampaignAssignmentTime: 120 },
      allow: { ...meta.allow, 'message-copy': true, restrictTransfer: true, 'report-bi': true },
      reports: {
        ...meta.reports,
        emails: 'gestor@empresademo.com.br, relatorios@empresademo.com.br',
        complete: { reportID: 'abc-123' },
      },
      blacklist: { enabled: true, suggest: true, status_id: demo.status('Resolvido') },
    };
    const r = await http.put('/api/company/metadata', { cookie: manager, body });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Configuração alterada com sucesso!');
    expect((r.body.metadata as Meta).change_auto.minutes).toBe(30);

    const again = await load();
    expect(again.change_auto.minutes).toBe(30);
    expect(again.campaign_options.maxCampaignAssignmentTime).toBe(120);
    expect(again.allow['message-copy']).toBe(true);
    expect(again.reports.emails).toBe('gestor@empresademo.com.br, relatorios@empresademo.com.br');
    expect(again.blacklist.status_id).toBe(demo.status('Resolvido'));
    const features = await http.get('/api/company/features', { cookie: manager });
    expect((features.body.allow as Record<string, boolean>).restrictTransfer).toBe(true);
    // Every screen of the company is told which settings changed (a company.updated notice).
    const { facts } = await collectFacts(ctx.db, from, (f) => f.some((x) => x.name === 'company.updated'));
    const notice = [...facts].reverse().find((f) => f.name === 'company.updated');
    const changed = notice?.name === 'company.updated' ? notice.data.changed : [];
    expect(changed).toEqual(
      expect.arrayContaining(['change_auto', 'campaign_options', 'allow', 'reports', 'blacklist']),
    );
    expect(changed).not.toContain('control_pause');
  });

  it('keeps keys it does not know, sent or only stored', async () => {
    const [row] = await ctx.db.select().from(companies).where(eq(companies.id, demo.companyId));
    await ctx.db
      .update(companies)
      .set({ metadata: { ...(row?.metadata ?? {}), max_active: 15 } })
      .where(eq(companies.id, demo.companyId));
    const meta = await load();
    expect(meta.max_active).toBe(15);
    const { max_active: _omitted, ...withoutStoredKey } = meta;
    const r = await http.put('/api/company/metadata', {
      cookie: manager,
      body: {
        ...withoutStoredKey,
        b4b: { maxStates: 7 },
        allow: { ...meta.allow, allowCosmosCRM: true },
        reports: { ...meta.reports, triggers: { period: 30, channel: 'waweb' } },
      },
    });
    expect(r.status).toBe(200);
    const again = await load();
    expect(again.b4b).toEqual({ maxStates: 7 });
    expect(again.max_active).toBe(15);
    expect(again.allow.allowCosmosCRM).toBe(true);
    expect(again.reports.triggers).toEqual({ period: 30, channel: 'waweb' });
  });

  it('reads a stored value of the wrong type as its default instead of failing', async () => {
    const [row] = await ctx.db.select().from(companies).where(eq(companies.id, demo.companyId));
    const meta = (row?.metadata ?? {}) as Record<string, unknown>;
    await ctx.db
      .update(companies)
      .set({
        metadata: {
          ...meta,
          change_auto: { minutes: 'muitos' },
          allow: { ...(meta.allow as object), viewtmr: 'sim' },
        },
      })
      .where(eq(companies.id, demo.companyId));
    const loaded = await load();
    expect(loaded.change_auto.minutes).toBe(0);
    expect(loaded.allow.viewtmr).toBe(false);
    // The rest of allow survives the bad flag.
    expect(loaded.allow.restrictTransfer).toBe(true);
    await ctx.db.update(companies).set({ metadata: meta }).where(eq(companies.id, demo.companyId));
  });

  it('keeps the distribution and pause settings their own tabs saved', async () => {
    const admin = await http.login(ADMIN);
    const rules = {
      time_waiting_client_to_finalize: 1800,
      status_waiting_client_to_finalize: demo.status('Sem retorno do cliente'),
      time_waiting_client_to_busy_client: 600,
      change_status_when_busy_client: '1',
      status_busy_client: demo.status('Aguardando retorno do cliente'),
      time_waiting_client_to_poke_client: 300,
      show_poke_options: true,
      remove_chats_logout: true,
    };
    const pause = {
      is_active: true,
      use_reason: false,
      use_password: true,
      use_limit_pause: { enabled: true, limit_minutes: 15 },
    };
    const waiting = { minutes: 5, minutes_others: 10, message: 'Já vamos te atender.', action: 'none' };
    expect((await http.put('/api/attendance-rules', { cookie: admin, body: rules })).status).toBe(200);
    expect((await http.put('/api/control-pause', { cookie: admin, body: pause })).status).toBe(200);
    expect(
      (await http.put('/api/auto-dist/client-waiting-response', { cookie: admin, body: waiting })).status,
    ).toBe(200);
    const dist = {
      enabled: true,
      chat_per_user: 3,
      allow_if_answered: true,
      allow_if_client_not_respond: true,
    };
    expect((await http.put('/api/auto-dist', { cookie: admin, body: dist })).status).toBe(200);
    const timersBefore = timerSettings(await stored());

    // The settings screen saves the whole object it loaded, with one change of its own; it also tries to
    // switch the distribution off, which only the distribution settings may do.
    const meta = await load();
    const r = await http.put('/api/company/metadata', {
      cookie: manager,
      body: { ...meta, change_auto: { minutes: 45 }, auto_dist: { ...meta.auto_dist, on: false } },
    });
    expect(r.status).toBe(200);

    expect((await http.get('/api/attendance-rules', { cookie: admin })).body).toEqual(rules);
    expect((await http.get('/api/control-pause', { cookie: admin })).body).toEqual(pause);
    expect((await http.get('/api/auto-dist/client-waiting-response', { cookie: admin })).body).toEqual(
      waiting,
    );
    expect((await http.get('/api/auto-dist', { cookie: admin })).body).toMatchObject({ enabled: true });
    expect(((await stored()).auto_dist as { on: boolean }).on).toBe(true);
    expect(timerSettings(await stored())).toEqual(timersBefore);
    expect((await load()).change_auto.minutes).toBe(45);
  });

  it('needs write on general settings to save', async () => {
    const admin = await http.login(ADMIN);
    const managerId = demo.user(MANAGER);
    await http.post(`/api/companies/${demo.companyId}/permissions`, {
      cookie: admin,
      body: {
        type: 'user',
        id: managerId,
        permissions: { remove: [], read: ['configuracoes_gerais'], write: [] },
      },
    });
    const meta = await load();
    const r = await http.put('/api/company/metadata', {
      cookie: manager,
      body: { ...meta, change_auto: { minutes: 10 } },
    });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Você não tem permissão de alteração');
    expect((await load()).change_auto.minutes).toBe(45);
  });

  it('documents the routes in the OpenAPI description', async () => {
    const r = await http.get('/api/docs/json');
    expect(r.status).toBe(200);
    const paths = (r.body as { paths: Record<string, unknown> }).paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/company/metadata',
        '/api/companies/{companyId}/sectors',
        '/api/companies/{companyId}/sectors/order',
        '/api/companies/{companyId}/statuses/{id}',
      ]),
    );
  });
});
