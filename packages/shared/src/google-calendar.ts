import { z } from './zod';

// Google Calendar (issue 22; spec 3 §2 "Google calendar authorisation (query parameter code)", §7, §8): each user
// links their own Google calendar by OAuth; the company switch allow['google-calendar'] turns the feature on.

/** The company flag (spec 3 §1 company settings toggles). */
export const GOOGLE_CALENDAR_FLAG = 'google-calendar';

export const GOOGLE_CALENDAR_MSG = {
  /** Spec 3 §8 Calendar. */
  loadError: 'Ocorreu um erro ao carregar a página.',
  connected: 'Google Agenda conectada!',
  disconnected: 'Google Agenda desconectada.',
  notEnabled: 'A Google Agenda não está ativada para a empresa.',
  notConfigured: 'A integração com a Google Agenda não está configurada neste servidor.',
} as const;

/** The length of a scheduled return's event in the calendar. */
export const GOOGLE_EVENT_MINUTES = 15;

/** The caller's calendar permission (GET /api/google-calendar). */
export const ZGoogleCalendarState = z.object({
  /** The server has a Google OAuth client (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET). */
  configured: z.boolean(),
  /** The company has the feature on. */
  enabled: z.boolean(),
  connected: z.boolean(),
  email: z.string().nullable(),
  /** Google's consent screen for this user (null when it cannot be used). */
  authorizeUrl: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type TGoogleCalendarState = z.infer<typeof ZGoogleCalendarState>;

/** POST /api/google-calendar: the code and state Google sent back to /google-calendar. */
export const ZGoogleCalendarConnect = z.strictObject({
  code: z.string().trim().min(1, GOOGLE_CALENDAR_MSG.loadError).max(2048, GOOGLE_CALENDAR_MSG.loadError),
  state: z.string().trim().min(1, GOOGLE_CALENDAR_MSG.loadError).max(1024, GOOGLE_CALENDAR_MSG.loadError),
});

export const ZGoogleCalendarResult = z.object({ message: z.string(), state: ZGoogleCalendarState });
