import { apiRequest } from '../../lib/api';

// Zod-free: the app shell calls these on the chat's first load; the answers' schemas load with the request.
export const releasesApi = {
  list: () => apiRequest('/api/releases', { schema: (s) => s.ZReleasesOutput }),
  markSeen: (version: string) =>
    apiRequest('/api/releases/seen', {
      method: 'POST',
      body: { version },
      schema: (s) => s.ZReleaseSeenOutput,
    }),
};

export type TReleasesData = Awaited<ReturnType<typeof releasesApi.list>>;
