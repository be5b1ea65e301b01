import type { TSessionUser } from '@prosa/shared/auth';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { createDistributionRealtime, MONITOR_REFRESH_MS } from './distribution-realtime';

const me: TSessionUser = {
  id: 7,
  name: 'Ana Operadora',
  displayName: 'Ana',
  email: 'ana@exemplo.com.br',
  role: 0,
  companyId: 1,
  companyName: 'Empresa Demo',
  timezone: 'America/Sao_Paulo',
  totpEnabled: false,
  sectorIds: [1],
  operatorStatus: 'offline',
  permissions: null,
  avatarUrl: null,
};

const isInvalid = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

describe('createDistributionRealtime', () => {
  let client: QueryClient;

  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient();
    client.setQueryData(queryKeys.session, me);
    client.setQueryData(queryKeys.distributionMonitor, { any: true });
    client.setQueryData(queryKeys.pauseState, { paused: false });
    client.setQueryData(queryKeys.attendanceRules, {});
  });
  afterEach(() => {
    vi.useRealTimers();
    client.clear();
  });

  it('refreshes the dashboard once per burst, about a second later', () => {
    const rt = createDistributionRealtime(client);
    const spy = vi.spyOn(client, 'invalidateQueries');
    for (let i = 0; i < 20; i++) rt.attendanceChanged();
    expect(spy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MONITOR_REFRESH_MS);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(isInvalid(client, queryKeys.distributionMonitor)).toBe(true);
    rt.dispose();
  });

  it("follows the user's own status and pause, not the others'", () => {
    const rt = createDistributionRealtime(client);
    rt.operatorChanged({ userId: 99, status: 'online', paused: false });
    expect(client.getQueryData<TSessionUser>(queryKeys.session)?.operatorStatus).toBe('offline');
    expect(isInvalid(client, queryKeys.pauseState)).toBe(false);

    rt.operatorChanged({ userId: me.id, status: 'online', paused: true });
    expect(client.getQueryData<TSessionUser>(queryKeys.session)?.operatorStatus).toBe('online');
    expect(isInvalid(client, queryKeys.pauseState)).toBe(true);
    vi.advanceTimersByTime(MONITOR_REFRESH_MS);
    expect(isInvalid(client, queryKeys.distributionMonitor)).toBe(true);
    rt.dispose();
  });

  it('refetches the settings another manager saved', () => {
    const rt = createDistributionRealtime(client);
    rt.companyUpdated(['security']);
    expect(isInvalid(client, queryKeys.attendanceRules)).toBe(false);
    rt.companyUpdated(['attendances']);
    expect(isInvalid(client, queryKeys.attendanceRules)).toBe(true);
    rt.companyUpdated(['control_pause']);
    expect(isInvalid(client, queryKeys.pauseState)).toBe(true);
    rt.dispose();
  });

  it('stops its timer when disposed', () => {
    const rt = createDistributionRealtime(client);
    const spy = vi.spyOn(client, 'invalidateQueries');
    rt.attendanceChanged();
    rt.dispose();
    vi.advanceTimersByTime(MONITOR_REFRESH_MS * 2);
    expect(spy).not.toHaveBeenCalled();
  });
});
