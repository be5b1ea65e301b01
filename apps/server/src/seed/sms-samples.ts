import { ZSmartConfig } from '@prosa/shared/smart';
import { ZSmsConfig } from '@prosa/shared/sms';
import { channels } from '../db/schema/channels';
import { encryptSecret } from '../platform/crypto';
import type { Tx } from '../platform/db';
import type { Sample } from './sample-types';

export const DEMO_SMS_NAME = 'SMS da Empresa Demo';
export const DEMO_SMART_NAME = 'Smart da Empresa Demo';
/** Placeholders: Zenvia refuses them, so replies fail with the broker's answer until an admin sets a real token. */
export const DEMO_SMS_TOKEN = 'token-zenvia-de-exemplo';

/**
 * The demo's SMS channel (Zenvia, a conditional sending "boleto" to Financeiro) and Smart channel (Zenvia on
 * WhatsApp, with transhipment to SMS), both with placeholder tokens.
 */
export async function insertDemoSmsChannels(
  tx: Tx,
  companyId: number,
  sectorId: (name: string) => number,
  appSecret: string,
): Promise<{ sms: number; smart: number }> {
  const seal = (v: string) => encryptSecret(v, appSecret);
  const rows = await tx
    .insert(channels)
    .values([
      {
        companyId,
        kind: 'sms',
        name: DEMO_SMS_NAME,
        defaultSectorId: sectorId('Comercial'),
        routeKey: `sms-demo-${companyId}`,
        config: ZSmsConfig.parse({
          broker: 'zenvia',
          sender: 'EMPRESADEMO',
          conditionals: [
            {
              sector_id: sectorId('Financeiro'),
              conditional: 'boleto, fatura',
              status: true,
              default: false,
            },
          ],
        }),
        secretsSealed: { token: seal(DEMO_SMS_TOKEN), webhook_secret: seal('segredo-sms-de-exemplo') },
        connectionState: 'connected',
      },
      {
        companyId,
        kind: 'smart',
        name: DEMO_SMART_NAME,
        defaultSectorId: sectorId('Comercial'),
        routeKey: `smart-demo-${companyId}`,
        config: ZSmartConfig.parse({
          gateway: 'zenvia',
          medium: 'whatsapp',
          base_url: 'https://api.zenvia.com',
          sender: 'EMPRESADEMO',
          whatsapp_sender: '5511930000001',
          has_transhipment: true,
        }),
        secretsSealed: { token: seal(DEMO_SMS_TOKEN), webhook_secret: seal('segredo-smart-de-exemplo') },
        connectionState: 'connected',
      },
    ])
    .returning({ id: channels.id, kind: channels.kind });
  const sms = rows.find((r) => r.kind === 'sms')?.id;
  const smart = rows.find((r) => r.kind === 'smart')?.id;
  if (!sms || !smart) throw new Error('seed: sms channels not created');
  return { sms, smart };
}

/** An SMS conversation waiting in Comercial and one finalized; the same on the Smart channel. */
export function smsSamples(ids: { sms: number; smart: number }): Sample[] {
  return [
    {
      kind: 'sms',
      channelId: ids.sms,
      externalId: '5511987650001',
      name: '+5511987650001',
      data: { phone: '5511987650001' },
      sector: 'Comercial',
      operator: null,
      closed: null,
      lines: [
        { from: 'contact', text: 'Recebi o SMS da promoção. Ainda está valendo?', minutesAgo: 14 },
        { from: 'contact', text: 'Quero saber o preço do plano anual.', minutesAgo: 13 },
      ],
    },
    {
      kind: 'sms',
      channelId: ids.sms,
      externalId: '5511987650002',
      name: '+5511987650002',
      data: { phone: '5511987650002' },
      sector: 'Comercial',
      operator: 'Ana',
      closed: { status: 'Resolvido', minutesAgo: 30 * 60 },
      lines: [
        { from: 'contact', text: 'Qual o horário da loja no sábado?', minutesAgo: 30 * 60 + 20 },
        {
          from: 'operator',
          text: 'Olá! Aos sábados abrimos das 9h às 14h.',
          minutesAgo: 30 * 60 + 15,
          delivery: 'delivered',
        },
      ],
    },
    {
      kind: 'smart',
      channelId: ids.smart,
      externalId: '5521998760003',
      name: '+5521998760003',
      data: { phone: '5521998760003' },
      sector: 'Comercial',
      operator: null,
      closed: null,
      lines: [{ from: 'contact', text: 'Oi! Vocês entregam no Rio de Janeiro?', minutesAgo: 6 }],
    },
    {
      kind: 'smart',
      channelId: ids.smart,
      externalId: '5521998760004',
      name: '+5521998760004',
      data: { phone: '5521998760004' },
      sector: 'Comercial',
      operator: 'Ana',
      closed: { status: 'Resolvido', minutesAgo: 50 * 60 },
      lines: [
        { from: 'contact', text: 'Meu cupom não funcionou.', minutesAgo: 50 * 60 + 40 },
        {
          from: 'operator',
          text: 'Corrigido! O cupom já pode ser usado de novo.',
          minutesAgo: 50 * 60 + 30,
          delivery: 'read',
        },
      ],
    },
  ];
}
