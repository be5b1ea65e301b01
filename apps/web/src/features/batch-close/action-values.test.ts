import { BATCH_CLOSE_MSG } from '@prosa/shared/batch-close';
import { describe, expect, it } from 'vitest';
import { EMPTY_ACTION, toBody, validate } from './action-values';

describe('batch close action values', () => {
  it('sends only the field of the chosen action', () => {
    const all = { ...EMPTY_ACTION, statusId: '3', sectorId: '2', userId: '7', message: 'Oi' };
    expect(toBody({ ...all, actionId: '1' }, [10], {})).toMatchObject({
      action_id: 1,
      status_id: 3,
      sector_id: null,
      user_id: null,
      message: null,
    });
    expect(toBody({ ...all, actionId: '2' }, [10], {})).toMatchObject({ sector_id: 2, status_id: null });
    expect(toBody({ ...all, actionId: '5' }, [10], {})).toMatchObject({ message: 'Oi', user_id: null });
    // Owner transfer with nobody chosen: 0.
    expect(toBody({ ...EMPTY_ACTION, actionId: '3' }, [10], {})).toMatchObject({ action_id: 3, user_id: 0 });
  });

  it('answers the spec texts by field, the selection apart', () => {
    expect(validate(toBody(EMPTY_ACTION, [], {}))).toEqual({
      action_id: BATCH_CLOSE_MSG.actionRequired,
      histories: BATCH_CLOSE_MSG.noHistories,
    });
    expect(validate(toBody({ ...EMPTY_ACTION, actionId: '1' }, [1], {}))).toEqual({
      status_id: BATCH_CLOSE_MSG.statusRequired,
    });
    expect(validate(toBody({ ...EMPTY_ACTION, actionId: '5', message: '  ' }, [1], {}))).toEqual({
      message: BATCH_CLOSE_MSG.messageRequired,
    });
    expect(validate(toBody({ ...EMPTY_ACTION, actionId: '4', statusId: '2' }, [1], {}))).toEqual({});
  });
});
