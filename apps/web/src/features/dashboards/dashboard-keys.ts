// Every dashboard query starts with this key: `update-dashboard` refetches what is on screen (lib/realtime.ts).
// Kept apart from api.ts so the realtime code (in the main bundle) does not pull the dashboards' schemas.
export const dashboardKeys = {
  all: ['dashboards'] as const,
  monitor: ['dashboards', 'monitor'] as const,
  company: ['dashboards', 'company'] as const,
  channels: ['dashboards', 'channels'] as const,
};
