import { encodeMp3 } from './mp3-encode';

// The encoder runs here, off the main thread: a long recording does not freeze the chat while it encodes.
type Job = { samples: Float32Array; sampleRate: number };

self.onmessage = (event: MessageEvent<Job>) => {
  try {
    const mp3 = encodeMp3(event.data.samples, event.data.sampleRate);
    (self as unknown as Worker).postMessage({ ok: true, mp3 }, [mp3.buffer]);
  } catch (err) {
    (self as unknown as Worker).postMessage({ ok: false, error: String(err) });
  }
};
