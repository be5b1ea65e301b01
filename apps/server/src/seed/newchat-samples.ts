import { ZNewchatSettings } from '@prosa/shared/newchat';
import { insertNewchat } from '../modules/newchat/repository';
import type { Tx } from '../platform/db';
import type { Sample } from './sample-types';

/** The demo NewChat's public page is /newchat/demo-newchat. */
export const DEMO_NEWCHAT_CODE = 'demo-newchat';

/** The demo company's NewChat: the queue position and typing on, terms of use as text. */
export async function insertDemoNewchat(tx: Tx, companyId: number, sectorId: number): Promise<number> {
  const row = await insertNewchat(tx, {
    companyId,
    code: DEMO_NEWCHAT_CODE,
    name: 'NewChat da Empresa Demo',
    sectorId,
    settings: ZNewchatSettings.parse({
      title: 'Empresa Demo — Atendimento',
      description: 'Fale com a nossa equipe pelo navegador ou instale como aplicativo.',
      baseColor: '#7048E8',
      footerText: 'Empresa Demo',
      footerUrl: 'https://www.example.com',
      customButton: 'Fale conosco',
      name: 'Empresa Demo',
      hasQueue: true,
      queueMessage: 'Você é o {{fila}}º da fila. Em instantes um atendente vai falar com você.',
      showTyping: true,
      hasTermsOfUse: true,
      termsOfUseType: 'text',
      termsOfUseText:
        'Usamos seu nome e telefone apenas para este atendimento. A conversa fica registrada para a sua segurança.',
      showFormMessage: true,
    }),
  });
  return row.id;
}

/** Its conversations: one waiting in the queue, one answered and finalized. */
export function newchatSamples(channelId: number): Sample[] {
  return [
    {
      kind: 'nc',
      channelId,
      externalId: 'demo-newchat-visitante-rafael',
      name: 'Rafael Nunes',
      data: { name: 'Rafael Nunes', phone: '11 98765-1234', contact_phone: '11987651234' },
      sector: 'Suporte',
      operator: null,
      closed: null,
      lines: [
        { from: 'contact', text: 'Nome: Rafael Nunes\nTelefone: 11 98765-1234', minutesAgo: 4 },
        { from: 'contact', text: 'Oi! Como troco a senha do aplicativo?', minutesAgo: 3 },
      ],
    },
    {
      kind: 'nc',
      channelId,
      externalId: 'demo-newchat-visitante-lucia',
      name: 'Lúcia Andrade',
      data: { name: 'Lúcia Andrade', phone: '21 99876-5432', contact_phone: '21998765432' },
      sector: 'Suporte',
      operator: 'Ana',
      closed: { status: 'Resolvido', minutesAgo: 50 * 60 },
      lines: [
        { from: 'contact', text: 'Nome: Lúcia Andrade\nTelefone: 21 99876-5432', minutesAgo: 51 * 60 },
        { from: 'contact', text: 'Vocês emitem nota fiscal para pessoa física?', minutesAgo: 51 * 60 - 1 },
        {
          from: 'operator',
          text: 'Olá, Lúcia! Emitimos sim, ela chega no seu e-mail após o pagamento.',
          minutesAgo: 51 * 60 - 4,
        },
        { from: 'contact', text: 'Obrigada!', minutesAgo: 51 * 60 - 6 },
      ],
    },
  ];
}
