import { EMAIL_MSG, type TEmConfig } from '@prosa/shared/email';
import { and, eq, sql } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from '../../../test/helpers/sample-files';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { type Dovecot, startDovecot } from '../../../test/peers/imap/dovecot';
import { type SmtpRelay, startSmtpRelay } from '../../../test/peers/imap/smtp-relay';
import { attendances, contacts, messages } from '../../db/schema/attendance';
import { channelPollCursors } from '../../db/schema/channels';
import { channelCtx, type OpenChannel } from '../port';
import { emAdapter } from './adapter';
import { type EmailReader, startEmailReader } from './reader';

// The e-mail channel end to end against a real Dovecot (IMAP) and an SMTP server that delivers into it: mails
// APPENDed to the channel's mailbox become em_ cards through the real inbox (attachments stored as ours, a
// thread's reply joining its card), the reader survives restarts and a UIDVALIDITY change without losing or
// repeating a message, and an operator's reply leaves over SMTP in the thread, once, with its file.

const SUPPORT = 'suporte@empresademo.com.br';
const CUSTOMER = 'cliente@exemplo.com.br';
const PROSPECT = 'novo.cliente@exemplo.com.br';
let ctx: TestContext;
let http: ReturnType<typeof api>;
let dovecot: Dovecot;
let relay: SmtpRelay;
let reader: EmailReader | null = null;
let admin: string;
let manager: string;
let sectorId: number;
let channelId: number;

const startReader = () =>
  startEmailReader({
    url: ctx.url,
    ctx: channelCtx(ctx.deps),
    channelRepository: ctx.deps.channelRepository,
    scanMs: 200,
    recheckMs: 1000,
    backoffMs: 200,
  });

async function mail(opts: {
  messageId: string;
  subject: string;
  text: string;
  html?: string;
  inReplyTo?: string;
  references?: string[];
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  from?: string;
  cc?: string;
}) {
  return new MailComposer({
    from: { name: 'Cliente Exemplo', address: opts.from ?? CUSTOMER },
    to: SUPPORT,
    ...(opts.cc ? { cc: opts.cc } : {}),
    subject: opts.subject,
    text: opts.text,
    ...(opts.html ? { html: opts.html } : {}),
    messageId: `<${opts.messageId}>`,
    ...(opts.inReplyTo ? { inReplyTo: `<${opts.inReplyTo}>` } : {}),
    ...(opts.references ? { references: opts.references.map((r) => `<${r}>`) } : {}),
    attachments: opts.attachments ?? [],
  })
    .compile()
    .build();
}

async function cardOf(address: string) {
  const [row] = await ctx.db
    .select({ id: attendances.id, cardId: attendances.cardId, data: attendances.data })
    .from(attendances)
    .innerJoin(
      contacts,
      and(eq(contacts.companyId, attendances.companyId), eq(contacts.id, attendances.contactId)),
    )
    .where(
      and(eq(contacts.kind, 'em'), eq(contacts.externalId, address), eq(attendances.channelId, channelId)),
    );
  return row ?? null;
}

const messagesOf = (attendanceId: number) =>
  ctx.db.select().from(messages).where(eq(messages.attendanceId, attendanceId)).orderBy(messages.id);

/** The contact's messages received on the channel, in all its conversations (threads). */
async function inboundCount(address: string) {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(
      attendances,
      and(eq(attendances.companyId, messages.companyId), eq(attendances.id, messages.attendanceId)),
    )
    .innerJoin(
      contacts,
      and(eq(contacts.companyId, attendances.companyId), eq(contacts.id, attendances.contactId)),
    )
    .where(
      and(
        eq(contacts.kind, 'em'),
        eq(contacts.externalId, address),
        eq(attendances.channelId, channelId),
        eq(messages.senderType, 0),
      ),
    );
  return row?.n ?? 0;
}

beforeAll(async () => {
  dovecot = await startDovecot();
  await dovecot.addUser(SUPPORT, 'senha-suporte');
  await dovecot.addUser(CUSTOMER, 'senha-cliente');
  await dovecot.addUser(PROSPECT, 'senha-novo');
  relay = await startSmtpRelay(dovecot, () => new Set([CUSTOMER, PROSPECT]));
  ctx = await createTestContext({ queue: false, inbox: true });
  http = api(ctx);
  admin = await http.login(ADMIN);
  manager = await http.login(MANAGER);
  sectorId =
    ((await http.get('/api/sectors', { cookie: admin })).body as unknown as { id: number }[])[0]?.id ?? 0;
  const r = await http.post('/api/email-configs', {
    cookie: manager,
    body: {
      name: 'Suporte por e-mail',
      default_sector_id: sectorId,
      imap_host: '127.0.0.1',
      imap_port: dovecot.port,
      imap_secure: false,
      imap_user: SUPPORT,
      imap_password: 'senha-suporte',
      imap_folder: 'INBOX',
      mark_seen: true,
      smtp_host: '127.0.0.1',
      smtp_port: relay.port,
      smtp_secure: false,
      smtp_user: '',
      smtp_password: '',
      sender_name: 'Empresa Demo',
      sender_address: SUPPORT,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  channelId = Number(r.body.id);
  reader = startReader();
}, 60_000);

afterAll(async () => {
  await reader?.stop();
  await ctx?.close();
  await relay?.close();
  await dovecot?.stop();
});

describe('E-mail channel over IMAP and SMTP', () => {
  it('a new mail becomes an em_ card with its attachment, HTML sanitized, and is marked seen', async () => {
    const pdf = samplePdf();
    await dovecot.append(
      SUPPORT,
      'INBOX',
      await mail({
        messageId: 'pedido-1@exemplo.com.br',
        subject: 'Pedido 123 atrasado',
        cc: PROSPECT,
        text: 'Meu pedido 123 não chegou.',
        html: '<p onclick="alert(1)">Meu pedido <b>123</b> não chegou.</p><script>alert(2)</script><img src="https://rastreio.example/p.gif">',
        attachments: [{ filename: 'nota.pdf', content: pdf, contentType: 'application/pdf' }],
      }),
    );
    const card = await waitFor(() => cardOf(CUSTOMER));
    expect(card.cardId).toMatch(/^em_/);
    // Spec 1 §3 data of an e-mail card, from the thread's first message (as the active e-mail records them).
    expect(card.data).toMatchObject({
      email: CUSTOMER,
      contact_email: CUSTOMER,
      from: CUSTOMER,
      to: SUPPORT,
      cc: PROSPECT,
      subject: 'Pedido 123 atrasado',
      email_config_id: channelId,
    });
    const [m] = await waitFor(async () => {
      const list = await messagesOf(card.id);
      return list.length > 0 ? list : null;
    });
    expect(m?.text).toContain('Meu pedido 123 não chegou.');
    const attachments = (m?.attachments ?? []) as { originalName: string; key: string; size: number }[];
    expect(attachments.map((a) => a.originalName)).toEqual(['nota.pdf']);
    expect(attachments[0]?.size).toBe(pdf.length);
    const email = (
      m?.metadata as { email: { subject: string; html: string; message_id: string } } | undefined
    )?.email ?? { subject: '', html: '', message_id: '' };
    expect(email.subject).toBe('Pedido 123 atrasado');
    expect(email.message_id).toBe('pedido-1@exemplo.com.br');
    expect(email.html).toContain('<b>123</b>');
    expect(email.html).not.toMatch(/script|onclick|alert/);
    expect(email.html).toContain('data-remote-src="https://rastreio.example/p.gif"');
    expect(email.html).not.toMatch(/\ssrc=/);
    const seen = await waitFor(async () => {
      const [x] = await dovecot.messages(SUPPORT);
      return x?.flags.has('\\Seen') ? x : null;
    });
    expect(seen.subject).toBe('Pedido 123 atrasado');
  });

  it('a reply in the thread joins the same card', async () => {
    const card = await waitFor(() => cardOf(CUSTOMER));
    await dovecot.append(
      SUPPORT,
      'INBOX',
      await mail({
        messageId: 'pedido-2@exemplo.com.br',
        subject: 'Re: Pedido 123 atrasado',
        text: 'Alguma novidade?',
        inReplyTo: 'pedido-1@exemplo.com.br',
        references: ['pedido-1@exemplo.com.br'],
      }),
    );
    await waitFor(async () => (await inboundCount(CUSTOMER)) === 2);
    const again = await cardOf(CUSTOMER);
    expect(again?.id).toBe(card.id);
    expect(again?.data).toMatchObject({ subject: 'Pedido 123 atrasado', cc: PROSPECT });
    const open = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(attendances)
      .where(and(eq(attendances.channelId, channelId), sql`closed_at is null`));
    expect(open[0]?.n).toBe(1);
  });

  it('each thread of a contact is its own attendance; a reply joins its thread, not the latest', async () => {
    const from = 'outro@exemplo.com.br';
    const threadOf = async (messageId: string) => {
      const [row] = await ctx.db
        .select({ attendanceId: messages.attendanceId })
        .from(messages)
        .where(eq(messages.messageId, `em:${channelId}:${messageId}`));
      return row?.attendanceId ?? null;
    };
    for (const [messageId, subject] of [
      ['boleto-1@exemplo.com.br', 'Segunda via do boleto'],
      ['entrega-1@exemplo.com.br', 'Endereço de entrega'],
    ] as const)
      await dovecot.append(SUPPORT, 'INBOX', await mail({ from, messageId, subject, text: subject }));
    await waitFor(async () => (await inboundCount(from)) === 2);
    const boleto = await threadOf('boleto-1@exemplo.com.br');
    const entrega = await threadOf('entrega-1@exemplo.com.br');
    expect(boleto).not.toBeNull();
    expect(entrega).not.toBeNull();
    expect(boleto).not.toBe(entrega);
    // A reply to the first thread, sent after the second began, goes to the first.
    await dovecot.append(
      SUPPORT,
      'INBOX',
      await mail({
        from,
        messageId: 'boleto-2@exemplo.com.br',
        subject: 'Re: Segunda via do boleto',
        text: 'Chegou, obrigado.',
        inReplyTo: 'boleto-1@exemplo.com.br',
        references: ['boleto-1@exemplo.com.br'],
      }),
    );
    await waitFor(async () => (await inboundCount(from)) === 3);
    expect(await threadOf('boleto-2@exemplo.com.br')).toBe(boleto);
    const open = await ctx.db
      .select({ id: attendances.id, threadKey: attendances.threadKey })
      .from(attendances)
      .where(
        and(eq(attendances.channelId, channelId), sql`closed_at is null`, sql`id in (${boleto}, ${entrega})`),
      );
    expect(open.map((a) => a.threadKey).sort()).toEqual([
      'boleto-1@exemplo.com.br',
      'entrega-1@exemplo.com.br',
    ]);
  });

  it('a restarted reader loses nothing and reads nothing twice', async () => {
    await reader?.stop();
    reader = null;
    // Arrives while no reader runs.
    await dovecot.append(
      SUPPORT,
      'INBOX',
      await mail({
        messageId: 'pedido-3@exemplo.com.br',
        subject: 'Re: Pedido 123 atrasado',
        references: ['pedido-1@exemplo.com.br'],
        text: 'Terceira.',
      }),
    );
    reader = startReader();
    await waitFor(async () => (await inboundCount(CUSTOMER)) === 3);
    await dovecot.append(
      SUPPORT,
      'INBOX',
      await mail({
        messageId: 'pedido-4@exemplo.com.br',
        subject: 'Re: Pedido 123 atrasado',
        references: ['pedido-1@exemplo.com.br'],
        text: 'Quarta.',
      }),
    );
    await waitFor(async () => (await inboundCount(CUSTOMER)) === 4);
    await reader.stop();
    reader = startReader();
    await waitFor(async () => reader?.reading().includes(channelId));
    // A fifth proves the new reader is past the others, which stay read once.
    await dovecot.append(
      SUPPORT,
      'INBOX',
      await mail({
        messageId: 'pedido-5@exemplo.com.br',
        subject: 'Re: Pedido 123 atrasado',
        references: ['pedido-1@exemplo.com.br'],
        text: 'Quinta.',
      }),
    );
    await waitFor(async () => (await inboundCount(CUSTOMER)) === 5);
    const card = await cardOf(CUSTOMER);
    const texts = (await messagesOf(card?.id ?? 0)).filter((m) => m.senderType === 0).map((m) => m.text);
    expect(texts.filter((t) => t.includes('Quarta.'))).toHaveLength(1);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('two nodes: only the one holding the lock reads the mailbox, the other takes over when it stops', async () => {
    await waitFor(async () => reader?.reading().includes(channelId));
    const second = startReader();
    try {
      await second.scan();
      expect(second.reading()).not.toContain(channelId);
      await reader?.stop();
      reader = null;
      await waitFor(async () => {
        await second.scan();
        return second.reading().includes(channelId);
      });
    } finally {
      await second.stop();
    }
    reader = startReader();
  });

  it('a UIDVALIDITY change reads the folder again without duplicating', async () => {
    await reader?.stop();
    reader = null;
    const [before] = await ctx.db
      .select()
      .from(channelPollCursors)
      .where(eq(channelPollCursors.channelId, channelId));
    // The folder renumbered (recreated), holding one message already read and one new.
    await dovecot.recreateMailbox(SUPPORT, 'Atendimento');
    await ctx.db.execute(sql`update channels set config = jsonb_set(config, '{imap,folder}', '"Atendimento"'),
      updated_at = now() where id = ${channelId}`);
    await ctx.deps.channelRepository.forget(channelId);
    await dovecot.append(
      SUPPORT,
      'Atendimento',
      await mail({
        messageId: 'pedido-5@exemplo.com.br',
        subject: 'Re: Pedido 123 atrasado',
        references: ['pedido-1@exemplo.com.br'],
        text: 'Quinta.',
      }),
    );
    await dovecot.append(
      SUPPORT,
      'Atendimento',
      await mail({
        messageId: 'pedido-6@exemplo.com.br',
        subject: 'Re: Pedido 123 atrasado',
        references: ['pedido-1@exemplo.com.br'],
        text: 'Sexta.',
      }),
    );
    reader = startReader();
    await waitFor(async () => (await inboundCount(CUSTOMER)) === 6);
    const [after] = await waitFor(async () => {
      const rows = await ctx.db
        .select()
        .from(channelPollCursors)
        .where(eq(channelPollCursors.channelId, channelId));
      return rows[0] && rows[0].cursor !== before?.cursor ? rows : null;
    });
    expect(JSON.parse(after?.cursor ?? '{}').v).toBe(
      String(await dovecot.uidValidity(SUPPORT, 'Atendimento')),
    );
    // The reader keeps going: nothing more arrives, and the re-read one is there once.
    const card = await cardOf(CUSTOMER);
    const texts = (await messagesOf(card?.id ?? 0)).filter((m) => m.senderType === 0).map((m) => m.text);
    expect(texts.filter((t) => t.includes('Quinta.'))).toHaveLength(1);
  });

  it("the operator's reply goes out threaded, with its attachment, once", async () => {
    const card = await waitFor(() => cardOf(CUSTOMER));
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/attendances/${card.id}/upload`,
      headers: { cookie: admin, 'content-type': 'multipart/form-data; boundary=X' },
      payload: Buffer.concat([
        Buffer.from('--X\r\nContent-Disposition: form-data; name="file"; filename="segunda-via.pdf"\r\n'),
        Buffer.from('Content-Type: application/pdf\r\n\r\n'),
        samplePdf(),
        Buffer.from('\r\n--X--\r\n'),
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const file = (JSON.parse(upload.body) as { file: unknown }).file;
    const before = relay.received.length;
    const r = await http.post(`/api/attendances/${card.id}/messages`, {
      cookie: admin,
      body: { message: 'Seu pedido sai hoje. Segue a segunda via.', attachments: [file] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const got = await waitFor(async () => {
      const list = await dovecot.messages(CUSTOMER);
      return list.length > 0 ? list : null;
    });
    expect(got).toHaveLength(1);
    const reply = got[0];
    expect(reply?.subject).toBe('Re: Pedido 123 atrasado');
    expect(reply?.inReplyTo).toBe('<pedido-6@exemplo.com.br>');
    expect(String(reply?.references)).toContain('pedido-6@exemplo.com.br');
    expect(reply?.from?.value[0]?.address).toBe(SUPPORT);
    expect(reply?.text).toContain('Seu pedido sai hoje.');
    expect(reply?.attachments.map((a) => a.filename)).toEqual(['segunda-via.pdf']);
    expect(relay.received.length - before).toBe(1);
    const [stored] = (await messagesOf(card.id)).filter((m) => m.senderType !== 0);
    expect(stored?.delivery).toBe('sent');
    expect(stored?.providerMessageId).toBe(reply?.messageId?.replace(/^<|>$/g, ''));
  });
});

describe('Reply extras on an em_ card', () => {
  it('sends with the subject, cc and bcc the operator chose; a bad address is refused naming its field', async () => {
    const card = await waitFor(() => cardOf(CUSTOMER));
    const bad = await http.post(`/api/attendances/${card.id}/messages`, {
      cookie: admin,
      body: { message: 'Oi', email: { cc: ['sem-arroba'] } },
    });
    expect(bad.status).toBe(400);
    expect(String(bad.body.message)).toBe(EMAIL_MSG.recipientInvalid('Cópia', 'sem-arroba'));
    const before = relay.received.length;
    const r = await http.post(`/api/attendances/${card.id}/messages`, {
      cookie: admin,
      body: {
        message: 'Incluí o financeiro.',
        email: {
          subject: 'Reembolso do pedido 123',
          cc: ['financeiro@exemplo.com.br'],
          bcc: ['auditoria@exemplo.com.br'],
        },
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const sent = await waitFor(async () => relay.received[before]);
    expect(sent.to.sort()).toEqual(
      [CUSTOMER, 'auditoria@exemplo.com.br', 'financeiro@exemplo.com.br'].sort(),
    );
    const delivered = await waitFor(async () => {
      const list = await dovecot.messages(CUSTOMER);
      return list.find((m) => m.subject === 'Reembolso do pedido 123') ?? null;
    });
    expect(delivered.cc && !Array.isArray(delivered.cc) ? delivered.cc.text : '').toBe(
      'financeiro@exemplo.com.br',
    );
    // The bcc goes in the envelope only, never in the headers.
    expect(delivered.headers.has('bcc')).toBe(false);
    expect(sent.raw).not.toContain('auditoria@');
  });
});

describe('Active e-mail', () => {
  it('opens a card for the first recipient, sends subject, cc, bcc and the file, and the answer joins the card', async () => {
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/mail-upload',
      headers: { cookie: manager, 'content-type': 'multipart/form-data; boundary=X' },
      payload: Buffer.concat([
        Buffer.from(`--X\r\nContent-Disposition: form-data; name="email_config_id"\r\n\r\n${channelId}\r\n`),
        Buffer.from('--X\r\nContent-Disposition: form-data; name="file"; filename="proposta.pdf"\r\n'),
        Buffer.from('Content-Type: application/pdf\r\n\r\n'),
        samplePdf('Proposta'),
        Buffer.from('\r\n--X--\r\n'),
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const file = (JSON.parse(upload.body) as { file: Record<string, unknown> }).file;
    const body = {
      email_config_id: channelId,
      sector_id: sectorId,
      to: [PROSPECT],
      cc: ['comercial@exemplo.com.br'],
      bcc: ['diretoria@exemplo.com.br'],
      subject: 'Proposta Prosa',
      body: 'Olá! Segue nossa proposta.',
      attachments: [file],
    };
    const bad = await http.post('/api/active-email', { cookie: manager, body: { ...body, bcc: ['x@'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(EMAIL_MSG.recipientInvalid('Cópia Oculta', 'x@'));
    const none = await http.post('/api/active-email', { cookie: manager, body: { ...body, to: [] } });
    expect(none.body.message).toBe(EMAIL_MSG.recipientRequired);
    const forged = await http.post('/api/active-email', {
      cookie: manager,
      body: { ...body, attachments: [{ ...file, key: 'att/1/1/x.pdf' }] },
    });
    expect(forged.status).toBe(400);
    const other = await http.post('/api/active-email', { cookie: await http.login(OTHER_ADMIN), body });
    expect(other.status).toBe(404);

    const before = relay.received.length;
    const r = await http.post('/api/active-email', { cookie: manager, body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ sent: true, message: EMAIL_MSG.activeSent });
    const card = await waitFor(() => cardOf(PROSPECT));
    expect(card.cardId).toBe(`em_${channelId}_${PROSPECT}`);
    expect(relay.received.length - before).toBe(1);
    expect(relay.received[before]?.to.sort()).toEqual(
      [PROSPECT, 'comercial@exemplo.com.br', 'diretoria@exemplo.com.br'].sort(),
    );
    const [got] = await waitFor(async () => {
      const list = await dovecot.messages(PROSPECT);
      return list.length > 0 ? list : null;
    });
    expect(got?.subject).toBe('Proposta Prosa');
    expect(got?.attachments.map((a) => a.filename)).toEqual(['proposta.pdf']);
    expect(got?.headers.has('bcc')).toBe(false);

    await dovecot.append(
      SUPPORT,
      'Atendimento',
      await mail({
        from: PROSPECT,
        messageId: 'resposta-proposta@exemplo.com.br',
        subject: 'Re: Proposta Prosa',
        text: 'Gostei, vamos fechar.',
        inReplyTo: String(got?.messageId).replace(/^<|>$/g, ''),
      }),
    );
    await waitFor(async () => (await inboundCount(PROSPECT)) === 1);
    expect((await cardOf(PROSPECT))?.id).toBe(card.id);

    // A second message of ours answers the thread's first; a reply to it (as mail clients chain References) stays.
    const second = await http.post(`/api/attendances/${card.id}/messages`, {
      cookie: manager,
      body: { message: 'Perfeito, envio o contrato.' },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const ours = await waitFor(async () => {
      const list = await dovecot.messages(PROSPECT);
      return list.length > 1 ? list[1] : null;
    });
    const root = String(got?.messageId).replace(/^<|>$/g, '');
    expect(ours.inReplyTo).toBe('<resposta-proposta@exemplo.com.br>');
    expect(String(ours.references)).toContain(root);
    await dovecot.append(
      SUPPORT,
      'Atendimento',
      await mail({
        from: PROSPECT,
        messageId: 'resposta-contrato@exemplo.com.br',
        subject: 'Re: Proposta Prosa',
        text: 'Recebido.',
        inReplyTo: String(ours.messageId).replace(/^<|>$/g, ''),
        references: [root, 'resposta-proposta@exemplo.com.br', String(ours.messageId).replace(/^<|>$/g, '')],
      }),
    );
    await waitFor(async () => (await inboundCount(PROSPECT)) === 2);
    const open = await ctx.db
      .select({ id: attendances.id })
      .from(attendances)
      .innerJoin(
        contacts,
        and(eq(contacts.companyId, attendances.companyId), eq(contacts.id, attendances.contactId)),
      )
      .where(and(eq(contacts.externalId, PROSPECT), sql`closed_at is null`));
    expect(open.map((a) => a.id)).toEqual([card.id]);
  });
});

describe('Mark as seen off', () => {
  it('reads new mail but leaves it unread in the mailbox', async () => {
    const r = await http.patch(`/api/email-configs/${channelId}`, {
      cookie: manager,
      body: { mark_seen: false },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await dovecot.append(
      SUPPORT,
      'Atendimento',
      await mail({
        messageId: 'nao-lida@exemplo.com.br',
        subject: 'Re: Pedido 123 atrasado',
        text: 'Sétima.',
      }),
    );
    await waitFor(async () => (await inboundCount(CUSTOMER)) === 7);
    const box = await dovecot.messages(SUPPORT, 'Atendimento');
    expect(box.find((m) => m.messageId === '<nao-lida@exemplo.com.br>')?.flags.has('\\Seen')).toBe(false);
    expect(box.find((m) => m.messageId === '<pedido-6@exemplo.com.br>')?.flags.has('\\Seen')).toBe(true);
  });
});

describe('SMTP send semantics (one attempt)', () => {
  const attempt = async () => {
    const ch = (await ctx.deps.channelRepository.findById(channelId)) as OpenChannel<TEmConfig> | null;
    if (!ch) throw new Error('canal sumiu');
    return emAdapter.send(channelCtx(ctx.deps), ch, {
      messageId: 999_999,
      to: { externalId: CUSTOMER, data: {} },
      text: 'Teste de envio.',
      media: [],
    });
  };

  it('4xx asks for a retry, 5xx is refused, a connection lost after DATA is an unknown outcome', async () => {
    relay.fail({ code: 451, message: 'Tente mais tarde' });
    expect(await attempt()).toMatchObject({ state: 'retry' });
    relay.fail({ code: 554, message: 'Mensagem recusada' });
    expect(await attempt()).toMatchObject({ state: 'error' });
    expect(await attempt()).not.toHaveProperty('unknownOutcome');
    relay.fail('drop');
    expect(await attempt()).toMatchObject({ state: 'error', unknownOutcome: true });
    expect(await attempt()).toMatchObject({
      state: 'sent',
      providerMessageId: expect.stringContaining('999999'),
    });
  });
});

describe('Near-real-time e-mail flag (spec 1 §7)', () => {
  async function setNearRealTime(on: boolean) {
    const meta = (await http.get('/api/company/metadata', { cookie: manager })).body as {
      allow: Record<string, unknown>;
    };
    const saved = await http.put('/api/company/metadata', {
      cookie: manager,
      body: { ...meta, allow: { ...meta.allow, 'near-real-time-email': on } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }

  async function folder() {
    const ch = (await ctx.deps.channelRepository.findById(channelId)) as OpenChannel<TEmConfig> | null;
    return ch?.config.imap.folder ?? 'INBOX';
  }

  // The net re-check is far off: a mail arrives only by IDLE (flag on) or by the mailbox check (flag off). A quiet
  // connection would enter IDLE after 100 ms, well within the 300 ms between checks.
  const startQuiet = () =>
    startEmailReader({
      url: ctx.url,
      ctx: channelCtx(ctx.deps),
      channelRepository: ctx.deps.channelRepository,
      scanMs: 200,
      recheckMs: 600_000,
      pollMs: 300,
      idleAfterMs: 100,
      backoffMs: 200,
    });

  it('on (the default) the mailbox is in IDLE and new mail arrives by it', async () => {
    await reader?.stop();
    const meta = (await http.get('/api/company/metadata', { cookie: manager })).body as {
      allow: Record<string, unknown>;
    };
    expect(meta.allow['near-real-time-email']).toBe(true);
    reader = startQuiet();
    await waitFor(async () => reader?.idling().includes(channelId));
    const before = await inboundCount(CUSTOMER);
    await dovecot.append(
      SUPPORT,
      await folder(),
      await mail({
        messageId: 'idle-1@exemplo.com.br',
        subject: 'Re: Pedido 123 atrasado',
        text: 'Por IDLE.',
      }),
    );
    await waitFor(async () => (await inboundCount(CUSTOMER)) === before + 1);
  }, 60_000);

  it('off, the mailbox is checked on a timer without IDLE; turned on again, the reader goes back to IDLE', async () => {
    await reader?.stop();
    await setNearRealTime(false);
    reader = startQuiet();
    await waitFor(async () => reader?.reading().includes(channelId));
    const before = await inboundCount(CUSTOMER);
    await dovecot.append(
      SUPPORT,
      await folder(),
      await mail({
        messageId: 'poll-1@exemplo.com.br',
        subject: 'Re: Pedido 123 atrasado',
        text: 'Por verificação.',
      }),
    );
    // Never in IDLE meanwhile, over several checks (each 300 ms apart, IDLE would start after 100 ms of quiet).
    let idled = false;
    await waitFor(async () => {
      idled ||= (reader?.idling().length ?? 0) > 0;
      return (await inboundCount(CUSTOMER)) === before + 1;
    });
    const checks = Date.now() + 1500;
    await waitFor(async () => {
      idled ||= (reader?.idling().length ?? 0) > 0;
      return Date.now() > checks;
    });
    expect(idled).toBe(false);
    // The flag is read again at each check: on, the channel reconnects in IDLE.
    await setNearRealTime(true);
    await waitFor(async () => reader?.idling().includes(channelId));
  }, 60_000);
});
