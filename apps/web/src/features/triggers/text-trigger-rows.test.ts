import { TRIGGER_MSG, type TTextTrigger } from '@prosa/shared/triggers';
import { describe, expect, it } from 'vitest';
import {
  actionsSummary,
  isDirty,
  markSaved,
  moveRow,
  moveTo,
  newAction,
  orderIds,
  orderingErrors,
  orderSaveState,
  reconcile,
  rowFrom,
  rowsFrom,
  toInput,
} from './text-trigger-rows';

const trigger = (id: number, position: number, extra: Partial<TTextTrigger> = {}): TTextTrigger => ({
  id,
  trigger_type: 'text',
  name: `Gatilho ${id}`,
  description: '',
  trigger_text: `palavra${id}`,
  actions: [{ type: 'TEXT', params: { text: `Resposta ${id}` } }],
  position,
  triggerable_id: 1,
  triggerable_type: 'web',
  updated_at: '2026-11-26T00:00:00.000Z',
  ...extra,
});

describe('text trigger rows', () => {
  it('lists the server triggers by position', () => {
    const rows = rowsFrom([trigger(2, 1), trigger(1, 0)]);
    expect(orderIds(rows)).toEqual([1, 2]);
  });

  it('a saved row is clean until its draft changes; a new row is always dirty', () => {
    const row = rowFrom(trigger(1, 0));
    expect(isDirty(row)).toBe(false);
    expect(isDirty({ ...row, draft: { ...row.draft, name: 'Outro' } })).toBe(true);
    expect(isDirty(rowFrom(null))).toBe(true);
  });

  it('the preview URL of an image is not a change and is not sent', () => {
    const image = { key: 'k/1.png', name: '1.png', mime: 'image/png' as const, size: 10, url: '/f/1' };
    const row = rowFrom(trigger(1, 0, { actions: [{ type: 'MEDIA', params: { image } }] }));
    expect(isDirty(row)).toBe(false);
    expect(toInput(row.draft).actions[0]?.params).toEqual({
      image: { key: 'k/1.png', name: '1.png', mime: 'image/png', size: 10 },
    });
  });

  it('"Salvar ordem" is enabled only when the order changed and every trigger is saved', () => {
    const list = [trigger(1, 0), trigger(2, 1)];
    const rows = rowsFrom(list);
    expect(orderSaveState(rows, list).enabled).toBe(false);
    const moved = moveRow(rows, 1, -1);
    expect(orderIds(moved)).toEqual([2, 1]);
    expect(orderSaveState(moved, list)).toEqual({ enabled: true, reason: null });
    // A new unsaved trigger blocks it.
    const withNew = [...moved, rowFrom(null)];
    expect(orderSaveState(withNew, list).enabled).toBe(false);
    expect(orderSaveState(withNew, list).reason).toMatch(/Salve todos os gatilhos/);
    // So does an edited one.
    const edited = moved.map((r, i) => (i === 0 ? { ...r, draft: { ...r.draft, trigger_text: 'x' } } : r));
    expect(orderSaveState(edited, list).enabled).toBe(false);
  });

  it('moving past either end changes nothing', () => {
    expect(moveRow([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveRow([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
    expect(moveRow([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
  });

  it('drag and drop puts a trigger at the place it was dropped', () => {
    expect(moveTo(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveTo(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveTo(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });

  it('reconcile keeps the local order and drafts, drops deleted rows, appends new server rows', () => {
    const rows = moveRow(rowsFrom([trigger(1, 0), trigger(2, 1), trigger(3, 2)]), 2, -1); // 1, 3, 2
    const editing = rows.map((r) =>
      r.saved?.id === 3 ? { ...r, draft: { ...r.draft, name: 'Editando' } } : r,
    );
    const withNew = [...editing, rowFrom(null)];
    const fresh = [trigger(1, 0, { name: 'Renomeado' }), trigger(3, 1), trigger(4, 2)];
    const out = reconcile(withNew, fresh);
    expect(out.map((r) => r.saved?.id ?? null)).toEqual([1, 3, 4, null]);
    expect(out[0]?.draft.name).toBe('Renomeado');
    expect(out[1]?.draft.name).toBe('Editando');
    // Rows keep their keys (the open card stays open).
    expect(out[0]?.key).toBe(withNew[0]?.key);
    expect(out[3]?.key).toBe(withNew[3]?.key);
  });

  it('markSaved replaces a new row by the created trigger in the same place', () => {
    const fresh = rowFrom(null);
    const rows = [rowFrom(trigger(1, 0)), fresh];
    const out = markSaved(rows, fresh.key, trigger(9, 1));
    expect(out.map((r) => r.saved?.id)).toEqual([1, 9]);
    expect(out.every((r) => !isDirty(r))).toBe(true);
  });

  it('shows the ordering rules of the shared validator while editing', () => {
    const draft = rowFrom(null).draft;
    draft.actions = [{ ...newAction('TEXT'), params: { text: 'Olá' } }, newAction('QUIT_CHAT')];
    expect(orderingErrors(draft)).toEqual([TRIGGER_MSG.quitBeforeText]);
    draft.actions = [newAction('CHAT'), { ...newAction('TEXT'), params: { text: 'Olá' } }];
    expect(orderingErrors(draft)).toEqual([TRIGGER_MSG.textBeforeChat]);
    draft.actions = [newAction('QUIT_CHAT'), { ...newAction('TEXT'), params: { text: 'Olá' } }];
    expect(orderingErrors(draft)).toEqual([]);
  });

  it('summarises actions with sector and status names', () => {
    const names = { sector: (id: number) => (id === 5 ? 'Suporte' : undefined), status: () => 'Resolvido' };
    expect(
      actionsSummary(
        [
          { type: 'TEXT', params: { text: 'a' } },
          { type: 'CHAT', params: { sector_id: 5 } },
        ],
        names,
      ),
    ).toBe('Enviar texto → Transferir para atendimento (Suporte)');
    expect(actionsSummary([{ type: 'EXIT_CHAT', params: { status_id: 2 } }], names)).toBe(
      'Finalizar atendimento (Resolvido)',
    );
    expect(actionsSummary([], names)).toBe('Nenhuma ação');
  });
});
