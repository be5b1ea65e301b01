import { describe, expect, it } from 'vitest';
import { FACT_NAMES, FACT_NOTICES, isNotice, parseFact, type TFact, type TFactInput } from './facts';

const opened: TFactInput = {
  name: 'attendance.opened',
  companyId: 1,
  attendanceId: 10,
  data: { channel_id: 2, contact_id: 3, sector_id: 4 },
};

describe('facts catalogue', () => {
  it('names every fact of the plan and the four notices', () => {
    expect([...FACT_NAMES].sort()).toEqual(
      [
        'attendance.opened',
        'attendance.assigned',
        'attendance.transferred',
        'attendance.status_set',
        'attendance.closed',
        'attendance.reopened',
        'attendance.updated',
        'message.received',
        'message.sent',
        'message.updated',
        'delivery.updated',
        'operator.status_changed',
        'pause.started',
        'pause.ended',
        'automation.started',
        'automation.handover',
        'poll.answered',
        'schedule.created',
        'schedule.returned',
        'company.updated',
        'session.revoked',
        'export.ready',
        'channels.changed',
        'waweb.channel_updated',
        'campaign.updated',
        'mailing.updated',
        'batch_close.updated',
        'blacklist.changed',
        'internal.message',
        'notification.changed',
        'survey.changed',
        'negotiation.step',
      ].sort(),
    );
    expect(FACT_NOTICES.every((n) => isNotice(n))).toBe(true);
    expect(isNotice('message.received')).toBe(false);
    expect(isNotice('waweb.channel_updated')).toBe(true);
    expect(isNotice('internal.message')).toBe(true);
    expect(isNotice('notification.changed')).toBe(true);
    expect(isNotice('survey.changed')).toBe(true);
  });

  it('accepts a fact with its ids and narrows it by name', () => {
    const r = parseFact({
      name: 'attendance.transferred',
      companyId: 1,
      attendanceId: 2 ** 40,
      actorUserId: 7,
      data: {
        from_sector_id: 1,
        to_sector_id: 2,
        from_operator_id: 7,
        to_operator_id: null,
        by: 7,
        reason: 'transfer',
      },
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const f: TFact = r.fact;
    if (f.name !== 'attendance.transferred') throw new Error(f.name);
    expect(f.data.to_sector_id).toBe(2);
    expect(parseFact(opened)).toEqual({ ok: true, fact: opened });
  });

  it('refuses an unknown name', () => {
    const r = parseFact({ ...opened, name: 'attendance.exploded' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain('attendance.exploded');
  });

  it('refuses screen data, missing ids and out-of-range ids', () => {
    const withCard = { ...opened, data: { ...opened.data, card: { name: 'Maria' } } };
    const noAttendance = { ...opened, attendanceId: undefined };
    const badSector = { ...opened, data: { ...opened.data, sector_id: 2 ** 31 } };
    for (const bad of [withCard, noAttendance, badSector]) expect(parseFact(bad).ok).toBe(false);
    const r = parseFact(badSector);
    if (!r.ok) expect(r.error).toContain('data.sector_id');
  });

  it('refuses a bad value of an enumerated change and an attendance on a company fact', () => {
    const sent = {
      name: 'message.sent',
      companyId: 1,
      attendanceId: 5,
      data: { message_id: 9, origin: 'operator' },
    };
    expect(parseFact(sent).ok).toBe(true);
    expect(parseFact({ ...sent, data: { message_id: 9, origin: 'pigeon' } }).ok).toBe(false);
    const notice = { name: 'company.updated', companyId: 1, data: { changed: ['status'] } };
    expect(parseFact(notice).ok).toBe(true);
    expect(parseFact({ ...notice, attendanceId: 5 }).ok).toBe(false);
    expect(parseFact({ ...notice, data: { changed: ['<b>x</b>'] } }).ok).toBe(false);
    expect(parseFact({ ...notice, data: { changed: [] } }).ok).toBe(false);
  });
});
