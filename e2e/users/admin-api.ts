import { type APIRequestContext, expect } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../support/demo';

/** The demo admin through the API (the request fixture keeps the session cookie between calls). */
export async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', {
    data: { email: DEMO.admin, password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const me = (await (await request.get('/api/auth/me')).json()) as { companyId: number };
  const base = `/api/companies/${me.companyId}`;
  return {
    companyId: me.companyId,
    async userId(email: string) {
      const r = await request.get(`${base}/users/by-email?email=${encodeURIComponent(email)}`);
      expect(r.ok()).toBe(true);
      return ((await r.json()) as { id: number }).id;
    },
    async setUserPermissions(userId: number, permissions: { read: string[]; write: string[] }) {
      const r = await request.post(`${base}/permissions`, {
        data: { type: 'user', id: userId, permissions: { ...permissions, remove: [] } },
      });
      expect(r.ok()).toBe(true);
    },
    async clearUserPermissions(userId: number) {
      await request.delete(`${base}/permissions/user/${userId}`);
    },
  };
}
