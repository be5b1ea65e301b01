import { MSG } from '@prosa/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestContext, MANAGER, OPERATOR, type TestContext } from '../../../test/helpers/test-app';

// A new recovery link voids the older ones: only the newest link a person asked for can set the password.

let ctx: TestContext;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  ctx = await createTestContext();
  http = api(ctx);
});
afterAll(() => ctx.close());

/** Asks for a recovery link and returns its token, read from the e-mail. */
async function requestLink(email: string): Promise<string> {
  const before = ctx.smtp.inbox.length;
  const r = await http.post('/api/auth/recover-password', { body: { email } });
  expect(r.status).toBe(200);
  const mail = await ctx.smtp.waitFor(email, before);
  const token = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail.body)?.[1];
  if (!token) throw new Error('e-mail sem link');
  return decodeURIComponent(token);
}

const reset = (token: string, password: string) =>
  http.post('/api/auth/reset-password', {
    body: { token, newPassword: password, confirmPassword: password },
  });

describe('password recovery links', () => {
  it('an older link stops working once a newer one is sent, before and after the newer is used', async () => {
    const older = await requestLink(OPERATOR);
    const newer = await requestLink(OPERATOR);
    expect(newer).not.toBe(older);

    const early = await reset(older, 'Antigo12345');
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(MSG.resetLinkInvalid);

    const used = await reset(newer, 'Nova123456');
    expect(used.status).toBe(200);

    const late = await reset(older, 'Antigo12345');
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(MSG.resetLinkInvalid);
    // The password is the one set through the newer link.
    const login = await http.post('/api/auth/login', { body: { email: OPERATOR, password: 'Nova123456' } });
    expect(login.body.step).toBe('done');
  });

  it('using the newest link voids any other still open for the person', async () => {
    const first = await requestLink(MANAGER);
    const second = await requestLink(MANAGER);
    expect((await reset(second, 'Gestor12345')).status).toBe(200);
    const again = await reset(first, 'Gestor99999');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MSG.resetLinkInvalid);
  });
});
