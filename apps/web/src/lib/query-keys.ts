// Every TanStack Query key of the app, so realtime events and mutations invalidate the same keys.
export const queryKeys = {
  session: ['session'] as const,
  sectors: ['sectors'] as const,
  users: ['users'] as const,
  companySecurity: ['company', 'security'] as const,
};
