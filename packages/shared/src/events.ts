// Realtime events (server → client). Rooms: company:<id>, sector:<id>, user:<id>.
export type TServerToClientEvents = {
  'company:updated': (payload: { companyId: number; changed: string[] }) => void;
  'session:revoked': (payload: { reason: 'logout' | 'token_reset' | 'password_changed' }) => void;
};

export type TClientToServerEvents = {
  ping: (ack: (reply: { ok: true; userId: number; companyId: number }) => void) => void;
};

export const rooms = {
  company: (id: number) => `company:${id}`,
  sector: (id: number) => `sector:${id}`,
  user: (id: number) => `user:${id}`,
  session: (id: string) => `session:${id}`,
} as const;
