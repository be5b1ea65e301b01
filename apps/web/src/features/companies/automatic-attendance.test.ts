import { DEFAULT_BUSINESS_HOURS } from '@prosa/shared/company-automation';
import { describe, expect, it } from 'vitest';
import { hoursSummary } from './automatic-attendance';

describe('business hours summary', () => {
  it('groups consecutive days with the same hours, Monday first', () => {
    expect(hoursSummary(DEFAULT_BUSINESS_HOURS)).toBe(
      'Segunda a Sexta: 08:00 às 18:00; Sábado e Domingo: fechado',
    );
    const saturday = DEFAULT_BUSINESS_HOURS.map((d, i) =>
      i === 6 ? { open: true, start: '09:00', end: '12:00' } : d,
    );
    expect(hoursSummary(saturday)).toBe(
      'Segunda a Sexta: 08:00 às 18:00; Sábado: 09:00 às 12:00; Domingo: fechado',
    );
  });
});
