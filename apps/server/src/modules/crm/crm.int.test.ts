import { CRM_MSG } from '@prosa/shared/crm-texts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAllow } from '../../../test/helpers/attendance-fixtures';
import {
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { attendances, contacts } from '../../db/schema/attendance';
import { crmLeads } from '../../db/schema/crm';
import { users } from '../../db/schema/users';
import { crmWorld } from './crm-test-world';

let ctx: TestContext;
let w: Awaited<ReturnType<typeof crmWorld>>;
let ana: string;
let bruno: string;
let gestor: string;

type Lead = {
  id: number;
  column_id: number;
  column_name: string;
  owner_id: number | null;
  closed_at: string | null;
};

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  w = await crmWorld(ctx);
  ana = await w.http.login(OPERATOR);
  bruno = await w.http.login(OPERATOR2);
  gestor = await w.http.login(MANAGER);
});
afterAll(() => ctx.close());

const board = async (cookie: string) => {
  const r = await w.http.get('/api/crm/board', { cookie });
  expect(r.status).toBe(200);
  return r.body as { columns: { id: number; name: string; outcome: string }[]; board: { id: number } };
};

describe('the board and the opportunities', () => {
  it('creates the default board once, and creates, edits and moves an opportunity', async () => {
    const first = await board(ana);
    expect(first.columns.map((c) => c.name)).toEqual(['Novo', 'Em negociação', 'Ganho', 'Perdido']);
    expect((await board(gestor)).board.id).toBe(first.board.id);

    const created = await w.http.post('/api/crm/leads', {
      cookie: ana,
      body: { title: 'Plano anual', product: 'Plano Pro', value_cents: 123_456, contact_name: 'Carla' },
    });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe(CRM_MSG.saved);
    const lead = created.body.lead as Lead & { value_cents: number; owner_name: string };
    expect(lead.column_name).toBe('Novo');
    expect(lead.value_cents).toBe(123_456);
    expect(lead.owner_id).toBe(w.ids.user(OPERATOR));

    const won = first.columns.find((c) => c.outcome === 'won');
    const moved = await w.http.patch(`/api/crm/leads/${lead.id}`, {
      cookie: ana,
      body: { column_id: won?.id, product: 'Plano Enterprise' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe(CRM_MSG.edited);
    const after = moved.body.lead as Lead & { product: string };
    expect(after.column_name).toBe('Ganho');
    expect(after.product).toBe('Plano Enterprise');
    expect(after.closed_at).not.toBeNull();

    // A column of no board of ours: the edit's text, nothing changed.
    const bad = await w.http.patch(`/api/crm/leads/${lead.id}`, {
      cookie: ana,
      body: { column_id: 999_999 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(CRM_MSG.editError);
    const badCreate = await w.http.post('/api/crm/leads', {
      cookie: ana,
      body: { title: 'Sem coluna', column_id: 999_999 },
    });
    expect(badCreate.status).toBe(400);
    expect(badCreate.body.message).toBe(CRM_MSG.saveError);
    const missing = await w.http.post('/api/crm/leads', { cookie: ana, body: { title: '  ' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(CRM_MSG.titleRequired);

    const got = await w.http.get(`/api/crm/leads/${lead.id}`, { cookie: gestor });
    expect(got.status).toBe(200);
    expect((got.body as Lead).column_name).toBe('Ganho');
    const none = await w.http.get('/api/crm/leads/99999999', { cookie: ana });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(CRM_MSG.notFound);
  });

  it('changes and removes the owner', async () => {
    const created = await w.http.post('/api/crm/leads', { cookie: ana, body: { title: 'Troca de dono' } });
    const id = (created.body.lead as Lead).id;
    const changed = await w.http.put(`/api/crm/leads/${id}/owner`, {
      cookie: ana,
      body: { owner_id: w.ids.user(OPERATOR2) },
    });
    expect(changed.status).toBe(200);
    expect((changed.body.lead as Lead & { owner_name: string }).owner_name).toBe('Bruno Operador');
    // No such user of ours.
    const foreign = await w.http.put(`/api/crm/leads/${id}/owner`, {
      cookie: ana,
      body: { owner_id: 999_999 },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(CRM_MSG.editError);
    const removed = await w.http.delete(`/api/crm/leads/${id}/owner`, { cookie: ana });
    expect(removed.status).toBe(200);
    expect((removed.body.lead as Lead).owner_id).toBeNull();
    const [row] = await ctx.db.select().from(crmLeads).where(eq(crmLeads.id, id));
    expect(row?.ownerId).toBeNull();
  });
});

describe("the attendance's opportunities", () => {
  it('lists the contact’s opportunities with their link state, links, unlinks and syncs', async () => {
    const first = await w.attendanceOf('Cliente Vinculo', w.ids.user(OPERATOR));
    const created = await w.http.post('/api/crm/leads', {
      cookie: ana,
      body: { title: 'Do chat', attendance_id: first.id },
    });
    expect(created.status).toBe(200);
    const fromChat = created.body.lead as Lead & {
      contact_id: number;
      contact_name: string;
      attendance_id: number;
    };
    expect(fromChat.contact_id).toBe(first.contactId);
    expect(fromChat.contact_name).toBe('Cliente Vinculo');
    expect(fromChat.attendance_id).toBe(first.id);

    // The same contact writes again later: a second attendance sees the first one's opportunity as "another".
    await ctx.db.update(attendances).set({ closedAt: new Date() }).where(eq(attendances.id, first.id));
    const loose = await w.http.post('/api/crm/leads', { cookie: ana, body: { title: 'Sem contato' } });
    const looseId = (loose.body.lead as Lead).id;
    const second = await secondAttendance(first.contactId, first.id);
    const linked = await w.http.post(`/api/attendances/${second}/opportunities/${looseId}/link`, {
      cookie: ana,
    });
    expect(linked.status).toBe(200);
    const list = await w.http.get(`/api/attendances/${second}/opportunities`, { cookie: ana });
    expect(list.status).toBe(200);
    const states = (list.body.items as (Lead & { title: string; link_state: number })[]).map((l) => [
      l.title,
      l.link_state,
    ]);
    expect(states).toEqual(
      expect.arrayContaining([
        ['Do chat', 2],
        ['Sem contato', 1],
      ]),
    );
    expect(states).toHaveLength(2);

    const unlinked = await w.http.delete(`/api/attendances/${second}/opportunities/${looseId}/link`, {
      cookie: ana,
    });
    expect(unlinked.status).toBe(200);
    const again = await w.http.get(`/api/attendances/${second}/opportunities`, { cookie: ana });
    expect(
      (again.body.items as { id: number; link_state: number }[]).find((l) => l.id === looseId)?.link_state,
    ).toBe(0);
    const twice = await w.http.delete(`/api/attendances/${second}/opportunities/${looseId}/link`, {
      cookie: ana,
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(CRM_MSG.unlinkError);

    // An opportunity of another contact cannot be linked here.
    const stranger = await w.attendanceOf('Outro Cliente', w.ids.user(OPERATOR));
    const wrong = await w.http.post(`/api/attendances/${stranger.id}/opportunities/${looseId}/link`, {
      cookie: ana,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(CRM_MSG.linkError);

    // Sync: the contact's renamed record reaches the opportunity.
    await ctx.db
      .update(contacts)
      .set({ name: 'Cliente Renomeado' })
      .where(and(eq(contacts.companyId, w.ids.companyId), eq(contacts.id, first.contactId)));
    const synced = await w.http.post(`/api/crm/leads/${fromChat.id}/sync`, { cookie: ana });
    expect(synced.status).toBe(200);
    expect(synced.body.message).toBe(CRM_MSG.synced);
    expect((synced.body.lead as { contact_name: string }).contact_name).toBe('Cliente Renomeado');
    const noContact = await w.http.post('/api/crm/leads', { cookie: ana, body: { title: 'Avulsa' } });
    const failed = await w.http.post(`/api/crm/leads/${(noContact.body.lead as Lead).id}/sync`, {
      cookie: ana,
    });
    expect(failed.status).toBe(400);
    expect(failed.body.message).toBe(CRM_MSG.syncError);

    // Bruno does not see Ana's attendance: no opportunities of it for him.
    const hidden = await w.http.get(`/api/attendances/${stranger.id}/opportunities`, { cookie: bruno });
    expect(hidden.status).toBe(404);
  });
});

/** A new open attendance of the same contact (the first one finalized), made by copying the first's row. */
async function secondAttendance(contactId: number, firstId: number) {
  const r = await ctx.db.execute<{
    id: string;
  }>(sql`insert into attendances (company_id, card_id, protocol, contact_id, person_id, channel_kind, channel_id, name,
       sector_id, operator_assigned_id)
     select company_id, card_id || '-2', protocol || '2', contact_id, person_id, channel_kind, channel_id, name,
       sector_id, operator_assigned_id from attendances where id = ${firstId} and contact_id = ${contactId}
     returning id`);
  const row = r.rows[0];
  return Number(row?.id);
}

describe('filters', () => {
  it('keeps the period within 30 days and the search over 3 characters', async () => {
    const ok = await w.http.get('/api/crm/leads', { cookie: ana });
    expect(ok.status).toBe(200);
    expect((ok.body.items as unknown[]).length).toBeGreaterThan(0);
    const bad = [
      'startAt=2026-01-01&endAt=2026-03-01',
      'search=abc',
      'startAt=31/02/2026',
      'startAt=2026-02-10&endAt=2026-02-01',
    ];
    for (const q of bad) {
      const r = await w.http.get(`/api/crm/leads?${q}`, { cookie: ana });
      expect(r.status, q).toBe(400);
      expect(r.body.message).toBe(CRM_MSG.filtersError);
    }
    const found = await w.http.get('/api/crm/leads?search=anual', { cookie: ana });
    expect((found.body.items as { title: string }[]).map((l) => l.title)).toEqual(['Plano anual']);
    // The old period shows none of today's.
    const old = await w.http.get('/api/crm/leads?startAt=01/01/2025&endAt=30/01/2025', { cookie: ana });
    expect(old.status).toBe(200);
    expect(old.body.total).toBe(0);
    expect(old.body.start_at).toBe('2025-01-01');
  });
});

describe('permissions and tenancy', () => {
  it('refuses everything while the company has the CRM off', async () => {
    await setAllow(ctx, w.ids.companyId, { allowCosmosCRM: false });
    const r = await w.http.get('/api/crm/board', { cookie: gestor });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(CRM_MSG.notEnabled);
    expect((await w.http.post('/api/crm/leads', { cookie: gestor, body: { title: 'x' } })).status).toBe(403);
    await setAllow(ctx, w.ids.companyId, { allowCosmosCRM: true });
  });

  it('operators need the permission; write implies view; managers have both by default', async () => {
    await w.setCrm(OPERATOR2, undefined);
    const none = await w.http.get('/api/crm/leads', { cookie: bruno });
    expect(none.status).toBe(403);
    expect(none.body.message).toBe(CRM_MSG.noView);
    expect((await w.http.get('/api/auth/me', { cookie: bruno })).body.crm).toEqual({
      view: false,
      edit: false,
    });

    await w.setCrm(OPERATOR2, { view: true, edit: false });
    expect((await w.http.get('/api/crm/leads', { cookie: bruno })).status).toBe(200);
    const ro = await w.http.post('/api/crm/leads', { cookie: bruno, body: { title: 'Só leitura' } });
    expect(ro.status).toBe(403);
    expect(ro.body.message).toBe(CRM_MSG.noEdit);

    await w.setCrm(OPERATOR2, { view: false, edit: true });
    expect((await w.http.get('/api/crm/leads', { cookie: bruno })).status).toBe(200);
    expect((await w.http.post('/api/crm/leads', { cookie: bruno, body: { title: 'Escrita' } })).status).toBe(
      200,
    );
    expect((await w.http.get('/api/auth/me', { cookie: gestor })).body.crm).toEqual({
      view: true,
      edit: true,
    });
  });

  it('an admin saves the permission in the user form (write implies view); a manager cannot', async () => {
    const brunoId = w.ids.user(OPERATOR2);
    const base = `/api/companies/${w.ids.companyId}/users/${brunoId}`;
    const d = (await w.http.get(base, { cookie: w.admin })).body as Record<string, unknown>;
    const body = {
      name: d.name,
      email: d.email,
      display_name: d.display_name,
      gender: d.gender,
      role: d.role,
      profile_id: d.profile_id,
      sectors: d.sector_ids,
      transfer_sectors: d.transfer_sector_ids,
    };
    const saved = await w.http.patch(base, {
      cookie: w.admin,
      body: { ...body, crm: { view: false, edit: true } },
    });
    expect(saved.status).toBe(200);
    expect((saved.body.user as { crm: unknown }).crm).toEqual({ view: true, edit: true });
    const byManager = await w.http.patch(base, {
      cookie: gestor,
      body: { ...body, crm: { view: false, edit: false } },
    });
    expect(byManager.status).toBe(200);
    expect((byManager.body.user as { crm: unknown }).crm).toEqual({ view: true, edit: true });
    const readOnly = await w.http.patch(base, {
      cookie: w.admin,
      body: { ...body, crm: { view: true, edit: false } },
    });
    expect((readOnly.body.user as { crm: unknown }).crm).toEqual({ view: true, edit: false });
  });

  it('another company sees none of ours', async () => {
    const other = await w.http.login(OTHER_ADMIN);
    const [ours] = await ctx.db
      .select()
      .from(crmLeads)
      .where(eq(crmLeads.companyId, w.ids.companyId))
      .limit(1);
    const [otherUser] = await ctx.db.select().from(users).where(eq(users.email, OTHER_ADMIN));
    await setAllow(ctx, otherUser?.companyId ?? 0, { allowCosmosCRM: true });
    const r = await w.http.get(`/api/crm/leads/${ours?.id}`, { cookie: other });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe(CRM_MSG.notFound);
    const edit = await w.http.patch(`/api/crm/leads/${ours?.id}`, {
      cookie: other,
      body: { title: 'Invasão' },
    });
    expect(edit.status).toBe(404);
    const list = await w.http.get('/api/crm/leads', { cookie: other });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(0);
    const [unchanged] = await ctx.db
      .select()
      .from(crmLeads)
      .where(eq(crmLeads.id, ours?.id ?? 0));
    expect(unchanged?.title).not.toBe('Invasão');
  });
});
