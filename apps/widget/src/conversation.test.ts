import { describe, expect, it } from 'vitest';
import {
  addPending,
  type ChatMessage,
  confirmSent,
  conversationNotice,
  fromServer,
  fromSocket,
  lastOperatorId,
  mergeMessages,
  setDelivery,
  sortMessages,
  unreadCount,
  WAITING_TEXT,
} from './conversation';
import type { ServerMessage } from './types';

const at = (min: number) => new Date(Date.UTC(2026, 2, 10, 12, min)).toISOString();
const op = (id: number, min: number, text = `op ${id}`): ServerMessage => ({
  id,
  text,
  from: 'operator',
  operator_name: 'Ana',
  sent_at: at(min),
});
const vis = (id: number, min: number, text = `vis ${id}`): ServerMessage => ({
  id,
  text,
  from: 'visitor',
  operator_name: null,
  sent_at: at(min),
});
const ids = (list: ChatMessage[]) => list.map((m) => m.id ?? m.clientId);

describe('conversation', () => {
  it('orders stored messages by time then id, local ones last', () => {
    const local = addPending([], 'client-aaaa', 'oi', new Date(Date.UTC(2020, 0, 1)));
    const list = sortMessages([...local, fromServer(op(3, 5)), fromServer(vis(2, 5)), fromServer(vis(1, 1))]);
    expect(ids(list)).toEqual([1, 2, 3, 'client-aaaa']);
  });

  it('merges without duplicating and keeps the rendering key of a known message', () => {
    const first = mergeMessages([], [fromServer(vis(1, 1)), fromServer(op(2, 2))]);
    const again = mergeMessages(first, [fromServer(op(2, 2, 'editado')), fromServer(op(3, 3))]);
    expect(ids(again)).toEqual([1, 2, 3]);
    expect(again[1]?.text).toBe('editado');
    expect(again.map((m) => m.key)).toEqual(['s1', 's2', 's3']);
  });

  it('confirms a pending message with the stored one', () => {
    let list = mergeMessages([], [fromServer(op(1, 1))]);
    list = addPending(list, 'client-aaaa', 'olá', new Date());
    expect(list[1]).toMatchObject({ id: null, delivery: 'pending', from: 'visitor', key: 'cclient-aaaa' });
    list = confirmSent(list, 'client-aaaa', vis(7, 2, 'olá'));
    expect(ids(list)).toEqual([1, 7]);
    expect(list[1]).toMatchObject({ delivery: 'sent', key: 'cclient-aaaa', clientId: 'client-aaaa' });
  });

  it('does not duplicate when the state already brought the message before the send answered', () => {
    let list = addPending([], 'client-aaaa', 'olá', new Date());
    list = mergeMessages(list, [fromServer(vis(7, 2, 'olá'))]);
    list = confirmSent(list, 'client-aaaa', vis(7, 2, 'olá'));
    expect(ids(list)).toEqual([7]);
  });

  it('marks a retried duplicate as sent when the server returns no message', () => {
    let list = addPending([], 'client-aaaa', 'olá', new Date());
    list = setDelivery(list, 'client-aaaa', 'failed');
    expect(list[0]?.delivery).toBe('failed');
    list = confirmSent(list, 'client-aaaa', null);
    expect(list[0]).toMatchObject({ delivery: 'sent', text: 'olá' });
  });

  it('gives a duplicate-confirmed or failed local message the id the state brings', () => {
    let list = mergeMessages([], [fromServer(vis(1, 1, 'ok'))]);
    list = addPending(list, 'client-aaaa', 'ok', new Date());
    list = confirmSent(list, 'client-aaaa', null);
    list = addPending(list, 'client-bbbb', 'sem rede', new Date());
    list = setDelivery(list, 'client-bbbb', 'failed');
    list = mergeMessages(list, [
      fromServer(vis(1, 1, 'ok')),
      fromServer(vis(2, 2, 'ok')),
      fromServer(op(3, 3)),
    ]);
    expect(ids(list)).toEqual([1, 2, 3, 'client-bbbb']);
    expect(list[1]).toMatchObject({ key: 'cclient-aaaa', clientId: 'client-aaaa', delivery: 'sent' });
    list = mergeMessages(list, [fromServer(vis(4, 4, 'sem rede'))]);
    expect(ids(list)).toEqual([1, 2, 3, 4]);
    expect(list[3]).toMatchObject({ key: 'cclient-bbbb', delivery: 'sent' });
  });

  it('re-adding a client id replaces the local copy', () => {
    let list = addPending([], 'client-aaaa', 'olá', new Date());
    list = addPending(list, 'client-aaaa', 'olá', new Date());
    expect(list).toHaveLength(1);
  });

  it('keeps the refusal reason of a failed message', () => {
    const list = setDelivery(
      addPending([], 'client-aaaa', 'x', new Date()),
      'client-aaaa',
      'failed',
      'Mensagem muito longa.',
    );
    expect(list[0]).toMatchObject({ delivery: 'failed', error: 'Mensagem muito longa.' });
  });

  it('shows only operator socket messages', () => {
    const base = { id: 5, text: 't', operator_name: 'Ana', sent_at: at(1) };
    expect(fromSocket({ ...base, sender_type: 0 })).toBeNull();
    expect(fromSocket({ ...base, sender_type: 1 })).toMatchObject({
      id: 5,
      from: 'operator',
      operatorName: 'Ana',
    });
  });

  it('counts unread operator messages after the last seen one', () => {
    const list = mergeMessages(
      [],
      [fromServer(op(1, 1)), fromServer(vis(2, 2)), fromServer(op(3, 3)), fromServer(op(4, 4))],
    );
    expect(lastOperatorId(list)).toBe(4);
    expect(unreadCount(list, 0)).toBe(3);
    expect(unreadCount(list, 1)).toBe(2);
    expect(unreadCount(list, 4)).toBe(0);
    expect(lastOperatorId([])).toBe(0);
  });
});

describe('quoted replies and the waiting text', () => {
  it('keeps the quoted text of a stored reply and of a socket reply (sender_type 0 quoted = the visitor)', () => {
    const stored = fromServer({
      ...op(4, 4, 'Três dias.'),
      quoted: { text: 'Qual o prazo?', from: 'visitor' },
    });
    expect(stored.quoted).toEqual({ text: 'Qual o prazo?', from: 'visitor' });
    const live = fromSocket({
      id: 5,
      text: 'Isso mesmo.',
      sender_type: 1,
      operator_name: 'Ana',
      sent_at: at(5),
      quoted_message: { text: 'É em dias úteis?', sender_type: 0 },
    });
    expect(live?.quoted).toEqual({ text: 'É em dias úteis?', from: 'visitor' });
    expect(fromServer(op(6, 6)).quoted).toBeNull();
  });

  it('shows the waiting text after the visitor writes until an operator answers; the finalization wins', () => {
    const none = conversationNotice([], { finalized: null, answered: false });
    expect(none).toBeNull();
    const asked = addPending([], 'client-aaaa', 'oi', new Date());
    expect(conversationNotice(asked, { finalized: null, answered: false })).toBe(WAITING_TEXT);
    expect(WAITING_TEXT).toBe('Aguarde, em instantes um atendente irá falar com você.');
    expect(conversationNotice(asked, { finalized: null, answered: true })).toBeNull();
    expect(conversationNotice(asked, { finalized: '20260310000123', answered: false })).toBe(
      'Atendimento finalizado. Protocolo: 20260310000123',
    );
  });
});
