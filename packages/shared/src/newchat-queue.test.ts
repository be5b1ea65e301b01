import { describe, expect, it } from 'vitest';
import { typingSignal } from './newchat-queue';

function fakeTimers() {
  let t = 0;
  const due: { at: number; fn: () => void; id: number }[] = [];
  let next = 1;
  return {
    timers: {
      now: () => t,
      setTimeout: (fn: () => void, ms: number) => {
        const id = next++;
        due.push({ at: t + ms, fn, id });
        return id;
      },
      clearTimeout: (id: unknown) => {
        const i = due.findIndex((d) => d.id === id);
        if (i >= 0) due.splice(i, 1);
      },
    },
    advance(ms: number) {
      t += ms;
      for (const d of due.filter((x) => x.at <= t).sort((a, b) => a.at - b.at)) {
        due.splice(due.indexOf(d), 1);
        d.fn();
      }
    },
  };
}

describe('typingSignal', () => {
  it('sends the first keystroke at once and the ones inside the window once, at its end', () => {
    const clock = fakeTimers();
    const sent: number[] = [];
    const s = typingSignal(2000, () => sent.push(clock.timers.now()), clock.timers);
    s.poke();
    expect(sent).toEqual([0]);
    clock.advance(500);
    s.poke();
    clock.advance(500);
    s.poke();
    expect(sent).toEqual([0]);
    clock.advance(1000);
    expect(sent).toEqual([0, 2000]);
    clock.advance(5000);
    expect(sent).toEqual([0, 2000]);
  });

  it('after a message the next keystroke goes at once, and a pending send is dropped', () => {
    const clock = fakeTimers();
    const sent: number[] = [];
    const s = typingSignal(2000, () => sent.push(clock.timers.now()), clock.timers);
    s.poke();
    clock.advance(300);
    s.poke();
    s.reset();
    clock.advance(3000);
    expect(sent).toEqual([0]);
    s.poke();
    expect(sent).toEqual([0, 3300]);
  });
});
