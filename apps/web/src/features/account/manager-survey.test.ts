import { describe, expect, it } from 'vitest';
import { toggleChoice } from './manager-survey-modal';

describe('manager survey choices', () => {
  it('keeps at most 3 choices and refuses the 4th', () => {
    let c: string[] = [];
    for (const k of ['a', 'b', 'c']) c = toggleChoice(c, k, true).choices;
    expect(c).toEqual(['a', 'b', 'c']);
    const fourth = toggleChoice(c, 'd', true);
    expect(fourth).toEqual({ choices: ['a', 'b', 'c'], refused: true });
    expect(toggleChoice(c, 'b', false).choices).toEqual(['a', 'c']);
  });
});
