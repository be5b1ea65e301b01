import { Mp3Encoder } from '@breezystack/lamejs';
import { chunks, floatTo16 } from './pcm';

export const VOICE_KBPS = 128;

// One MPEG-1 layer III frame holds 1152 samples; the encoder is fed a frame at a time.
const FRAME_SAMPLES = 1152;

/** Mono samples in [-1, 1] to an MP3 (128 kbps mono by default), as one byte array. */
export function encodeMp3(samples: Float32Array, sampleRate: number, kbps = VOICE_KBPS): Uint8Array {
  const encoder = new Mp3Encoder(1, sampleRate, kbps);
  const parts: Uint8Array[] = [];
  for (const chunk of chunks(floatTo16(samples), FRAME_SAMPLES)) {
    const out = encoder.encodeBuffer(chunk);
    if (out.length > 0) parts.push(out);
  }
  const tail = encoder.flush();
  if (tail.length > 0) parts.push(tail);
  const total = parts.reduce((n, p) => n + p.length, 0);
  const mp3 = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    mp3.set(p, at);
    at += p.length;
  }
  return mp3;
}
