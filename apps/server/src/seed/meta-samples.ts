import { META_MSG, type TFaConfig, type TInstaConfig } from '@prosa/shared/meta';
import { channels } from '../db/schema/channels';
import { encryptSecret } from '../platform/crypto';
import type { Tx } from '../platform/db';
import type { Sample } from './sample-types';

export const DEMO_PAGE_NAME = 'Página da Empresa Demo';
export const DEMO_INSTAGRAM_NAME = 'Instagram da Empresa Demo';

/**
 * The demo's Facebook page and its Instagram business account, with a placeholder page token: their
 * conversations show how Messenger and Instagram Direct look; an admin logs in with Facebook (Facebook e
 * Instagram) and connects a real page to send for real.
 */
export async function insertDemoMetaChannels(
  tx: Tx,
  companyId: number,
  sectorId: number,
  appSecret: string,
): Promise<{ page: number; instagram: number }> {
  // Ids no real page or account has, so a real one connected later never collides with them.
  const pageId = `demo-page-${companyId}`;
  const accountId = `demo-ig-${companyId}`;
  const token = { page_access_token: encryptSecret('token-de-pagina-de-exemplo', appSecret) };
  const pageConfig: TFaConfig = {
    page_id: pageId,
    page_name: DEMO_PAGE_NAME,
    state: 'subscribed',
    needs_reauth: false,
    instagram_id: accountId,
    username_instagram: 'empresademo',
  };
  const accountConfig: TInstaConfig = {
    account_id: accountId,
    username: 'empresademo',
    page_id: pageId,
    iagree: true,
  };
  const [page] = await tx
    .insert(channels)
    .values({
      companyId,
      kind: 'fa',
      name: DEMO_PAGE_NAME,
      defaultSectorId: sectorId,
      routeKey: pageId,
      config: pageConfig,
      secretsSealed: token,
    })
    .returning({ id: channels.id });
  const [instagram] = await tx
    .insert(channels)
    .values({
      companyId,
      kind: 'insta',
      name: DEMO_INSTAGRAM_NAME,
      defaultSectorId: sectorId,
      routeKey: accountId,
      config: accountConfig,
      secretsSealed: token,
    })
    .returning({ id: channels.id });
  if (!page || !instagram) throw new Error('seed: Facebook page or Instagram account not created');
  return { page: page.id, instagram: instagram.id };
}

/**
 * Messenger: a customer who pressed a button waits in Comercial; a finalized support case. Instagram: a story
 * reply Ana is answering; a story mention that became a sale.
 */
export function metaSamples(ids: { page: number; instagram: number }): Sample[] {
  const story = (id: string) => ({
    quotedStory: { url: 'https://www.instagram.com/stories/empresademo/', id },
  });
  return [
    {
      kind: 'fa',
      channelId: ids.page,
      externalId: '7012345678901234',
      name: 'Lucas Martins',
      data: {},
      sector: 'Comercial',
      operator: null,
      closed: null,
      lines: [
        {
          from: 'contact',
          text: 'Ver planos',
          minutesAgo: 9,
          metadata: { postback: { payload: 'VER_PLANOS', title: 'Ver planos' } },
        },
        { from: 'contact', text: 'Qual plano vocês indicam para uma loja pequena?', minutesAgo: 8 },
      ],
    },
    {
      kind: 'fa',
      channelId: ids.page,
      externalId: '7012345678905678',
      name: 'Sofia Ribeiro',
      data: {},
      sector: 'Suporte',
      operator: 'Bruno',
      closed: { status: 'Resolvido', minutesAgo: 5 * 60 },
      lines: [
        { from: 'contact', text: 'Não recebi o e-mail de confirmação do cadastro.', minutesAgo: 6 * 60 },
        {
          from: 'operator',
          text: 'Olá, Sofia! Reenviei agora: confira também a caixa de spam.',
          minutesAgo: 6 * 60 - 4,
          delivery: 'read',
        },
        { from: 'contact', text: 'Chegou! Obrigada.', minutesAgo: 6 * 60 - 10 },
      ],
    },
    {
      kind: 'insta',
      channelId: ids.instagram,
      externalId: '17841400000000001',
      name: 'Beatriz Rocha',
      data: {},
      sector: 'Comercial',
      operator: 'Ana',
      closed: null,
      lines: [
        {
          from: 'contact',
          text: 'Amei! Tem em outras cores?',
          minutesAgo: 50,
          metadata: { ...story('demo-story-1'), story_reply: true },
        },
        {
          from: 'operator',
          text: 'Oi, Beatriz! Temos em azul e em verde. Quer que eu mande as fotos?',
          minutesAgo: 45,
          delivery: 'read',
        },
        { from: 'contact', text: 'Quero sim!', minutesAgo: 30 },
      ],
    },
    {
      kind: 'insta',
      channelId: ids.instagram,
      externalId: '17841400000000002',
      name: 'Gabriel Nunes',
      data: {},
      sector: 'Comercial',
      operator: 'Ana',
      closed: { status: 'Venda realizada', minutesAgo: 3 * 24 * 60 },
      lines: [
        {
          from: 'contact',
          text: META_MSG.storyMention,
          minutesAgo: 3 * 24 * 60 + 60,
          metadata: story('demo-story-2'),
        },
        { from: 'contact', text: 'Comprei na loja de vocês, recomendo!', minutesAgo: 3 * 24 * 60 + 59 },
        {
          from: 'operator',
          text: 'Que bom, Gabriel! Obrigada por marcar a gente.',
          minutesAgo: 3 * 24 * 60 + 30,
          delivery: 'delivered',
        },
      ],
    },
  ];
}
