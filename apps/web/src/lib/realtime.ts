import { MSG } from '@prosa/shared/messages';
import type { QueryClient } from '@tanstack/react-query';
import { startChatAttention } from '../features/attendance/chat-attention';
import { createChatRealtime } from '../features/attendance/chat-realtime';
import { clearVisitorTyping, createTypingRealtime } from '../features/attendance/typing-realtime';
import { createMonitorRealtime } from '../features/channel-monitor/monitor-realtime';
import { createDashboardRealtime } from '../features/dashboards/dashboard-realtime';
import { createDistributionRealtime } from '../features/distribution/distribution-realtime';
import { showExportReadyToast } from '../features/history/export-ready-toast';
import { createWawebRealtime } from '../features/waweb/waweb-realtime';
import { ApiError, apiRequest } from './api';
import { queryKeys } from './query-keys';
import type { TRealtimeSocket } from './socket';
import { toast } from './toast';

export type RealtimeStatus = 'connecting' | 'connected' | 'reconnecting' | 'offline';

export type RealtimeHandle = {
  /** "Redefinir token de tempo real": revokes the old token and connects again with the new one. */
  resetToken: () => Promise<void>;
  /** Tries again after the automatic attempts gave up. */
  retry: () => void;
  stop: () => void;
};

type RealtimeOptions = {
  companyId: number;
  queryClient: QueryClient;
  onStatus: (status: RealtimeStatus) => void;
  onSessionEnded: (reason: 'logout' | 'password_changed' | 'pause_limit') => void;
};

// Metadata keys that /api/company/features reports to every user.
const FEATURE_KEYS = ['allow', 'audio', 'read_unread', 'seconds_control', 'triage'];

// After this many failed recoveries in a row the socket stays offline until the user asks again.
const MAX_RECOVERIES = 3;

const fetchToken = () => apiRequest('/api/users/get-socket-token', { schema: (s) => s.ZSocketTokenOutput });
const fetchNewToken = () =>
  apiRequest('/api/users/reset-socket-token', { method: 'POST', schema: (s) => s.ZSocketTokenOutput });

/**
 * The one place where realtime events reach the client state: the socket's life (token, reconnection,
 * revoked sessions) and the query-cache updates of each event. Events of another company are dropped.
 */
export function startRealtime(opts: RealtimeOptions): RealtimeHandle {
  let socket: TRealtimeSocket | null = null;
  // Socket.IO (13 kB gzip) loads here, not with the chat's first JavaScript: the list draws first. Kept
  // while it loads; forgotten on failure so the next attempt downloads it again.
  let loading: Promise<TRealtimeSocket> | null = null;
  let stopped = false;
  let recoveries = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Sound, browser notification and tab counter of new attendances and messages.
  const alerts = startChatAttention(opts.queryClient);
  const chat = createChatRealtime(opts.queryClient, alerts.attention);
  const distribution = createDistributionRealtime(opts.queryClient);
  const waweb = createWawebRealtime(opts.queryClient);
  const dashboards = createDashboardRealtime(opts.queryClient);
  let monitor: { resync: () => void; dispose: () => void } | null = null;
  let typing: { dispose: () => void } | null = null;

  const setStatus = (status: RealtimeStatus) => {
    if (!stopped) opts.onStatus(status);
  };

  function loadSocket(): Promise<TRealtimeSocket> {
    if (socket) return Promise.resolve(socket);
    loading ??= import('./socket').then(
      ({ createRealtimeSocket }) => {
        // stop() came first: no socket, no listeners.
        if (stopped) throw new Error('realtime stopped');
        socket = createRealtimeSocket();
        attach(socket);
        return socket;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  }

  function applyToken(s: TRealtimeSocket, token: string, companyId: number) {
    s.auth = { token, company_id: companyId };
    if (!s.active) s.connect();
  }

  async function open(fresh: boolean) {
    // The token is asked for while Socket.IO downloads.
    const [s, { token, companyId }] = await Promise.all([
      loadSocket(),
      fresh ? fetchNewToken() : fetchToken(),
    ]);
    if (!stopped) applyToken(s, token, companyId);
  }

  function recover(fresh: boolean) {
    clearTimeout(timer);
    if (stopped) return;
    if (recoveries >= MAX_RECOVERIES) {
      setStatus('offline');
      return;
    }
    recoveries += 1;
    setStatus('reconnecting');
    timer = setTimeout(() => {
      open(fresh).catch(onOpenError);
    }, 1000 * recoveries);
  }

  function onOpenError(error: unknown) {
    // A 401 means the session itself ended; the API client already sends the user to the login screen.
    if (error instanceof ApiError && error.status === 401) return;
    recover(false);
  }

  // Every listener of the socket, registered once when it is created (before it first connects).
  function attach(socket: TRealtimeSocket) {
    monitor = createMonitorRealtime(opts.queryClient, socket);
    typing = createTypingRealtime(socket);
    socket.on('connect', () => {
      recoveries = 0;
      setStatus('connected');
      // Events sent before the socket joined its rooms (or while it was away) are lost: the chat fetches again.
      chat.resync();
      distribution.resync();
      monitor?.resync();
    });

    socket.on('connect_error', () => {
      if (stopped) return;
      // An active socket lost its transport and retries by itself; an inactive one was refused by the
      // server's authentication: spec 1 §8 shows the error and resets the token.
      if (socket.active) {
        setStatus('reconnecting');
        return;
      }
      toast.error(MSG.realtimeAuthError, { id: 'realtime-auth-error' });
      recover(true);
    });

    socket.on('disconnect', (reason) => {
      if (stopped) return;
      // The server closed this socket (token reset, revoked session): fetch the current token and return.
      if (reason === 'io server disconnect') recover(false);
      else setStatus('reconnecting');
    });

    socket.on('session:revoked', ({ reason }) => {
      if (reason === 'token_reset') return;
      stop();
      opts.onSessionEnded(reason);
    });

    socket.on('company:updated', (payload) => {
      if (payload.companyId !== opts.companyId) return;
      opts.queryClient.invalidateQueries({ queryKey: queryKeys.companySecurity });
      // Module permissions changed: the session carries them, and the menu and route guard follow at once.
      if (payload.changed.includes('permissions'))
        opts.queryClient.invalidateQueries({ queryKey: queryKeys.session });
      // Settings saved by another manager show up in an open settings screen.
      opts.queryClient.invalidateQueries({ queryKey: queryKeys.companyMetadata });
      // Switches the chat follows (copy, audio, read/unread, seconds, waiting time) and the white-label look.
      if (FEATURE_KEYS.some((k) => payload.changed.includes(k)))
        opts.queryClient.invalidateQueries({ queryKey: queryKeys.companyFeatures });
      if (payload.changed.includes('white_label') || payload.changed.includes('view_data'))
        opts.queryClient.invalidateQueries({ queryKey: queryKeys.companyBrand });
      distribution.companyUpdated(payload.changed);
    });

    // Sent only to the user who asked for the export (user room): refresh their list and offer the file.
    socket.on('export:ready', ({ exportId, message }) => {
      opts.queryClient.invalidateQueries({ queryKey: queryKeys.exports });
      showExportReadyToast({ exportId, message });
    });

    // Attendances and messages (only those this user may see reach this socket): cards, lists, conversations.
    socket.on('attendance:upsert', chat.upsert);
    socket.on('attendance:removed', chat.removed);
    socket.on('message:created', chat.created);
    // The visitor's message ends their "digitando…".
    socket.on('message:created', (p) => {
      if (p.message.sender_type === 0) clearVisitorTyping(p.attendance_id);
    });
    socket.on('message:updated', chat.message);
    // The monitoring dashboard follows the queue and the operators (company room), once per burst.
    socket.on('attendance:upsert', distribution.attendanceChanged);
    socket.on('attendance:removed', distribution.attendanceChanged);
    socket.on('operator:changed', distribution.operatorChanged);
    // WhatsApp numbers by QR: state and QR of the numbers list (company room of managers and admins).
    socket.on('channel-update', waweb.channelUpdate);
    socket.on('qr-text', waweb.qrText);
    // Issue 18 (managers and admins): campaigns' progress, mailings' imports, batch close queues, the blacklist.
    // Each screen's queries start with these keys; a burst of progress refetches what is on screen.
    socket.on('campaign:updated', () =>
      opts.queryClient.invalidateQueries({ queryKey: queryKeys.campaigns }),
    );
    socket.on('mailing:updated', () => opts.queryClient.invalidateQueries({ queryKey: queryKeys.mailings }));
    socket.on('batch-close:updated', () =>
      opts.queryClient.invalidateQueries({ queryKey: queryKeys.batchClose }),
    );
    socket.on('blacklist:changed', () =>
      opts.queryClient.invalidateQueries({ queryKey: queryKeys.blacklist }),
    );
    // Issue 19 (managers and admins): the dashboards on screen refetch, at most once a second (the server coalesces).
    socket.on('update-dashboard', dashboards.update);
    // Issue 20: a manager's message or an operator's answer for this user: chats, messages and the badge refetch.
    socket.on('internal-message', () =>
      opts.queryClient.invalidateQueries({ queryKey: queryKeys.messenger }),
    );
    socket.on('operator-answer', () => opts.queryClient.invalidateQueries({ queryKey: queryKeys.messenger }));
    // Issue 20: a notification or a survey for this user's company was published, changed or removed.
    socket.on('notification', () =>
      opts.queryClient.invalidateQueries({ queryKey: queryKeys.userNotifications }),
    );
    socket.on('survey', () => opts.queryClient.invalidateQueries({ queryKey: queryKeys.pendingSurveys }));
  }

  function stop() {
    stopped = true;
    clearTimeout(timer);
    chat.dispose();
    alerts.stop();
    distribution.dispose();
    monitor?.dispose();
    typing?.dispose();
    dashboards.dispose();
    socket?.removeAllListeners();
    socket?.disconnect();
  }

  setStatus('connecting');
  open(false).catch(onOpenError);

  return {
    async resetToken() {
      const [s, { token, companyId }] = await Promise.all([loadSocket(), fetchNewToken()]);
      recoveries = 0;
      if (!stopped) applyToken(s, token, companyId);
    },
    retry() {
      recoveries = 0;
      setStatus('connecting');
      open(false).catch(onOpenError);
    },
    stop,
  };
}
