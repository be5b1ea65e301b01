import { randomUUID } from 'node:crypto';
import { ZWawebConfig } from '@prosa/shared/waweb';
import { channels, wawebSessions } from '../db/schema/channels';
import type { Tx } from '../platform/db';
import type { Sample } from './sample-types';

export const DEMO_WAWEB_NAME = 'WhatsApp QR da Empresa Demo';

/**
 * The demo's WhatsApp number by QR code: stopped, with no phone paired (no credentials are stored), so a
 * newcomer starts it in "WhatsApp" and scans the QR with a real phone.
 */
export async function insertDemoWebNumber(tx: Tx, companyId: number, sectorId: number): Promise<number> {
  const [row] = await tx
    .insert(channels)
    .values({
      companyId,
      kind: 'waweb',
      name: DEMO_WAWEB_NAME,
      defaultSectorId: sectorId,
      routeKey: `waweb-${randomUUID()}`,
      config: ZWawebConfig.parse({}),
    })
    .returning({ id: channels.id });
  if (!row) throw new Error('seed: web number not created');
  await tx.insert(wawebSessions).values({ companyId, channelId: row.id, desired: 'stopped' });
  return row.id;
}

/** Its conversations: a customer waiting in the Comercial queue, and a sale finalized with read ticks. */
export function wawebSamples(channelId: number): Sample[] {
  return [
    {
      kind: 'waweb',
      channelId,
      externalId: '5511976540003',
      name: 'Rafael Costa',
      data: { phone: '5511976540003' },
      sector: 'Comercial',
      operator: null,
      closed: null,
      lines: [
        { from: 'contact', text: 'Oi! Vi o anúncio de vocês no Instagram.', minutesAgo: 12 },
        { from: 'contact', text: 'Ainda tem o plano anual com desconto?', minutesAgo: 11 },
      ],
    },
    {
      kind: 'waweb',
      channelId,
      externalId: '5531988770004',
      name: 'Patrícia Gomes',
      data: { phone: '5531988770004' },
      sector: 'Comercial',
      operator: 'Ana',
      closed: { status: 'Venda realizada', minutesAgo: 2 * 24 * 60 },
      lines: [
        {
          from: 'contact',
          text: 'Bom dia! Quanto custa o plano para 10 usuários?',
          minutesAgo: 2 * 24 * 60 + 40,
        },
        {
          from: 'operator',
          text: 'Bom dia, Patrícia! Para 10 usuários fica R$ 400,00 por mês.',
          minutesAgo: 2 * 24 * 60 + 38,
          delivery: 'read',
        },
        { from: 'contact', text: 'Fechado! Pode mandar o contrato.', minutesAgo: 2 * 24 * 60 + 20 },
        {
          from: 'operator',
          text: 'Enviado! Obrigada pela confiança.',
          minutesAgo: 2 * 24 * 60 + 18,
          delivery: 'delivered',
        },
      ],
    },
  ];
}
