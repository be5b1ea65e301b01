// Every TanStack Query key of the app, so realtime events and mutations invalidate the same keys.
export const queryKeys = {
  session: ['session'] as const,
  sectors: ['sectors'] as const,
  users: ['users'] as const,
  companySecurity: ['company', 'security'] as const,
  companyMetadata: ['company', 'metadata'] as const,
  statuses: ['statuses'] as const,
  userSettings: ['user-settings'] as const,
  history: ['history'] as const,
  historyMessages: (attendanceId: number) => ['history', 'messages', attendanceId] as const,
  exports: ['exports'] as const,
  // Issue 18: every query of these screens starts with its key (realtime invalidates them).
  campaigns: ['campaigns'] as const,
  mailings: ['mailings'] as const,
  batchClose: ['batch-close'] as const,
  blacklist: ['blacklist'] as const,
  // Issue 20: the internal messenger (chats, a chat's messages, the unread badge).
  messenger: ['messenger'] as const,
  // Issue 20: the user's notifications (bell and modal) and the admin list; surveys waiting for the user's answer
  // and the admin list; the release notes.
  userNotifications: ['notifications', 'mine'] as const,
  notificationsAdmin: ['notifications', 'admin'] as const,
  pendingSurveys: ['surveys', 'pending'] as const,
  surveysAdmin: ['surveys', 'admin'] as const,
  releases: ['releases'] as const,
  webchats: ['webchats'] as const,
  // Chat screen: card lists (one per filter set), one card, its messages and side lists.
  attendanceLists: ['attendances', 'list'] as const,
  attendance: (id: number) => ['attendances', 'card', id] as const,
  attendanceMessages: (id: number) => ['attendances', 'messages', id] as const,
  attendanceSide: (id: number, part: 'operators' | 'timeline' | 'viewed') =>
    ['attendances', part, id] as const,
  companyFeatures: ['company', 'features'] as const,
  // White-label title and logo of the logged-in company (header, tab title, favicon).
  companyBrand: ['company', 'brand'] as const,
  cardView: ['user-settings', 'card_view'] as const,
  // The operator's "silenciar avisos" (sound and browser notifications of new attendances and messages).
  notificationSettings: ['user-settings', 'notifications'] as const,
  // Distribution and pause: settings tabs, the monitoring dashboard and the user's own pause.
  autoDist: ['distribution', 'auto-dist'] as const,
  clientWaitingResponse: ['distribution', 'client-waiting-response'] as const,
  attendanceRules: ['distribution', 'attendance-rules'] as const,
  distributionMonitor: ['distribution', 'monitor'] as const,
  controlPause: ['pause', 'control'] as const,
  pauseReasons: ['pause', 'reasons'] as const,
  pauseState: ['pause', 'state'] as const,
  // Scheduled returns of an attendance's contact; custom contact fields and their values on an attendance.
  attendanceSchedules: (id: number) => ['attendances', 'schedules', id] as const,
  contactFields: ['contact-fields'] as const,
  attendanceContactFields: (id: number) => ['attendances', 'contact-fields', id] as const,
  // WhatsApp numbers by QR (state and QR follow channel-update and qr-text) and the channel Monitor.
  wawebChannels: ['waweb', 'channels'] as const,
  channelMonitor: ['channel-monitor'] as const,
};
