import { describe, expect, it } from 'vitest';
import {
  infobipInbound,
  infobipReport,
  movileDelivery,
  movileInbound,
  zenviaInbound,
  zenviaStatus,
} from '../../../../test/peers/sms/events';
import { splitEvent } from '../webhook';
import { fillTemplate, generic, parseHeaderLines } from './generic';
import { infobip } from './infobip';
import { movile } from './movile';
import type { BrokerAccount } from './types';
import { pathGet } from './util';
import { zenvia } from './zenvia';

const account: BrokerAccount = {
  baseUrl: 'https://broker.example',
  token: 't',
  username: 'u',
  sender: 'PROSA',
  whatsappSender: '5511900000000',
  headers: {},
  generic: null,
};

describe('Zenvia', () => {
  it('reads an inbound MESSAGE and ignores our own OUT messages', () => {
    const e = zenviaInbound('+55 11 98888-7777', 'PROSA', 'Olá, quero ajuda');
    const [m] = zenvia.parseInbound(account, e);
    expect(m).toMatchObject({
      from: '5511988887777',
      id: e.message.id,
      text: 'Olá, quero ajuda',
      medium: 'sms',
    });
    expect(zenvia.parseInbound(account, { ...e, message: { ...e.message, direction: 'OUT' } })).toEqual([]);
    expect(zenvia.parseStatus(account, e)).toEqual([]);
  });
  it('maps MESSAGE_STATUS codes to ticks', () => {
    expect(zenvia.parseStatus(account, zenviaStatus('abc', 'DELIVERED'))[0]).toMatchObject({
      externalId: 'abc',
      state: 'delivered',
    });
    expect(zenvia.parseStatus(account, zenviaStatus('abc', 'NOT_DELIVERED'))[0]).toMatchObject({
      state: 'error',
      error: 'status NOT_DELIVERED',
    });
    expect(zenvia.parseInbound(account, zenviaStatus('abc', 'SENT'))).toEqual([]);
  });
});

describe('Infobip', () => {
  it('reads forwarded messages and splits a batch into one piece per sender', () => {
    const batch = infobipInbound([
      { from: '5511911111111', to: '28128', text: 'um' },
      { from: '5511922222222', to: '28128', text: 'dois' },
    ]);
    const pieces = splitEvent(batch);
    expect(pieces.map((p) => p.orderingKey)).toEqual(['5511911111111', '5511922222222']);
    expect(splitEvent(pieces[0]?.payload)).toEqual([pieces[0]]);
    expect(infobip.parseInbound(account, pieces[1]?.payload)).toMatchObject([
      { from: '5511922222222', text: 'dois' },
    ]);
    expect(infobip.parseStatus(account, batch)).toEqual([]);
  });
  it('maps delivery reports: DELIVERED, and UNDELIVERABLE/REJECTED/EXPIRED as errors', () => {
    expect(infobip.parseStatus(account, infobipReport('m1', '55119', 'DELIVERED'))[0]).toMatchObject({
      externalId: 'm1',
      state: 'delivered',
    });
    for (const g of ['UNDELIVERABLE', 'REJECTED', 'EXPIRED'] as const)
      expect(infobip.parseStatus(account, infobipReport('m1', '55119', g))[0]?.state).toBe('error');
    expect(infobip.parseInbound(account, infobipReport('m1', '55119', 'DELIVERED'))).toEqual([]);
  });
});

describe('Movile', () => {
  it('reads MO and delivery callbacks', () => {
    const mo = movileInbound('5519987654321', 'Oi');
    expect(movile.parseInbound(account, mo)).toMatchObject([
      { from: '5519987654321', id: mo.id, text: 'Oi' },
    ]);
    expect(movile.parseStatus(account, mo)).toEqual([]);
    expect(movile.parseStatus(account, movileDelivery('x', 'prosa-1', '5519', true))[0]?.state).toBe(
      'delivered',
    );
    expect(movile.parseStatus(account, movileDelivery('x', 'prosa-1', '5519', false))[0]).toMatchObject({
      state: 'error',
      error: 'NOT_DELIVERED_FAIL',
    });
  });
});

describe('generic broker', () => {
  it('fills the template escaping for JSON, form and URL', () => {
    const m = { to: '5511999998888', text: 'Diga "oi"\n& até', ourId: 'prosa-7' };
    const body = fillTemplate('{"numero":"{{to}}","mensagem":"{{message}}","ref":"{{ id }}"}', m, 'json');
    expect(JSON.parse(body)).toEqual({ numero: m.to, mensagem: m.text, ref: 'prosa-7' });
    expect(new URLSearchParams(fillTemplate('to={{to}}&msg={{message}}', m, 'form')).get('msg')).toBe(m.text);
    expect(fillTemplate('https://b.example/send?t={{message}}', m, 'url')).toBe(
      `https://b.example/send?t=${encodeURIComponent(m.text)}`,
    );
  });
  it('reads header lines, dotted paths and the configured inbound and status fields', () => {
    expect(parseHeaderLines('Authorization: Bearer x\nmalformed\nX-Key:  k ')).toEqual({
      Authorization: 'Bearer x',
      'X-Key': 'k',
    });
    expect(pathGet({ a: { b: [{ c: 'ok' }] } }, 'a.b.0.c')).toBe('ok');
    expect(pathGet({ a: 1 }, 'a.__proto__')).toBeNull();
    const g: BrokerAccount = {
      ...account,
      generic: {
        inbound_from_path: 'sms.origem',
        inbound_text_path: 'sms.texto',
        status_id_path: 'id',
        status_value_path: 'situacao',
        status_delivered: 'entregue, ok',
        status_failed: 'falha',
      },
    };
    const one = generic.parseInbound(g, { sms: { origem: '+55 11 97777-6666', texto: 'Bom dia' } });
    const again = generic.parseInbound(g, { sms: { origem: '+55 11 97777-6666', texto: 'Bom dia' } });
    expect(one[0]).toMatchObject({ from: '5511977776666', text: 'Bom dia' });
    expect(again[0]?.id).toBe(one[0]?.id);
    expect(generic.parseStatus(g, { id: 'g-1', situacao: 'ENTREGUE' })[0]?.state).toBe('delivered');
    expect(generic.parseStatus(g, { id: 'g-1', situacao: 'falha' })[0]?.state).toBe('error');
  });
});
