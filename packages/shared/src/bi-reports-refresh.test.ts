import { describe, expect, it } from 'vitest';
import { parseBiReportIds } from './bi-reports';
import { BI_MIN_REFRESH_MS, biRefreshDelay, biTokenExpired } from './bi-reports-refresh';
import { BI_REFRESH_MS } from './bi-reports-texts';

const MIN = 60_000;
const t0 = Date.UTC(2026, 10, 27, 12, 0, 0);

describe('atualização do relatório BI', () => {
  it('refreshes 30 minutes after loading when the token lasts longer (spec 3 §9)', () => {
    expect(biRefreshDelay({ loadedAt: t0, expiresAt: t0 + 60 * MIN, now: t0 })).toBe(BI_REFRESH_MS);
    expect(biRefreshDelay({ loadedAt: t0, expiresAt: null, now: t0 })).toBe(30 * MIN);
    // Counted from the load, not from when it is asked.
    expect(biRefreshDelay({ loadedAt: t0, expiresAt: null, now: t0 + 10 * MIN })).toBe(20 * MIN);
  });

  it('refreshes a minute before a token that ends first (Metabase: 30 minutes exactly)', () => {
    expect(biRefreshDelay({ loadedAt: t0, expiresAt: t0 + 30 * MIN, now: t0 })).toBe(29 * MIN);
    expect(biRefreshDelay({ loadedAt: t0, expiresAt: t0 + 10 * MIN, now: t0 })).toBe(9 * MIN);
  });

  it('refreshes a short token at four fifths of its life, never sooner than 5 s', () => {
    expect(biRefreshDelay({ loadedAt: t0, expiresAt: t0 + 100_000, now: t0 })).toBe(80_000);
    expect(biRefreshDelay({ loadedAt: t0, expiresAt: t0 + 2_000, now: t0 })).toBe(BI_MIN_REFRESH_MS);
  });

  it('refreshes an expired token at once (at the floor)', () => {
    expect(biRefreshDelay({ loadedAt: t0, expiresAt: t0 + 10 * MIN, now: t0 + 11 * MIN })).toBe(
      BI_MIN_REFRESH_MS,
    );
    expect(biTokenExpired(t0 + 10 * MIN, t0 + 10 * MIN)).toBe(true);
    expect(biTokenExpired(t0 + 10 * MIN, t0 + 9 * MIN)).toBe(false);
    expect(biTokenExpired(null, t0)).toBe(false);
  });
});

describe('report-id do relatório BI', () => {
  it('takes one or two ids of the provider, separated by a comma', () => {
    expect(parseBiReportIds('metabase', ' 12 , 015')).toEqual({ ok: true, ids: ['12', '15'] });
    expect(parseBiReportIds('metabase', '0')).toMatchObject({ ok: false });
    expect(parseBiReportIds('metabase', '99999999999')).toMatchObject({ ok: false });
    expect(parseBiReportIds('metabase', '1,2,3')).toMatchObject({ ok: false });
    expect(parseBiReportIds('metabase', ',')).toMatchObject({ ok: false });
    const guid = 'A1B2C3D4-0000-4000-8000-00000000000F';
    expect(parseBiReportIds('powerbi', guid)).toEqual({ ok: true, ids: [guid.toLowerCase()] });
    expect(parseBiReportIds('powerbi', `${guid},12`)).toMatchObject({ ok: false });
  });
});
