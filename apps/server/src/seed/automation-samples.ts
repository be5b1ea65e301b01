import { sql } from 'drizzle-orm';
import { attendances, messages } from '../db/schema/attendance';
import {
  automationSessions,
  chatbotFlowChannels,
  chatbotFlows,
  pollRequests,
  polls,
  triggers,
} from '../db/schema/automation';
import { statuses } from '../db/schema/organization';
import type { Tx } from '../platform/db';
import type { Sample } from './sample-types';

// Automation samples (issue 17): triggers on the demo WhatsApp, a flow that greets the demo Telegram bot's
// contacts (one conversation held by it: "Automáticos"), and a satisfaction poll on the "Resolvido" status
// with an answer of the finalized WhatsApp sample (the poll report shows it).

const FLOW_GRAPH = {
  nodes: [
    { id: 'start', type: 'start', position: { x: 0, y: 120 }, data: {} },
    {
      id: 'menu',
      type: 'menu',
      position: { x: 260, y: 80 },
      data: {
        text: 'Olá! Sou o assistente da Empresa Demo. Sobre o que você quer falar?',
        options: [
          { id: 'suporte', label: 'Suporte técnico' },
          { id: 'comercial', label: 'Comprar um plano' },
        ],
        invalid_text: 'Não entendi. Responda com o número da opção.',
        retries: 2,
      },
    },
    { id: 'to-suporte', type: 'transfer', position: { x: 620, y: 0 }, data: { sector_id: 0 } },
    { id: 'to-comercial', type: 'transfer', position: { x: 620, y: 160 }, data: { sector_id: 0 } },
  ],
  edges: [
    { id: 'e-start', source: 'start', target: 'menu' },
    { id: 'e-suporte', source: 'menu', sourceHandle: 'suporte', target: 'to-suporte' },
    { id: 'e-comercial', source: 'menu', sourceHandle: 'comercial', target: 'to-comercial' },
    { id: 'e-fallback', source: 'menu', sourceHandle: 'fallback', target: 'to-suporte' },
  ],
};

/** The conversation the flow holds: written as a sample, then marked automatic at the menu. */
export function flowHeldSample(telegramId: number): Sample {
  return {
    kind: 'tg',
    channelId: telegramId,
    externalId: '700100200',
    name: 'Rafael Torres',
    data: { telegram_id: '700100200' },
    sector: 'Suporte',
    operator: null,
    closed: null,
    lines: [
      { from: 'contact', text: 'Boa noite', minutesAgo: 2 },
      { from: 'operator', text: String(FLOW_GRAPH.nodes[1]?.data.text), minutesAgo: 2 },
    ],
  };
}

export async function insertAutomationSamples(
  tx: Tx,
  input: {
    companyId: number;
    whatsappId: number;
    telegramId: number;
    sectorId: (name: string) => number;
    heldAttendanceId: number;
    answeredAttendance: {
      id: number;
      contactId: number;
      channelId: number;
      sectorId: number;
      operatorId: number | null;
    };
  },
) {
  const { companyId } = input;
  await tx.insert(triggers).values([
    {
      companyId,
      channelId: input.whatsappId,
      triggerableType: 'waent',
      triggerType: 'text',
      name: 'Horário de atendimento',
      triggerText: 'horário; horario; que horas abre',
      actions: [
        {
          type: 'TEXT',
          params: { text: 'Atendemos de segunda a sexta, das 8h às 18h, e aos sábados até o meio-dia.' },
        },
      ],
      position: 0,
    },
    {
      companyId,
      channelId: input.whatsappId,
      triggerableType: 'waent',
      triggerType: 'first_message',
      params: { message: 'Olá! Recebemos sua mensagem e um atendente já vai falar com você.' },
    },
    {
      companyId,
      channelId: input.whatsappId,
      triggerableType: 'waent',
      triggerType: 'on_chat_close',
      params: { message: 'Obrigado pelo contato com a Empresa Demo!' },
    },
  ]);

  const graph = structuredClone(FLOW_GRAPH);
  for (const n of graph.nodes) {
    if (n.id === 'to-suporte') n.data = { sector_id: input.sectorId('Suporte') };
    if (n.id === 'to-comercial') n.data = { sector_id: input.sectorId('Comercial') };
  }
  const [flow] = await tx
    .insert(chatbotFlows)
    .values({ companyId, name: 'Triagem de boas-vindas', description: 'Menu inicial do Telegram', graph })
    .returning({ id: chatbotFlows.id });
  if (!flow) throw new Error('seed: flow not created');
  await tx.insert(chatbotFlowChannels).values({
    companyId,
    channelId: input.telegramId,
    flowId: flow.id,
    channelType: 'tg',
  });
  await tx.execute(sql`update companies set metadata = jsonb_set(coalesce(metadata, '{}'::jsonb), '{allow,chatbots}', 'true'::jsonb, true)
    where id = ${companyId}`);
  await tx
    .update(attendances)
    .set({ auto: true })
    .where(sql`${attendances.companyId} = ${companyId} and ${attendances.id} = ${input.heldAttendanceId}`);
  await tx.insert(automationSessions).values({
    companyId,
    attendanceId: input.heldAttendanceId,
    holder: 'flow',
    flowId: flow.id,
    nodeId: 'menu',
    state: { version: 1, steps: 2 },
  });
  await tx
    .update(messages)
    .set({ metadata: { automatic: true }, operatorId: null, operatorName: null })
    .where(sql`${messages.companyId} = ${companyId} and ${messages.attendanceId} = ${input.heldAttendanceId}
      and ${messages.senderType} = 1`);

  const [poll] = await tx
    .insert(polls)
    .values({
      companyId,
      name: 'Satisfação do atendimento',
      question: 'Como você avalia o atendimento que recebeu?',
      texts: { correct_answer: 'Obrigado por responder nossa pesquisa!', invalid_answer: null },
      possibleAnswers: {
        '1': { key: 'A', value: 'Ótimo' },
        '2': { key: 'B', value: 'Bom' },
        '3': { key: 'C', value: 'Ruim' },
      },
      answerOrder: 'letters',
    })
    .returning({ id: polls.id });
  if (!poll) throw new Error('seed: poll not created');
  await tx
    .update(statuses)
    .set({ pollId: poll.id })
    .where(sql`${statuses.companyId} = ${companyId} and ${statuses.name} = 'Resolvido'`);
  const a = input.answeredAttendance;
  const [resolved] = await tx
    .select({ id: statuses.id })
    .from(statuses)
    .where(sql`${statuses.companyId} = ${companyId} and ${statuses.name} = 'Resolvido'`);
  await tx.insert(pollRequests).values({
    companyId,
    pollId: poll.id,
    attendanceId: a.id,
    contactId: a.contactId,
    channelId: a.channelId,
    statusId: resolved?.id ?? null,
    operatorId: a.operatorId,
    sectorId: a.sectorId,
    state: 'answered',
    answerKey: 'A',
    answerValue: 'Ótimo',
    askedAt: new Date(Date.now() - 3 * 3_600_000),
    answeredAt: new Date(Date.now() - 3 * 3_600_000 + 60_000),
  });
  await tx
    .update(attendances)
    .set({ pollSubmited: true })
    .where(sql`${attendances.companyId} = ${companyId} and ${attendances.id} = ${a.id}`);
}
