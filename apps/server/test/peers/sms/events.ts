import { randomUUID } from 'node:crypto';

// The brokers' webhook bodies, as their documentation shows them.

export function zenviaInbound(from: string, to: string, text: string, channel: 'sms' | 'whatsapp' = 'sms') {
  const id = randomUUID();
  const timestamp = new Date().toISOString();
  return {
    id: randomUUID(),
    timestamp,
    type: 'MESSAGE',
    subscriptionId: randomUUID(),
    channel,
    direction: 'IN',
    message: { id, from, to, direction: 'IN', channel, contents: [{ type: 'text', text }], timestamp },
  };
}

export function zenviaStatus(messageId: string, code: 'SENT' | 'DELIVERED' | 'NOT_DELIVERED' | 'REJECTED') {
  return {
    id: randomUUID(),
    timestamp: new Date().toISOString(),
    type: 'MESSAGE_STATUS',
    subscriptionId: randomUUID(),
    channel: 'sms',
    messageId,
    messageStatus: { timestamp: new Date().toISOString(), code, description: `status ${code}` },
  };
}

export function infobipInbound(messages: { from: string; to: string; text: string; messageId?: string }[]) {
  return {
    results: messages.map((m) => ({
      messageId: m.messageId ?? randomUUID(),
      from: m.from,
      to: m.to,
      text: m.text,
      cleanText: m.text,
      keyword: '',
      receivedAt: new Date().toISOString(),
      smsCount: 1,
      price: { pricePerMessage: 0, currency: 'BRL' },
    })),
    messageCount: messages.length,
    pendingMessageCount: 0,
  };
}

export function infobipReport(
  messageId: string,
  to: string,
  groupName: 'DELIVERED' | 'UNDELIVERABLE' | 'REJECTED' | 'EXPIRED',
) {
  const ok = groupName === 'DELIVERED';
  return {
    results: [
      {
        bulkId: randomUUID(),
        messageId,
        to,
        sentAt: new Date().toISOString(),
        doneAt: new Date().toISOString(),
        smsCount: 1,
        status: ok
          ? {
              groupId: 3,
              groupName,
              id: 5,
              name: 'DELIVERED_TO_HANDSET',
              description: 'Message delivered to handset',
            }
          : {
              groupId: 2,
              groupName,
              id: 9,
              name: `${groupName}_NOT_DELIVERED`,
              description: 'Message not delivered',
            },
        error: ok
          ? {
              groupId: 0,
              groupName: 'OK',
              id: 0,
              name: 'NO_ERROR',
              description: 'No Error',
              permanent: false,
            }
          : {
              groupId: 1,
              groupName: 'HANDSET_ERRORS',
              id: 27,
              name: 'EC_ABSENT_SUBSCRIBER',
              description: 'Absent Subscriber',
              permanent: false,
            },
      },
    ],
  };
}

export function movileInbound(source: string, text: string) {
  return {
    id: randomUUID(),
    source,
    shortCode: '28128',
    messageText: text,
    receivedAt: new Date().toISOString(),
    correlationId: null,
  };
}

export function movileDelivery(id: string, correlationId: string, destination: string, delivered: boolean) {
  return {
    id,
    correlationId,
    destination,
    sentStatusCode: 2,
    sentStatus: 'SENT_SUCCESS',
    deliveredStatusCode: delivered ? 4 : 104,
    deliveredStatus: delivered ? 'DELIVERED_SUCCESS' : 'NOT_DELIVERED_FAIL',
    deliveredAt: new Date().toISOString(),
  };
}
