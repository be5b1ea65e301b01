import { ZAvatarOutput, ZManagerSurvey } from '@prosa/shared/account';
import { ZMessageOutput, ZTotpSetupOutput } from '@prosa/shared/auth';
import { apiRequest } from '../../lib/api';

export const accountApi = {
  changePassword: (body: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
    apiRequest('/api/users/change-password', { method: 'POST', body, schema: ZMessageOutput }),
  setupTotp: () => apiRequest('/api/auth/totp/setup', { method: 'POST', schema: ZTotpSetupOutput }),
  enableTotp: (code: string) =>
    apiRequest('/api/auth/totp/enable', { method: 'POST', body: { code }, schema: ZMessageOutput }),
  disableTotp: () => apiRequest('/api/auth/totp/disable', { method: 'POST', schema: ZMessageOutput }),
};

export const profileApi = {
  uploadAvatar: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return apiRequest('/api/users/me/avatar', { method: 'POST', body: form, schema: ZAvatarOutput });
  },
  removeAvatar: () => apiRequest('/api/users/me/avatar', { method: 'DELETE', schema: ZMessageOutput }),
  managerSurvey: () => apiRequest('/api/users/me/manager-survey', { schema: ZManagerSurvey }),
  answerSurvey: (choices: string[]) =>
    apiRequest('/api/users/me/manager-survey', { method: 'POST', body: { choices }, schema: ZMessageOutput }),
};
