import { cardIdFor } from '@prosa/shared/channels';
import { eq } from 'drizzle-orm';
import { attendances, contacts, messages, persons } from '../db/schema/attendance';
import { companies } from '../db/schema/companies';
import { sectors, statuses } from '../db/schema/organization';
import { users } from '../db/schema/users';
import type { AttendanceRow } from '../modules/attendance/card';
import { nextCounter } from '../modules/attendance/repository';
import { insertWaentChannel } from '../modules/waent/repository';
import { DEMO_WEBCHAT_CODE } from '../modules/webchat/demo-page';
import { findWebchatByCode } from '../modules/webchat/repository';
import { encryptSecret } from '../platform/crypto';
import type { Db, Tx } from '../platform/db';
import { flowHeldSample, insertAutomationSamples } from './automation-samples';
import { emailSamples, insertDemoEmail } from './email-samples';
import { insertDemoMetaChannels, metaSamples } from './meta-samples';
import { insertDemoMultichannel } from './multichannel-samples';
import { insertDemoNewchat, newchatSamples } from './newchat-samples';
import type { Sample } from './sample-types';
import { insertDemoSmsChannels, smsSamples } from './sms-samples';
import { insertDemoTelegramBot, telegramSamples } from './telegram-samples';
import { insertDemoWebNumber, wawebSamples } from './waweb-samples';

// Sample conversations of every channel kind that works, so a newcomer sees each one without configuring
// anything (README). They are data, written once with the demo data: no provider is simulated. The WhatsApp
// Enterprise number has placeholder credentials: its conversations show how the channel looks (the 24 h window
// closed, a template, delivery ticks); sending needs the real token of a real number. The WhatsApp number by
// QR code is stopped and unpaired: it sends once someone starts it and scans its QR with a phone. The Facebook page
// and its Instagram account have a placeholder token: they send once an admin logs in with Facebook and connects
// a real page.

const MINUTE = 60_000;

export async function seedSampleConversations(db: Db, appSecret: string): Promise<boolean> {
  const [demo] = await db.select().from(companies).where(eq(companies.name, 'Empresa Demo')).limit(1);
  const web = await findWebchatByCode(db, DEMO_WEBCHAT_CODE);
  if (!demo || !web) return false;
  const companyId = demo.id;
  const sectorRows = await db.select().from(sectors).where(eq(sectors.companyId, companyId));
  const statusRows = await db.select().from(statuses).where(eq(statuses.companyId, companyId));
  const userRows = await db.select().from(users).where(eq(users.companyId, companyId));
  const sectorId = (name: string) => {
    const s = sectorRows.find((r) => r.name === name);
    if (!s) throw new Error(`seed: sector ${name} missing`);
    return s.id;
  };

  await db.transaction(async (tx) => {
    const whatsapp = await insertWaentChannel(tx, {
      companyId,
      name: 'WhatsApp da Empresa Demo',
      defaultSectorId: sectorId('Suporte'),
      broker: 'meta',
      phoneNumber: '5511930000000',
      phoneNumberId: `demo-${companyId}-phone-number-id`,
      wabaId: 'demo-waba-id',
      displayName: 'Empresa Demo',
      // Placeholders: an admin replaces them with the number's real token and app secret.
      accessTokenSealed: encryptSecret('token-de-exemplo', appSecret),
      appSecretSealed: encryptSecret('app-secret-de-exemplo', appSecret),
      verifyToken: 'troque-este-token',
      apiBaseUrl: 'https://graph.facebook.com/v19.0',
      messagesPerSecond: 80,
      isActive: true,
      isCloud: true,
    });

    const webNumber = await insertDemoWebNumber(tx, companyId, sectorId('Comercial'));
    const meta = await insertDemoMetaChannels(tx, companyId, sectorId('Comercial'), appSecret);
    const telegram = await insertDemoTelegramBot(tx, companyId, sectorId('Suporte'), appSecret);
    const newchat = await insertDemoNewchat(tx, companyId, sectorId('Suporte'));
    const emailConfig = await insertDemoEmail(tx, companyId, sectorId('Suporte'), appSecret);
    const sms = await insertDemoSmsChannels(tx, companyId, sectorId, appSecret);
    // After the channels it lists.
    await insertDemoMultichannel(tx, companyId);

    const samples: Sample[] = [
      {
        kind: 'web',
        channelId: web.id,
        externalId: 'demo-visitante-mariana',
        name: 'Mariana Souza',
        data: { nome: 'Mariana Souza', email: 'mariana.souza@exemplo.com.br', assunto: 'Orçamento' },
        sector: 'Comercial',
        operator: null,
        closed: null,
        lines: [
          {
            from: 'contact',
            text: 'Olá! Vocês atendem empresas com mais de 50 funcionários?',
            minutesAgo: 6,
          },
          { from: 'contact', text: 'Queria um orçamento do plano anual.', minutesAgo: 5 },
        ],
      },
      {
        kind: 'web',
        channelId: web.id,
        externalId: 'demo-visitante-carlos',
        name: 'Carlos Lima',
        data: { nome: 'Carlos Lima', email: 'carlos.lima@exemplo.com.br', assunto: 'Dúvida' },
        sector: 'Comercial',
        operator: 'Ana',
        closed: { status: 'Venda realizada', minutesAgo: 26 * 60 },
        lines: [
          { from: 'contact', text: 'Boa tarde! O plano mensal tem fidelidade?', minutesAgo: 27 * 60 },
          {
            from: 'operator',
            text: 'Boa tarde, Carlos! Não tem fidelidade: você cancela quando quiser.',
            minutesAgo: 27 * 60 - 2,
          },
          { from: 'contact', text: 'Ótimo, então quero contratar.', minutesAgo: 27 * 60 - 5 },
          {
            from: 'operator',
            text: 'Perfeito! Enviei o link de contratação para o seu e-mail.',
            minutesAgo: 27 * 60 - 7,
          },
        ],
      },
      {
        kind: 'waent',
        channelId: whatsapp.id,
        externalId: '5511987650001',
        name: 'João Pereira',
        data: { phone: '5511987650001' },
        sector: 'Suporte',
        operator: null,
        closed: null,
        lines: [
          { from: 'contact', text: 'Oi, meu pedido 4821 ainda não chegou.', minutesAgo: 30 * 60 },
          { from: 'contact', text: 'Vocês podem verificar?', minutesAgo: 30 * 60 - 1 },
        ],
      },
      {
        kind: 'waent',
        channelId: whatsapp.id,
        externalId: '5521998760002',
        name: 'Fernanda Alves',
        data: { phone: '5521998760002' },
        sector: 'Suporte',
        operator: 'Bruno',
        closed: { status: 'Resolvido', minutesAgo: 3 * 60 },
        lines: [
          { from: 'contact', text: 'Não consigo acessar minha conta.', minutesAgo: 4 * 60 },
          {
            from: 'operator',
            text: 'Olá, Fernanda! Enviei um link para redefinir a senha.',
            minutesAgo: 4 * 60 - 3,
            delivery: 'read',
          },
          { from: 'contact', text: 'Deu certo, obrigada!', minutesAgo: 4 * 60 - 10 },
          {
            from: 'operator',
            text: 'Por nada! Qualquer coisa, é só chamar.',
            minutesAgo: 4 * 60 - 11,
            delivery: 'delivered',
          },
        ],
      },
      ...wawebSamples(webNumber),
      ...metaSamples(meta),
      ...telegramSamples(telegram),
      ...newchatSamples(newchat),
      ...emailSamples(emailConfig),
      ...smsSamples(sms),
    ];
    const held = flowHeldSample(telegram);
    const written = new Map<Sample, AttendanceRow>();
    for (const sample of [...samples, held]) {
      const operator = sample.operator
        ? (userRows.find((u) => u.displayName === sample.operator) ?? null)
        : null;
      const status = sample.closed ? statusRows.find((s) => s.name === sample.closed?.status) : null;
      written.set(
        sample,
        await writeSample(tx, companyId, sample, {
          sectorId: sectorId(sample.sector),
          operator: operator ? { id: operator.id, name: operator.displayName } : null,
          statusId: status?.id ?? null,
        }),
      );
    }
    const answered = [...written.values()].find((a) => a.name === 'Fernanda Alves');
    const heldRow = written.get(held);
    if (!answered || !heldRow) throw new Error('seed: automation samples missing');
    await insertAutomationSamples(tx, {
      companyId,
      whatsappId: whatsapp.id,
      telegramId: telegram,
      sectorId,
      heldAttendanceId: heldRow.id,
      answeredAttendance: {
        id: answered.id,
        contactId: answered.contactId,
        channelId: answered.channelId,
        sectorId: answered.sectorId,
        operatorId: answered.operatorAssignedId,
      },
    });
  });
  return true;
}

async function writeSample(
  tx: Tx,
  companyId: number,
  s: Sample,
  refs: { sectorId: number; operator: { id: number; name: string } | null; statusId: number | null },
): Promise<AttendanceRow> {
  const now = Date.now();
  const at = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE);
  const [person] = await tx.insert(persons).values({ companyId, name: s.name }).returning();
  if (!person) throw new Error('seed: person not created');
  const [contact] = await tx
    .insert(contacts)
    .values({
      companyId,
      personId: person.id,
      kind: s.kind,
      channelId: s.channelId,
      externalId: s.externalId,
      name: s.name,
      data: s.data,
    })
    .returning();
  if (!contact) throw new Error('seed: contact not created');
  const first = s.lines[0];
  const last = s.lines[s.lines.length - 1];
  const firstAnswer = s.lines.find((l) => l.from === 'operator');
  const lastAnswer = [...s.lines].reverse().find((l) => l.from === 'operator');
  const lastFromContact = [...s.lines].reverse().find((l) => l.from === 'contact');
  if (!first || !last) throw new Error('seed: sample without messages');
  const n = await nextCounter(tx, companyId, 'protocol');
  const started = at(first.minutesAgo);
  const [attendance] = await tx
    .insert(attendances)
    .values({
      companyId,
      cardId: cardIdFor(s.kind, s.channelId, s.externalId),
      protocol: `${started.toISOString().slice(0, 10).replace(/-/g, '')}${String(n).padStart(6, '0')}`,
      contactId: contact.id,
      personId: person.id,
      channelKind: s.kind,
      channelId: s.channelId,
      name: s.name,
      sectorId: refs.sectorId,
      statusId: refs.statusId,
      answered: firstAnswer !== undefined,
      operatorAssignedId: refs.operator?.id ?? null,
      operatorAssignedName: refs.operator?.name ?? null,
      queuedAt: started,
      data: s.data,
      unreadCount: s.closed ? 0 : s.lines.filter((l) => l.from === 'contact').length,
      lastMessageAt: at(last.minutesAgo),
      lastMessagePreview: last.text.slice(0, 140),
      lastMessageSender: last.from === 'contact' ? 0 : 1,
      firstStartChatAt: started,
      firstOperatorAnswerAt: firstAnswer ? at(firstAnswer.minutesAgo) : null,
      latestOperatorAnswerAt: lastAnswer ? at(lastAnswer.minutesAgo) : null,
      latestContactChatMessageAt: lastFromContact ? at(lastFromContact.minutesAgo) : null,
      responseTime: firstAnswer ? Math.round((first.minutesAgo - firstAnswer.minutesAgo) * 60) : null,
      customerResponseCounter: s.lines.filter((l) => l.from === 'contact').length,
      closedAt: s.closed ? at(s.closed.minutesAgo) : null,
      closedByUserId: s.closed ? (refs.operator?.id ?? null) : null,
      closedByUserName: s.closed ? (refs.operator?.name ?? null) : null,
      createdAt: started,
      updatedAt: at(s.closed?.minutesAgo ?? last.minutesAgo),
    })
    .returning();
  if (!attendance) throw new Error('seed: attendance not created');
  const written = attendance;
  await tx.insert(messages).values(
    s.lines.map((l, i) => ({
      companyId,
      attendanceId: attendance.id,
      messageId:
        l.from === 'contact'
          ? `${s.kind}:${s.channelId}:demo-${s.externalId}-${i}`
          : `demo:${attendance.id}:${i}`,
      text: l.text,
      senderType: l.from === 'contact' ? 0 : 1,
      operatorId: l.from === 'operator' ? (refs.operator?.id ?? null) : null,
      operatorName: l.from === 'operator' ? (refs.operator?.name ?? null) : null,
      sentAt: at(l.minutesAgo),
      delivery: l.from === 'operator' ? (l.delivery ?? 'sent') : ('sent' as const),
      createdAt: at(l.minutesAgo),
      ...(l.metadata ? { metadata: l.metadata } : {}),
    })),
  );
  return written;
}
