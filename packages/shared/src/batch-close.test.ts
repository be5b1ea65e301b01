import { describe, expect, it } from 'vitest';
import {
  BATCH_CLOSE_MSG,
  BATCH_CLOSE_STATE_LABEL,
  batchCloseItemLabel,
  batchCloseProgress,
  currentMonthRange,
  isBatchCloseInProgress,
  ZBatchCloseCreate,
  ZBatchCloseFilters,
} from './batch-close';

const firstError = (v: unknown) => {
  const r = ZBatchCloseCreate.safeParse(v);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('batch close contract', () => {
  it('labels of spec 3 §4', () => {
    expect(BATCH_CLOSE_STATE_LABEL).toEqual({
      preparing: 'Configurando',
      prepared: 'Configurado',
      running: 'Executando',
      done: 'Concluído',
      error: 'Erro',
      canceled: 'Cancelado',
    });
    expect(batchCloseItemLabel('skipped')).toBe('Falhou');
    expect(batchCloseItemLabel('done')).toBe('Concluído');
    expect(batchCloseItemLabel('pending')).toBe('Pendente');
    expect(isBatchCloseInProgress('running')).toBe(true);
    expect(isBatchCloseInProgress('canceled')).toBe(false);
  });

  it('progress counts done and failed items', () => {
    expect(batchCloseProgress({ total: 0, done_count: 0, failed_count: 0 })).toBe(0);
    expect(batchCloseProgress({ total: 200, done_count: 99, failed_count: 1 })).toBe(50);
    expect(batchCloseProgress({ total: 3, done_count: 3, failed_count: 0 })).toBe(100);
  });

  it('the default period is the current month of the company clock', () => {
    // 1 March 01:00 UTC is still 28 February in São Paulo.
    expect(currentMonthRange(new Date('2026-03-01T01:00:00Z'), 'America/Sao_Paulo')).toEqual({
      fromDate: '2026-02-01',
      toDate: '2026-02-28',
    });
    expect(currentMonthRange(new Date('2026-03-01T01:00:00Z'), 'UTC')).toEqual({
      fromDate: '2026-03-01',
      toDate: '2026-03-31',
    });
  });

  it('validation texts of spec 3 §5', () => {
    expect(firstError({ action_id: 1, status_id: 3, histories: [] })).toBe(BATCH_CLOSE_MSG.noHistories);
    expect(firstError({ histories: [1] })).toBe(BATCH_CLOSE_MSG.actionRequired);
    expect(firstError({ action_id: 1, histories: [1] })).toBe(BATCH_CLOSE_MSG.statusRequired);
    expect(firstError({ action_id: 4, histories: [1] })).toBe(BATCH_CLOSE_MSG.classificationRequired);
    expect(firstError({ action_id: 2, histories: [1] })).toBe(BATCH_CLOSE_MSG.sectorRequired);
    expect(firstError({ action_id: 5, message: ' ', histories: [1] })).toBe(BATCH_CLOSE_MSG.messageRequired);
    // Owner transfer without a user: nobody (0).
    expect(firstError({ action_id: 3, histories: [1] })).toBeNull();
    expect(firstError({ action_id: 3, user_id: 0, histories: [1] })).toBeNull();
    expect(firstError({ action_id: 5, message: 'Oi', histories: [1, 2] })).toBeNull();
  });

  it('filters refuse a reversed or impossible period', () => {
    expect(ZBatchCloseFilters.safeParse({ fromDate: '2026-02-30' }).success).toBe(false);
    const reversed = ZBatchCloseFilters.safeParse({ fromDate: '2026-03-10', toDate: '2026-03-01' });
    expect(reversed.success ? null : reversed.error.issues[0]?.message).toBe(BATCH_CLOSE_MSG.invalidRange);
    expect(ZBatchCloseFilters.parse({ user_id: '0', message: '', status_id: '' })).toEqual({ user_id: 0 });
  });
});
