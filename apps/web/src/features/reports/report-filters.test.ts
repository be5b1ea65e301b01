import { REPORT_KEYS, REPORT_MSG, REPORTS } from '@prosa/shared/reports';
import { describe, expect, it } from 'vitest';
import {
  defaultReportValues,
  formatReportCell,
  isEmptyReport,
  reportPageCount,
  reportParams,
  reportProblem,
  todayOn,
  usersForProfile,
} from './report-filters';
import { REPORT_GROUPS } from './report-groups';

const today = '2026-11-27';

describe('report filters', () => {
  it('defaults to the current month on the company clock', () => {
    expect(defaultReportValues(today)).toMatchObject({ fromDate: '2026-11-01', toDate: '2026-11-30' });
    // 01:00 UTC on 01/12 is still 30/11 in São Paulo.
    expect(todayOn('America/Sao_Paulo', new Date('2026-12-01T01:00:00Z'))).toBe('2026-11-30');
  });

  it("sends only the report's own filters, empty ones omitted, operator '0' as all", () => {
    const v = {
      ...defaultReportValues(today),
      profile: '0',
      operator: '7',
      channel: '3',
      sector: '',
      status: '9',
      phone: '  ',
      emails: 'a@b.com',
    };
    expect(reportParams(REPORTS.analytic, v)).toEqual({
      fromDate: '2026-11-01',
      toDate: '2026-11-30',
      profile_type: '0',
      operator_id: '7',
      channel_id: '3',
      status_id: '9',
    });
    expect(reportParams(REPORTS.flows, v, 3)).toEqual({
      fromDate: '2026-11-01',
      toDate: '2026-11-30',
      emails: 'a@b.com',
      page: '3',
    });
    expect(reportParams(REPORTS.active, { ...v, operator: '0' })).not.toHaveProperty('operator_id');
  });

  it('checks the period and the report rules with the spec texts', () => {
    const base = defaultReportValues(today);
    expect(reportProblem(REPORTS.simple, base, today)).toBeNull();
    expect(
      reportProblem(REPORTS.simple, { ...base, fromDate: '2026-11-10', toDate: '2026-11-09' }, today),
    ).toBe(REPORT_MSG.startAfterEnd);
    expect(reportProblem(REPORTS.analytic, { ...base, fromDate: '2026-10-01' }, today)).toBe(
      'O período máximo deste relatório é de 30 dias.',
    );
    expect(reportProblem(REPORTS.triggers, base, today)).toBe(REPORT_MSG.triggerChannel);
    expect(reportProblem(REPORTS.flows, base, today)).toBe(REPORT_MSG.flowsRecipients);
    expect(reportProblem(REPORTS.flows, { ...base, emails: 'a@b.com, x@' }, today)).toBe(
      'E-mail x@ inválido!',
    );
  });

  it('lists the users of the chosen profile', () => {
    const users = [
      { id: 1, name: 'Ana', role: 0, inactive: false },
      { id: 2, name: 'Gil', role: 1, inactive: false },
    ];
    expect(usersForProfile(users, '').map((u) => u.id)).toEqual([1, 2]);
    expect(usersForProfile(users, '1').map((u) => u.id)).toEqual([2]);
    expect(usersForProfile(users, '1000')).toEqual([]);
  });

  it('formats cells by kind', () => {
    const tz = 'America/Sao_Paulo';
    expect(formatReportCell({ kind: 'duration' }, 3725, tz)).toBe('01:02:05');
    expect(formatReportCell({ kind: 'percent' }, 12.5, tz)).toBe('12,50%');
    expect(formatReportCell({ kind: 'int' }, 12345, tz)).toBe('12.345');
    expect(formatReportCell({ kind: 'datetime' }, '2026-11-27T13:05:00Z', tz)).toBe('27/11/2026 10:05');
    expect(formatReportCell({ kind: 'datetime' }, '27/11/2026 10:05', tz)).toBe('27/11/2026 10:05');
    expect(formatReportCell({ kind: 'date' }, '2026-11-27', tz)).toBe('27/11/2026');
    expect(formatReportCell({ kind: 'text' }, null, tz)).toBe('');
  });

  it('pages only when the server has more rows than it sent', () => {
    const rows = Array.from({ length: 50 }, () => ({}));
    expect(reportPageCount({ rows, total: 120, perPage: 50 })).toBe(3);
    expect(reportPageCount({ rows, total: 50, perPage: 50 })).toBe(1);
    expect(reportPageCount({ rows: [], total: undefined })).toBe(1);
  });

  it('is empty only when nothing came back', () => {
    const empty = { title: 'x', columns: [], rows: [] };
    expect(isEmptyReport(empty)).toBe(true);
    expect(isEmptyReport({ ...empty, tables: [{ title: 't', columns: [], rows: [{ a: 1 }] }] })).toBe(false);
  });
});

describe('report groups', () => {
  it('list every report of the catalogue exactly once', () => {
    const keys = REPORT_GROUPS.flatMap((g) => g.keys);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual([...REPORT_KEYS].sort());
  });
});
