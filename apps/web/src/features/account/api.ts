import type { TOwnProfileInput } from '@prosa/shared/account-profile';
import { apiRequest } from '../../lib/api';

export const accountApi = {
  changePassword: (body: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
    apiRequest('/api/users/change-password', { method: 'POST', body, schema: (s) => s.ZMessageOutput }),
  setupTotp: () => apiRequest('/api/auth/totp/setup', { method: 'POST', schema: (s) => s.ZTotpSetupOutput }),
  enableTotp: (code: string) =>
    apiRequest('/api/auth/totp/enable', { method: 'POST', body: { code }, schema: (s) => s.ZMessageOutput }),
  disableTotp: () =>
    apiRequest('/api/auth/totp/disable', { method: 'POST', schema: (s) => s.ZMessageOutput }),
};

export const profileApi = {
  ownProfile: () => apiRequest('/api/users/me/profile', { schema: (s) => s.ZOwnProfile }),
  saveOwnProfile: (body: TOwnProfileInput) =>
    apiRequest('/api/users/me/profile', { method: 'PUT', body, schema: (s) => s.ZOwnProfileSaved }),
  uploadAvatar: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return apiRequest('/api/users/me/avatar', { method: 'POST', body: form, schema: (s) => s.ZAvatarOutput });
  },
  removeAvatar: () =>
    apiRequest('/api/users/me/avatar', { method: 'DELETE', schema: (s) => s.ZMessageOutput }),
  managerSurvey: () => apiRequest('/api/users/me/manager-survey', { schema: (s) => s.ZManagerSurvey }),
  answerSurvey: (choices: string[]) =>
    apiRequest('/api/users/me/manager-survey', {
      method: 'POST',
      body: { choices },
      schema: (s) => s.ZMessageOutput,
    }),
};
