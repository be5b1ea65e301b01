import { describe, expect, it } from 'vitest';
import { encodeMp3 } from './mp3-encode';
import { chunks, floatTo16, formatDuration, mixToMono } from './pcm';

describe('voice PCM helpers', () => {
  it('converts float samples to 16-bit, clipping outside [-1, 1]', () => {
    expect(Array.from(floatTo16(new Float32Array([0, 1, -1, 0.5, -0.5, 2, -3])))).toEqual([
      0, 32767, -32768, 16384, -16384, 32767, -32768,
    ]);
  });

  it('mixes channels to mono by their average', () => {
    const mono = mixToMono([new Float32Array([1, 0, 0.5]), new Float32Array([0, 0, -0.5])]);
    expect(Array.from(mono)).toEqual([0.5, 0, 0]);
    const only = new Float32Array([0.25]);
    expect(mixToMono([only])).toBe(only);
    expect(mixToMono([]).length).toBe(0);
  });

  it('splits samples into frames of a given size, the last shorter', () => {
    const parts = chunks(new Int16Array(2500), 1152);
    expect(parts.map((p) => p.length)).toEqual([1152, 1152, 196]);
  });

  it('formats the recording timer', () => {
    expect(formatDuration(7.9)).toBe('00:07');
    expect(formatDuration(85)).toBe('01:25');
  });
});

describe('MP3 encoding (lamejs)', () => {
  it('encodes one second of a 440 Hz sine as MPEG-1 layer III, 128 kbps, 44.1 kHz, mono', () => {
    const rate = 44_100;
    const sine = new Float32Array(rate);
    for (let i = 0; i < rate; i++) sine[i] = 0.6 * Math.sin((2 * Math.PI * 440 * i) / rate);
    const mp3 = encodeMp3(sine, rate);

    const [b0, b1, b2, b3] = [mp3[0] ?? 0, mp3[1] ?? 0, mp3[2] ?? 0, mp3[3] ?? 0];
    expect(b0).toBe(0xff);
    expect(b1 & 0xe0).toBe(0xe0); // frame sync
    expect((b1 >> 3) & 3).toBe(3); // MPEG-1
    expect((b1 >> 1) & 3).toBe(1); // layer III
    expect(b2 >> 4).toBe(9); // bitrate index 9 = 128 kbps
    expect((b2 >> 2) & 3).toBe(0); // 44.1 kHz
    expect(b3 >> 6).toBe(3); // single channel (mono)
    // 128 kbps for about one second: about 16 KB.
    expect(mp3.length).toBeGreaterThan(14_000);
    expect(mp3.length).toBeLessThan(20_000);
  });
});
