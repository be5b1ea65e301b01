import { describe, expect, it } from 'vitest';
import { parseEditParams, telegramEditPath } from './edit-params';

describe('telegram edit route', () => {
  it('builds the list route plus "-edit" with id, typeId 1 and step 1', () => {
    expect(telegramEditPath(7)).toBe('/channels/telegram-edit?id=7&typeId=1&step=1');
    expect(telegramEditPath(null)).toBe('/channels/telegram-edit?typeId=1&step=1');
  });

  it('reads the id and refuses the other generic type', () => {
    expect(parseEditParams(new URLSearchParams('id=7&typeId=1&step=1'))).toEqual({ id: 7, wrongType: false });
    expect(parseEditParams(new URLSearchParams('typeId=1'))).toEqual({ id: null, wrongType: false });
    expect(parseEditParams(new URLSearchParams('id=7&typeId=2&step=1'))).toEqual({ id: 7, wrongType: true });
    expect(parseEditParams(new URLSearchParams('id=abc&typeId=x'))).toEqual({ id: null, wrongType: true });
    expect(parseEditParams(new URLSearchParams('id=-3'))).toEqual({ id: null, wrongType: false });
  });
});
