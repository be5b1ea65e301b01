type AudioContextClass = typeof AudioContext;

let audio: AudioContext | null = null;

/** A short two-tone beep with the Web Audio API (the Monitor's alert); silent where the browser forbids it. */
export function beep() {
  const Ctx: AudioContextClass | undefined =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Ctx) return;
  try {
    audio ??= new Ctx();
    void audio.resume().catch(() => undefined);
    const ctx = audio;
    const start = ctx.currentTime;
    for (const [i, freq] of [880, 660].entries()) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.value = freq;
      const t = start + i * 0.18;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.2, t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.16);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t);
      osc.stop(t + 0.17);
    }
  } catch {
    // No sound device or no user gesture yet: the alert on screen remains.
  }
}
