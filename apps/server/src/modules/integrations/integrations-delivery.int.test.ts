import { INTEGRATION_MSG, RD_CONVERSION_IDENTIFIER } from '@prosa/shared/integrations';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor } from '../../../test/helpers/attendance-fixtures';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { type RdStationPeer, startRdStationPeer } from '../../../test/peers/rdstation-peer';
import { attendances, persons } from '../../db/schema/attendance';
import { integrationDeliveries, integrations } from '../../db/schema/integrations';
import type { DurableConsumer } from '../../facts/durable-consumer';
import { writeFacts } from '../../facts/write-facts';
import { integrationsConsumer } from './consumer';
import { sealCredentials, unsealCredentials } from './credentials';

// Deliveries to RD Station Marketing against a local peer (test/peers/rdstation-peer.ts): the client code exchanged
// once, the access token renewed on expiry and on a 401, a new contact and a finalized attendance each sent once
// with the mapped fields, retries after 5xx, a 4xx failed at once, and "Reenviar".

let ctx: TestContext;
let peer: RdStationPeer;
let http: ReturnType<typeof api>;
let consumer: DurableConsumer;
let cookie: string;
let integrationId: number;
let companyId: number;

beforeAll(async () => {
  peer = await startRdStationPeer();
  ctx = await createTestContext({
    env: { RDSTATION_API_URL: peer.url, RDSTATION_CRM_URL: `${peer.url}/crm/v2` },
  });
  http = api(ctx);
  cookie = await http.login(MANAGER);
  companyId = (await demoIds(ctx)).companyId;
  consumer = integrationsConsumer(ctx.deps);
  await consumer.ensure();
  const r = await http.post('/api/integrations', {
    cookie,
    body: {
      kind: 'rdstation_marketing',
      name: 'RD Marketing',
      email_field: 'person_email',
      fields: { name: 'cf_nome_prosa', mobile_phone: 'mobile_phone', email: 'email' },
      events: { contact_created: true, attendance_finalized: true },
      // No refresh token yet: the client code is exchanged for one at the first delivery.
      configs: { clientId: peer.clientId, clientSecret: peer.clientSecret, clientCode: peer.newCode() },
    },
  });
  expect(r.status).toBe(200);
  integrationId = r.body._id as number;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await peer?.close();
});

const delivery = async (event: string, subjectId: number) => {
  const [d] = await ctx.db
    .select()
    .from(integrationDeliveries)
    .where(and(eq(integrationDeliveries.event, event), eq(integrationDeliveries.subjectId, subjectId)));
  return d ?? null;
};

const storedCreds = async () => {
  const [row] = await ctx.db.select().from(integrations).where(eq(integrations.id, integrationId));
  return unsealCredentials(row?.credentialsSealed ?? '', ctx.deps.appSecret);
};

/** A web chat visitor's first message: a new contact with an attendance; its person gets an e-mail. */
async function newContact(name: string, email: string | null) {
  const visitor = await newVisitor(ctx, name);
  expect((await visitor.send('Olá')).status).toBe(200);
  const attendance = await waitFor(async () => {
    const rows = await ctx.db.select().from(attendances).where(eq(attendances.name, name));
    return rows[0];
  });
  if (email)
    await ctx.db
      .update(persons)
      .set({ emails: [email], phones: [{ phone: '+5511988887777', is_whatsapp: true }] })
      .where(and(eq(persons.companyId, attendance.companyId), eq(persons.id, attendance.personId)));
  await consumer.drain();
  return attendance;
}

const waitStatus = (event: string, subjectId: number, status: string, ms = 40_000) =>
  waitFor(async () => {
    const d = await delivery(event, subjectId);
    return d?.status === status ? d : null;
  }, ms);

describe('integration deliveries', () => {
  it('sends a new contact once as a conversion with the mapped fields, exchanging the client code', async () => {
    const a = await newContact('Maria Integração', 'maria@exemplo.com.br');
    const sent = await waitStatus('contact.created', a.contactId, 'sent');
    expect(sent.attempts).toBe(1);
    expect(peer.events).toHaveLength(1);
    expect(peer.events[0]?.path).toBe('/platform/events');
    expect(peer.events[0]?.body).toEqual({
      event_type: 'CONVERSION',
      event_family: 'CDP',
      payload: {
        conversion_identifier: RD_CONVERSION_IDENTIFIER.contact_created,
        cf_nome_prosa: 'Maria Integração',
        email: 'maria@exemplo.com.br',
        mobile_phone: '+5511988887777',
      },
    });
    expect(peer.tokenCalls).toEqual([{ grant: 'code', ok: true }]);
    // The refresh token the code gave is kept sealed, never in clear in the row.
    const creds = await storedCreds();
    expect(creds.refreshToken).toBe(peer.currentRefreshToken());
    const [row] = await ctx.db.select().from(integrations).where(eq(integrations.id, integrationId));
    expect(row?.credentialsSealed).not.toContain(creds.refreshToken ?? '-');

    // The list answers counts and the recent deliveries, never a token.
    const list = await http.get('/api/integrations', { cookie });
    expect(list.body.integrations).toMatchObject([
      { _id: integrationId, sent: 1, failed: 0, last_error: null },
    ]);
    expect(list.res.body).not.toContain(creds.refreshToken ?? '-');
    const recent = await http.get('/api/integrations/deliveries', { cookie });
    expect(recent.body.deliveries).toMatchObject([
      { integration_id: integrationId, event: 'contact.created', subject_id: a.contactId, status: 'sent' },
    ]);
  });

  it('sends a finalized attendance once, even when its fact is read again', async () => {
    const a = await newContact('José Finalizado', 'jose@exemplo.com.br');
    await waitStatus('contact.created', a.contactId, 'sent');
    const before = peer.events.length;
    const closed = {
      name: 'attendance.closed' as const,
      companyId,
      attendanceId: a.id,
      data: { status_id: null, by: null, reason: 'auto' as const },
    };
    await writeFacts(ctx.db, [closed]);
    await consumer.drain();
    // The same fact again (a replay): the delivery exists, nothing more is queued.
    await writeFacts(ctx.db, [closed]);
    await consumer.drain();
    await waitStatus('attendance.finalized', a.id, 'sent');
    await new Promise((r) => setTimeout(r, 1500));
    const finalized = peer.events.slice(before);
    expect(finalized).toHaveLength(1);
    expect(finalized[0]?.body).toMatchObject({
      payload: {
        conversion_identifier: RD_CONVERSION_IDENTIFIER.attendance_finalized,
        email: 'jose@exemplo.com.br',
      },
    });
    const rows = await ctx.db
      .select()
      .from(integrationDeliveries)
      .where(eq(integrationDeliveries.event, 'attendance.finalized'));
    expect(rows).toHaveLength(1);
  });

  it('renews the access token when it has expired, with the newest refresh token', async () => {
    const creds = await storedCreds();
    const oldRefresh = creds.refreshToken;
    await ctx.db
      .update(integrations)
      .set({
        credentialsSealed: sealCredentials(
          { ...creds, expiresAt: new Date(Date.now() - 1000).toISOString() },
          ctx.deps.appSecret,
        ),
      })
      .where(eq(integrations.id, integrationId));
    const calls = peer.tokenCalls.length;
    const a = await newContact('Carla Expirada', 'carla@exemplo.com.br');
    await waitStatus('contact.created', a.contactId, 'sent');
    expect(peer.tokenCalls.slice(calls)).toEqual([{ grant: 'refresh', ok: true }]);
    const after = await storedCreds();
    expect(after.refreshToken).not.toBe(oldRefresh);
    expect(after.refreshToken).toBe(peer.currentRefreshToken());
  });

  it('renews the access token once on a 401', async () => {
    peer.revokeAccessTokens();
    const calls = peer.tokenCalls.length;
    const attempts = peer.attempts;
    const a = await newContact('Davi Revogado', 'davi@exemplo.com.br');
    const sent = await waitStatus('contact.created', a.contactId, 'sent');
    expect(sent.attempts).toBe(1);
    expect(peer.tokenCalls.slice(calls)).toEqual([{ grant: 'refresh', ok: true }]);
    expect(peer.attempts - attempts).toBe(2);
  });

  it('retries after 5xx answers until sent', async () => {
    peer.failNext(2, 500);
    const a = await newContact('Eva Instável', 'eva@exemplo.com.br');
    const sent = await waitStatus('contact.created', a.contactId, 'sent', 60_000);
    // Two 500s, then sent: at least three tries (a loaded machine may time one more call out and try again).
    expect(sent.attempts).toBeGreaterThanOrEqual(3);
    expect(sent.lastError).toBeNull();
  }, 90_000);

  it('fails a 4xx at once without retrying, then sends it again on "Reenviar"', async () => {
    peer.failNext(1, 400);
    const a = await newContact('Fábio Recusado', 'fabio@exemplo.com.br');
    const failed = await waitStatus('contact.created', a.contactId, 'failed');
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toContain('400');
    const attempts = peer.attempts;
    await new Promise((r) => setTimeout(r, 3000));
    expect(peer.attempts).toBe(attempts);
    const list = await http.get('/api/integrations', { cookie });
    expect(list.body.integrations).toMatchObject([{ failed: 1, last_error: failed.lastError }]);

    const sentOnce = await http.post(`/api/integrations/deliveries/${failed.id}/resend`, { cookie });
    expect(sentOnce.status).toBe(200);
    expect(sentOnce.body.message).toBe(INTEGRATION_MSG.resent);
    await waitStatus('contact.created', a.contactId, 'sent');
    const again = await http.post(`/api/integrations/deliveries/${failed.id}/resend`, { cookie });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(INTEGRATION_MSG.deliveryNotFailed);
  });

  it('fails a contact without e-mail visibly, without calling RD Station', async () => {
    const attempts = peer.attempts;
    const a = await newContact('Gil Sem Email', null);
    const failed = await waitStatus('contact.created', a.contactId, 'failed');
    expect(failed.lastError).toBe(INTEGRATION_MSG.noEmail);
    expect(peer.attempts).toBe(attempts);
  });

  it('sends a new contact to RD Station CRM as a contact, through its OAuth2 code grant', async () => {
    const r = await http.post('/api/integrations', {
      cookie,
      body: {
        kind: 'rdstation_crm',
        name: 'RD CRM',
        email_field: 'person_email',
        events: { contact_created: true, attendance_finalized: true },
        configs: { clientId: peer.clientId, clientSecret: peer.clientSecret, clientCode: peer.newCode() },
      },
    });
    expect(r.status).toBe(200);
    const calls = peer.tokenCalls.length;
    const before = peer.events.length;
    const a = await newContact('Helena CRM', 'helena@exemplo.com.br');
    await waitFor(async () => {
      const rows = await ctx.db
        .select()
        .from(integrationDeliveries)
        .where(
          and(
            eq(integrationDeliveries.integrationId, r.body._id as number),
            eq(integrationDeliveries.subjectId, a.contactId),
          ),
        );
      return rows[0]?.status === 'sent';
    });
    expect(peer.tokenCalls.slice(calls)).toContainEqual({ grant: 'code', ok: true });
    const crm = peer.events.slice(before).filter((e) => e.path === '/crm/v2/contacts');
    expect(crm).toHaveLength(1);
    expect(crm[0]?.body).toEqual({
      data: {
        name: 'Helena CRM',
        emails: [{ email: 'helena@exemplo.com.br' }],
        phones: [{ phone: '+5511988887777' }],
      },
    });
  });
});
