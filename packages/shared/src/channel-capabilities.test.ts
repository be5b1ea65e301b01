import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MIME_KIND, UPLOAD_MAX_BYTES, VOICE_MIME } from './attachment-rules';
import {
  attendanceTextLimit,
  capabilitiesOf,
  channelFactsOf,
  channelKindsWith,
  channelTextLimit,
  replyWindowOpen,
  type TChannelCapabilities,
  truncateToChannel,
} from './channel-capabilities';
import { CHANNEL_KINDS, CHANNEL_TEXT_LIMIT } from './channels';
import { canScheduleChannel } from './scheduling';
import { WAENT_WINDOW_MS } from './waent';

const NOW = Date.parse('2026-05-10T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000);

describe('capabilitiesOf', () => {
  it('web chat: no text limit, the upload types, delivered by socket, presence, no window, no scheduling', () => {
    const web = capabilitiesOf('web');
    expect(web.text.maxLength).toBeNull();
    expect(web.media?.types).toEqual(
      expect.arrayContaining([...Object.keys(ATTACHMENT_MIME_KIND), VOICE_MIME]),
    );
    expect(web.media?.maxBytes).toBe(UPLOAD_MAX_BYTES);
    expect(web.replyWindow).toBeNull();
    expect(web.socketDelivery).toBe(true);
    expect(web.presence).toBe(true);
    expect(web.templates).toBe(false);
    expect(web.scheduling).toBe(false);
    expect(web.contactAddress).toBe('opaque');
    expect(web.defaultRatePerSecond).toBeNull();
  });

  it('WhatsApp Enterprise: 4096 characters, 24 h window, templates, statuses, reactions, 80/s by phone', () => {
    const waent = capabilitiesOf('waent');
    expect(waent.text.maxLength).toBe(4096);
    expect(waent.replyWindow?.hours).toBe(WAENT_WINDOW_MS / 3_600_000);
    expect(waent.templates).toBe(true);
    expect(waent.readReceipts).toBe(true);
    expect(waent.reactions).toBe(true);
    expect(waent.defaultRatePerSecond).toBe(80);
    expect(waent.contactAddress).toBe('phone');
    expect(waent.scheduling).toBe(true);
    expect(waent.socketDelivery).toBe(false);
    expect(waent.presence).toBe(false);
    expect(waent.media?.maxBytes).toBe(16 * 1024 * 1024);
    expect(waent.media?.types).toContain('application/pdf');
    expect(waent.media?.types).not.toContain('image/bmp');
  });

  it('every kind keeps the text limit of spec 1 §5 and the scheduling rule of spec 1 §2', () => {
    for (const kind of CHANNEL_KINDS) {
      expect(capabilitiesOf(kind).text.maxLength, kind).toBe(CHANNEL_TEXT_LIMIT[kind] ?? null);
      expect(capabilitiesOf(kind).scheduling, kind).toBe(canScheduleChannel(kind));
    }
  });

  it('only e-mail has subject, threading and HTML; only WhatsApp Enterprise has templates', () => {
    expect(channelKindsWith((c) => c.subject && c.threading && c.html)).toEqual(['em']);
    expect(channelKindsWith((c) => c.subject || c.threading || c.html)).toEqual(['em']);
    expect(channelKindsWith((c) => c.templates)).toEqual(['waent']);
    expect(capabilitiesOf('em').contactAddress).toBe('email');
    expect(capabilitiesOf('sms').media).toBeNull();
    // Messenger: 24 h free, then the HUMAN_AGENT tag up to 7 days; refused after with Facebook's own text.
    expect(capabilitiesOf('fa').replyWindow?.hours).toBe(168);
    expect(capabilitiesOf('fa').replyWindow?.closedText).toContain('Fora da janela de 7 dias do Facebook');
  });

  it('lists the kinds by a rule: phone-addressed kinds, socket-delivered kinds', () => {
    expect(channelKindsWith((c) => c.contactAddress === 'phone').sort()).toEqual(
      ['sms', 'smsn', 'smart', 'waent', 'waweb'].sort(),
    );
    expect(channelKindsWith((c) => c.socketDelivery).sort()).toEqual(['nc', 'web']);
  });

  it('an unknown kind gets text only: no limit, no media, no window, nothing else', () => {
    for (const kind of ['telepathy', '', 'constructor', '__proto__', 'toString']) {
      expect(capabilitiesOf(kind), kind).toEqual({
        text: { maxLength: null },
        media: null,
        replyWindow: null,
        templates: false,
        subject: false,
        threading: false,
        html: false,
        typing: false,
        reactions: false,
        readReceipts: false,
        presence: false,
        socketDelivery: false,
        contactAddress: 'opaque',
        scheduling: false,
        defaultRatePerSecond: null,
      } satisfies TChannelCapabilities);
    }
  });

  it('cannot be changed by a reader', () => {
    const waent = capabilitiesOf('waent');
    expect(() => {
      (waent.text as { maxLength: number | null }).maxLength = 1;
    }).toThrow(TypeError);
    const types = (waent.media?.types ?? []) as string[];
    expect(types.length).toBeGreaterThan(0);
    expect(() => types.push('image/bmp')).toThrow(TypeError);
    expect(capabilitiesOf('waent').text.maxLength).toBe(4096);
  });
});

describe('replyWindowOpen', () => {
  const waent = capabilitiesOf('waent');

  it('is open within the window after the last inbound message and closed after it', () => {
    expect(replyWindowOpen(waent, hoursAgo(23.5), NOW)).toBe(true);
    expect(replyWindowOpen(waent, hoursAgo(24), NOW)).toBe(false);
    expect(replyWindowOpen(waent, hoursAgo(30), new Date(NOW))).toBe(false);
    expect(replyWindowOpen(waent, '2026-05-09T12:30:00Z', NOW)).toBe(true);
    expect(replyWindowOpen(waent, '2026-05-09T11:59:00Z', NOW)).toBe(false);
  });

  it('is closed with no inbound message yet or an unreadable date', () => {
    expect(replyWindowOpen(waent, null, NOW)).toBe(false);
    expect(replyWindowOpen(waent, undefined, NOW)).toBe(false);
    expect(replyWindowOpen(waent, 'ontem', NOW)).toBe(false);
  });

  it('is always open on a channel without a window', () => {
    expect(replyWindowOpen(capabilitiesOf('web'), null, NOW)).toBe(true);
    expect(replyWindowOpen(capabilitiesOf('web'), hoursAgo(24 * 30), NOW)).toBe(true);
    expect(replyWindowOpen(capabilitiesOf('unknown-kind'), null, NOW)).toBe(true);
  });
});

describe('truncateToChannel', () => {
  const limited = (maxLength: number): TChannelCapabilities => ({
    ...capabilitiesOf('unknown-kind'),
    text: { maxLength },
  });

  it('cuts text to the channel limit and keeps shorter text as it is', () => {
    const long = 'a'.repeat(5000);
    expect(truncateToChannel(capabilitiesOf('waent'), long)).toBe('a'.repeat(4096));
    expect(truncateToChannel(capabilitiesOf('fa'), long)).toHaveLength(1900);
    expect(truncateToChannel(capabilitiesOf('sms'), 'Olá')).toBe('Olá');
    expect(truncateToChannel(limited(5), 'abcde')).toBe('abcde');
  });

  it('never cuts on a channel without a limit', () => {
    const long = 'x'.repeat(100_000);
    expect(truncateToChannel(capabilitiesOf('web'), long)).toBe(long);
  });

  it('does not split an emoji in half at the limit', () => {
    expect(truncateToChannel(limited(5), 'abcd😀e')).toBe('abcd');
    expect(truncateToChannel(limited(6), 'abcd😀e')).toBe('abcd😀');
    expect(truncateToChannel(limited(1), '😀')).toBe('');
  });
});

describe('channel text limits (spec 1 §5)', () => {
  it("narrows Smart to 250 on the SMS medium and keeps 4096 on WhatsApp; other kinds keep their kind's", () => {
    expect(channelFactsOf('smart', { medium: 'sms' })).toEqual({ text_limit: 250 });
    expect(channelFactsOf('smart', { medium: 'whatsapp' })).toEqual({});
    expect(channelFactsOf('waent', { medium: 'sms' })).toEqual({});
    expect(channelTextLimit(capabilitiesOf('smart'), { medium: 'sms' })).toBe(250);
    expect(channelTextLimit(capabilitiesOf('smart'), null)).toBe(4096);
  });

  it("an attendance counts against the limit it recorded, otherwise its kind's", () => {
    expect(attendanceTextLimit('smart', { text_limit: 250 })).toBe(250);
    expect(attendanceTextLimit('smart', {})).toBe(4096);
    expect(attendanceTextLimit('fa', {})).toBe(1900);
    expect(attendanceTextLimit('sms', {})).toBe(250);
    expect(attendanceTextLimit('waent', {})).toBe(4096);
    expect(attendanceTextLimit('web', {})).toBeNull();
    expect(attendanceTextLimit('desconhecido', { text_limit: 'x' })).toBeNull();
  });
});
