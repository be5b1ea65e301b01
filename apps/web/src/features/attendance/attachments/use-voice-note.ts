import { ATTACHMENT_MSG } from '@prosa/shared/attachment-rules';
import type { TCard } from '@prosa/shared/attendance';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import {
  MicrophoneError,
  type MicrophoneProblem,
  type Recording,
  startRecording,
  toMp3,
} from './record-voice';
import { UploadError, uploadFile } from './upload-file';
import { useSendAttachments } from './use-pending-media';

export type TVoiceState = 'idle' | 'asking' | 'recording' | 'sending';

// 16 MB of MP3 at 128 kbps is about 17 minutes; a note stops itself well before.
export const MAX_VOICE_SECONDS = 10 * 60;

const newClientId = () => `voz${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/**
 * A voice note (spec 1 §2, §9): record with the microphone, encode as MP3 128 kbps mono, upload as a voice
 * attachment (kind=voice) and send it. Cancel throws the recording away; leaving the chat does too.
 */
export function useVoiceNote(card: TCard) {
  const [state, setState] = useState<TVoiceState>('idle');
  const [seconds, setSeconds] = useState(0);
  const [micProblem, setMicProblem] = useState<MicrophoneProblem | null>(null);
  const recording = useRef<Recording | null>(null);
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);
  const aborter = useRef<AbortController | null>(null);
  const sendAttachments = useSendAttachments(card);

  const cancel = useCallback(() => {
    clearInterval(timer.current);
    recording.current?.cancel();
    recording.current = null;
    aborter.current?.abort();
    aborter.current = null;
    setState('idle');
    setSeconds(0);
  }, []);

  useEffect(() => () => cancel(), [cancel]);

  const send = async () => {
    const current = recording.current;
    if (!current || state !== 'recording') return;
    clearInterval(timer.current);
    recording.current = null;
    setState('sending');
    const controller = new AbortController();
    aborter.current = controller;
    try {
      const mp3 = await toMp3(await current.stop());
      if (controller.signal.aborted) return;
      const name = `audio-${new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '')}.mp3`;
      const uploaded = await uploadFile({
        url: `/api/attendances/${card.id}/upload`,
        file: mp3,
        name,
        voice: true,
        signal: controller.signal,
      });
      await sendAttachments({ message: '', attachments: [uploaded.file], client_id: newClientId() });
    } catch (err) {
      if (err instanceof UploadError && err.aborted) return;
      if (err instanceof UploadError) toast.error(err.message);
      else toast.error(errorMessage(err, ATTACHMENT_MSG.sendError));
    } finally {
      if (aborter.current === controller) aborter.current = null;
      setState('idle');
      setSeconds(0);
    }
  };

  const start = async () => {
    if (state !== 'idle') return;
    setState('asking');
    try {
      recording.current = await startRecording();
    } catch (err) {
      setState('idle');
      const denied = err instanceof MicrophoneError && err.problem === 'denied';
      toast.warning(denied ? ATTACHMENT_MSG.microphoneDenied : ATTACHMENT_MSG.microphoneUnavailable, {
        autoClose: 6000,
      });
      // The permission screen explains how to allow the microphone and asks again.
      setMicProblem(denied ? 'denied' : 'unavailable');
      return;
    }
    const startedAt = Date.now();
    setSeconds(0);
    setState('recording');
    timer.current = setInterval(() => setSeconds(Math.floor((Date.now() - startedAt) / 1000)), 250);
  };

  const sendRef = useRef(send);
  sendRef.current = send;
  // A note that reaches the limit goes as it is.
  useEffect(() => {
    if (state === 'recording' && seconds >= MAX_VOICE_SECONDS) void sendRef.current();
  }, [state, seconds]);

  return { state, seconds, start, cancel, send, micProblem, clearMicProblem: () => setMicProblem(null) };
}
