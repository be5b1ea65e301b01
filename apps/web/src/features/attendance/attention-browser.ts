import { openAttendance } from '../../lib/attendance-cache';
import { type TAttentionAlert, titleWithCount } from './attention';

const ASKED_KEY = 'prosa.notifications.asked';

type AudioContextClass = typeof AudioContext;

/**
 * The browser side of the alerts: a short chime made with the Web Audio API, a system notification (the
 * permission asked once, on the user's first click or key press, as browsers require) and the tab counter.
 */
export function createBrowserAttention(opts: { muted: () => boolean }) {
  let audio: AudioContext | null = null;
  let count = 0;

  const Ctx: AudioContextClass | undefined =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;

  // Browsers start sound only after a gesture: the first click or key press unlocks it and asks permission.
  const onGesture = () => {
    document.removeEventListener('pointerdown', onGesture, true);
    document.removeEventListener('keydown', onGesture, true);
    if (Ctx && !audio) {
      try {
        audio = new Ctx();
      } catch {
        audio = null;
      }
    }
    void audio?.resume().catch(() => undefined);
    askPermissionOnce(opts.muted());
  };
  document.addEventListener('pointerdown', onGesture, true);
  document.addEventListener('keydown', onGesture, true);

  // The screen may set its own title (the company's white-label): the counter stays in front of it.
  const applyTitle = () => {
    const next = titleWithCount(document.title, count);
    if (document.title !== next) document.title = next;
  };
  const titleObserver = new MutationObserver(applyTitle);
  titleObserver.observe(document.head, { subtree: true, childList: true, characterData: true });

  return {
    sound() {
      if (audio?.state === 'running') chime(audio);
    },
    notify(alert: TAttentionAlert) {
      if (!('Notification' in window) || Notification.permission !== 'granted') return;
      // On screen and focused, the sound and the counter are enough.
      if (document.visibilityState === 'visible' && document.hasFocus()) return;
      try {
        const n = new Notification(alert.title, {
          body: alert.body,
          tag: `attendance-${alert.attendanceId}`,
        });
        n.onclick = () => {
          window.focus();
          openAttendance.open(alert.attendanceId);
          n.close();
        };
      } catch {
        // Some browsers only allow notifications from a service worker: the sound and counter remain.
      }
    },
    setCount(next: number) {
      count = next;
      applyTitle();
    },
    stop() {
      document.removeEventListener('pointerdown', onGesture, true);
      document.removeEventListener('keydown', onGesture, true);
      titleObserver.disconnect();
      count = 0;
      applyTitle();
      void audio?.close().catch(() => undefined);
    },
  };
}

function askPermissionOnce(muted: boolean) {
  if (muted || !('Notification' in window) || Notification.permission !== 'default') return;
  try {
    if (localStorage.getItem(ASKED_KEY)) return;
    localStorage.setItem(ASKED_KEY, '1');
  } catch {
    // Without storage the browser's own "default" state still limits the asking.
  }
  void Notification.requestPermission().catch(() => undefined);
}

/** Two short rising tones (about a third of a second), quiet enough not to startle. */
function chime(ctx: AudioContext) {
  const start = ctx.currentTime;
  for (const [i, freq] of [880, 1320].entries()) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    const t = start + i * 0.14;
    osc.type = 'sine';
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(0.18, t + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.16);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + 0.18);
  }
}
