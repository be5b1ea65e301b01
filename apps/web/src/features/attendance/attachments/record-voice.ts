import { mixToMono } from './pcm';
import { VOICE_SAMPLE_RATE } from './voice-rate';

export type MicrophoneProblem = 'denied' | 'unavailable';

export class MicrophoneError extends Error {
  constructor(readonly problem: MicrophoneProblem) {
    super(problem);
    this.name = 'MicrophoneError';
  }
}

export type Recording = {
  /** Stops and answers what was recorded (in the browser's own format). */
  stop(): Promise<Blob>;
  /** Stops and throws the recording away. */
  cancel(): void;
};

/** Asks for the microphone again (the permission screen's "Tentar novamente") and lets it go at once. */
export async function requestMicrophone(): Promise<'granted' | MicrophoneProblem> {
  if (!navigator.mediaDevices?.getUserMedia) return 'unavailable';
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    for (const track of stream.getTracks()) track.stop();
    return 'granted';
  } catch (err) {
    const name = err instanceof DOMException ? err.name : '';
    return name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable';
  }
}

/** Asks for the microphone and starts recording with MediaRecorder. */
export async function startRecording(): Promise<Recording> {
  if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
    throw new MicrophoneError('unavailable');
  }
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
    });
  } catch (err) {
    const name = err instanceof DOMException ? err.name : '';
    throw new MicrophoneError(
      name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable',
    );
  }
  const recorder = new MediaRecorder(stream);
  const parts: Blob[] = [];
  recorder.ondataavailable = (e) => {
    if (e.data.size > 0) parts.push(e.data);
  };
  const release = () => {
    for (const track of stream.getTracks()) track.stop();
  };
  recorder.start(250);
  return {
    stop: () =>
      new Promise<Blob>((resolve) => {
        recorder.onstop = () => {
          release();
          resolve(new Blob(parts, { type: recorder.mimeType || 'audio/webm' }));
        };
        if (recorder.state === 'inactive') recorder.onstop(new Event('stop'));
        else recorder.stop();
      }),
    cancel: () => {
      recorder.onstop = release;
      if (recorder.state !== 'inactive') recorder.stop();
      else release();
    },
  };
}

/** The recording decoded to mono samples at 44.1 kHz (the browser resamples while decoding). */
async function decodeMono(recorded: Blob): Promise<Float32Array> {
  const context = new AudioContext({ sampleRate: VOICE_SAMPLE_RATE });
  try {
    const audio = await context.decodeAudioData(await recorded.arrayBuffer());
    const channels = Array.from({ length: audio.numberOfChannels }, (_, i) => audio.getChannelData(i));
    return mixToMono(channels);
  } finally {
    void context.close();
  }
}

function encodeInWorker(samples: Float32Array): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./mp3-worker.ts', import.meta.url), { type: 'module' });
    const done = () => worker.terminate();
    worker.onmessage = (e: MessageEvent<{ ok: boolean; mp3?: Uint8Array; error?: string }>) => {
      done();
      if (e.data.ok && e.data.mp3) resolve(e.data.mp3);
      else reject(new Error(e.data.error ?? 'mp3'));
    };
    worker.onerror = (e) => {
      done();
      reject(new Error(e.message));
    };
    worker.postMessage({ samples, sampleRate: VOICE_SAMPLE_RATE }, [samples.buffer]);
  });
}

/** The recording as an MP3 file of 128 kbps, mono (spec 1 §9), encoded in a worker when possible. */
export async function toMp3(recorded: Blob): Promise<Blob> {
  const samples = await decodeMono(recorded);
  let mp3: Uint8Array;
  try {
    mp3 = await encodeInWorker(samples.slice());
  } catch {
    // Without a worker the encoder loads here, on demand: it is not part of the chat's first JavaScript.
    const { encodeMp3 } = await import('./mp3-encode');
    mp3 = encodeMp3(samples, VOICE_SAMPLE_RATE);
  }
  return new Blob([mp3 as BlobPart], { type: 'audio/mpeg' });
}
