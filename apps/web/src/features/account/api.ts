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
