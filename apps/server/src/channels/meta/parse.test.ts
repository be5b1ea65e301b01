import { META_MSG } from '@prosa/shared/meta';
import { describe, expect, it } from 'vitest';
import { ev, webhookBody } from '../../../test/peers/graph-api/webhooks';
import type { OpenChannel } from '../port';
import { GraphError } from './graph-client';
import { graphErrorOutcome } from './graph-errors';
import { parse, split } from './parse';
import { messagingTypeFor } from './send';

const PAGE = '111';
const IG = '178';
const ch = (routeKey: string, kind: 'fa' | 'insta' = 'fa') =>
  ({
    companyId: 1,
    id: 9,
    kind,
    routeKey,
    config: {},
    secrets: {},
    deletedAt: null,
  }) as unknown as OpenChannel;

const one = (
  routeKey: string,
  events: Parameters<typeof webhookBody>[1],
  object: 'page' | 'instagram' = 'page',
) => parse(ch(routeKey), webhookBody(object, events));

describe('Messenger and Instagram webhook parse', () => {
  it('splits a batch by person, each piece in time order, echoes with the person they went to', () => {
    const pieces = split(
      webhookBody('page', [
        ev.text({ user: 'u1', to: PAGE, text: 'segunda', at: 2000 }),
        ev.text({ user: 'u2', to: PAGE, text: 'outra pessoa', at: 1500 }),
        ev.text({ user: 'u1', to: PAGE, text: 'primeira', at: 1000 }),
        ev.echo({ user: 'u2', to: PAGE, text: 'nossa resposta' }),
      ]),
    );
    expect(pieces.map((p) => p.orderingKey).sort()).toEqual(['u1', 'u2']);
    const u1 = pieces.find((p) => p.orderingKey === 'u1');
    expect(parse(ch(PAGE), u1?.payload).messages.map((m) => m.text)).toEqual(['primeira', 'segunda']);
  });

  it('reads texts, files as references to their URLs, and ignores echoes and other pages', () => {
    const out = one(PAGE, [
      ev.text({ user: 'u1', to: PAGE, text: 'Olá', mid: 'm1', at: 1000 }),
      ev.media({
        user: 'u1',
        to: PAGE,
        type: 'file',
        url: 'https://cdn.test/a/nota%20fiscal.pdf',
        mid: 'm2',
      }),
      ev.echo({ user: 'u1', to: PAGE, text: 'eco' }),
    ]);
    expect(out.contact).toEqual({ externalId: 'u1', name: 'u1', data: { psid: 'u1' } });
    expect(out.messages.map((m) => [m.externalId, m.text])).toEqual([
      ['m1', 'Olá'],
      ['m2', ''],
    ]);
    expect(out.messages[0]?.sentAt.getTime()).toBe(1000);
    expect(out.messages[1]?.media).toEqual([
      {
        id: 'https://cdn.test/a/nota%20fiscal.pdf',
        type: 'document',
        mimeType: null,
        fileName: 'nota fiscal.pdf',
      },
    ]);
    expect(one('999', [ev.text({ user: 'u1', to: PAGE, text: 'Olá' })]).messages).toEqual([]);
  });

  it('turns a postback into a message with its title and a referral into a kept referral', () => {
    const out = one(PAGE, [
      ev.postback({ user: 'u1', to: PAGE, title: 'Falar com atendente', payload: 'HUMANO', mid: 'p1' }),
      ev.referral({
        user: 'u1',
        to: PAGE,
        ref: 'promo-natal',
        source: 'ADS',
        type: 'OPEN_THREAD',
        ad_id: '42',
        at: 5000,
      }),
    ]);
    expect(out.messages[0]).toMatchObject({
      externalId: 'p1',
      text: 'Falar com atendente',
      metadata: { postback: { payload: 'HUMANO', title: 'Falar com atendente' } },
    });
    expect(out.messages[1]?.metadata?.referral).toEqual({
      source: 'ADS',
      type: 'OPEN_THREAD',
      ref: 'promo-natal',
      ad_id: '42',
      at: new Date(5000).toISOString(),
    });
  });

  it('reads and deliveries become ticks on the messages they name', () => {
    const read = { ...ev.read({ user: 'u1', to: PAGE, watermark: 9000, at: 9000 }) };
    (read.read as { mids?: string[] }).mids = ['our-1', 'our-2'];
    const out = one(PAGE, [read, ev.delivery({ user: 'u1', to: PAGE, mids: ['our-3'] })]);
    expect(out.statuses.map((s) => [s.externalId, s.state])).toEqual([
      ['our-1', 'read'],
      ['our-2', 'read'],
      ['our-3', 'delivered'],
    ]);
    expect(out.messages).toEqual([]);
    expect(one(IG, [ev.igRead({ user: 'u9', to: IG, mid: 'ig-ours' })]).statuses[0]).toMatchObject({
      externalId: 'ig-ours',
      state: 'read',
    });
  });

  it('Instagram story replies and mentions carry quotedStory; reactions go to the port', () => {
    const out = parse(
      ch(IG, 'insta'),
      webhookBody('instagram', [
        ev.storyReply({
          user: 'ig1',
          to: IG,
          text: 'Amei!',
          storyUrl: 'https://cdn.test/s1.jpg',
          storyId: 's1',
          mid: 'r1',
        }),
        ev.storyMention({ user: 'ig1', to: IG, storyUrl: 'https://cdn.test/s2.jpg', mid: 'r2' }),
        ev.reaction({ user: 'ig1', to: IG, mid: 'our-9', emoji: '❤️' }),
        ev.reaction({ user: 'ig1', to: IG, mid: 'our-9', emoji: null }),
      ]),
    );
    expect(out.messages[0]).toMatchObject({
      text: 'Amei!',
      metadata: { quotedStory: { url: 'https://cdn.test/s1.jpg', id: 's1' } },
    });
    expect(out.messages[1]).toMatchObject({
      text: META_MSG.storyMention,
      metadata: { quotedStory: { url: 'https://cdn.test/s2.jpg', id: 'r2' } },
    });
    expect(out.messages[1]?.media).toBeUndefined();
    expect(out.reactions.map((r) => [r.targetExternalId, r.emoji, r.from])).toEqual([
      ['our-9', '❤️', 'ig1'],
      ['our-9', null, 'ig1'],
    ]);
  });

  it('drops what is not an event (no sender, no time) without failing', () => {
    expect(
      parse(ch(PAGE), { object: 'page', entry: [{ id: PAGE, messaging: [{ message: { text: 'x' } }] }] }),
    ).toEqual({
      contact: null,
      messages: [],
      statuses: [],
      reactions: [],
    });
    expect(split('lixo')).toEqual([]);
  });
});

describe('Messenger messaging window', () => {
  const now = Date.UTC(2026, 0, 10);
  const hoursAgo = (h: number) => new Date(now - h * 3_600_000);
  it('RESPONSE within 24 h, HUMAN_AGENT up to 7 days, nothing after', () => {
    expect(messagingTypeFor(hoursAgo(23), now)).toEqual({ messaging_type: 'RESPONSE' });
    expect(messagingTypeFor(hoursAgo(25), now)).toEqual({
      messaging_type: 'MESSAGE_TAG',
      tag: 'HUMAN_AGENT',
    });
    expect(messagingTypeFor(hoursAgo(24 * 7 - 1), now)).toEqual({
      messaging_type: 'MESSAGE_TAG',
      tag: 'HUMAN_AGENT',
    });
    expect(messagingTypeFor(hoursAgo(24 * 7 + 1), now)).toBeNull();
    expect(messagingTypeFor(null, now)).toBeNull();
  });
});

describe('Graph errors (spec 2 §8)', () => {
  const err = (code: number, type = 'FacebookApiException', status = 400) =>
    new GraphError(status, code, type, null, `(#${code}) erro`);
  it('230 or OAuthException: authenticate again; 10, 190, 200, 299: link again; others: the provider', () => {
    expect(graphErrorOutcome(err(230), 0)).toMatchObject({ reauth: true, result: { state: 'error' } });
    expect(graphErrorOutcome(err(100, 'OAuthException'), 0).reauth).toBe(true);
    for (const code of [10, 190, 200, 299]) {
      const o = graphErrorOutcome(err(code), 0);
      expect(o.reauth).toBe(true);
      expect(o.result).toMatchObject({ state: 'error', error: expect.stringContaining(META_MSG.relink) });
    }
    expect(graphErrorOutcome(err(551), 0)).toEqual({
      reauth: false,
      result: { state: 'error', error: '551 (#551) erro' },
    });
    expect(graphErrorOutcome(err(613, 'OAuthException', 429), 1).result.state).toBe('error');
    expect(graphErrorOutcome(err(613, 'FacebookApiException', 429), 1)).toEqual({
      reauth: false,
      result: { state: 'retry', error: '613 (#613) erro', retryAfterMs: null, partsSent: 1 },
    });
  });
});
