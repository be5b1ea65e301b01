import { ZMessageOutput, ZTotpSetupOutput } from '@prosa/shared/auth';
import { z } from '@prosa/shared/zod';
import { apiRequest } from '../../lib/api';

export const accountApi = {
  changePassword: (body: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
    apiRequest('/api/users/change-password', { method: 'POST', body, schema: ZMessageOutput }),
  setupTotp: () => apiRequest('/api/auth/totp/setup', { method: 'POST', schema: ZTotpSetupOutput }),
  enableTotp: (code: string) =>
    apiRequest('/api/auth/totp/enable', { method: 'POST', body: { code }, schema: ZMessageOutput }),
  disableTotp: () => apiRequest('/api/auth/totp/disable', { method: 'POST', schema: ZMessageOutput }),
};

const ZAvatarOutput = z.object({ success: z.boolean(), url: z.string().nullable(), message: z.string() });
const ZSurvey = z.object({
  show: z.boolean(),
  id: z.string(),
  question: z.string(),
  options: z.array(z.object({ key: z.string(), label: z.string() })),
});

export const profileApi = {
  uploadAvatar: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return apiRequest('/api/users/me/avatar', { method: 'POST', body: form, schema: ZAvatarOutput });
  },
  removeAvatar: () => apiRequest('/api/users/me/avatar', { method: 'DELETE', schema: ZMessageOutput }),
  managerSurvey: () => apiRequest('/api/users/me/manager-survey', { schema: ZSurvey }),
  answerSurvey: (choices: string[]) =>
    apiRequest('/api/users/me/manager-survey', { method: 'POST', body: { choices }, schema: ZMessageOutput }),
};
