import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardKeys } from './dashboard-keys';
import { createDashboardRealtime, DASHBOARD_SETTLE_MS } from './dashboard-realtime';

describe('update-dashboard in the query cache', () => {
  let client: QueryClient;
  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient();
    client.setQueryData([...dashboardKeys.company, 'business', { a: 1 }], { v: 1 });
    client.setQueryData(dashboardKeys.monitor, { v: 1 });
  });
  afterEach(() => {
    vi.useRealTimers();
    client.clear();
  });

  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated === true;

  it('monitor events make only the live monitor stale', () => {
    const rt = createDashboardRealtime(client);
    rt.update({ kind: 'monitor' });
    expect(stale(dashboardKeys.monitor)).toBe(true);
    expect(stale([...dashboardKeys.company, 'business', { a: 1 }])).toBe(false);
    rt.dispose();
  });

  it('company events make the period dashboards stale now and again once the rollups settled', () => {
    const rt = createDashboardRealtime(client);
    const key = [...dashboardKeys.company, 'business', { a: 1 }];
    rt.update({ kind: 'company' });
    expect(stale(key)).toBe(true);
    expect(stale(dashboardKeys.monitor)).toBe(false);
    // Fresh data arrives (the refetch), then the settle timer marks it stale once more.
    client.setQueryData(key, { v: 2 });
    expect(stale(key)).toBe(false);
    vi.advanceTimersByTime(DASHBOARD_SETTLE_MS);
    expect(stale(key)).toBe(true);
    rt.dispose();
  });
});
