import type { TLoginOutput } from '@prosa/shared/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AuthLayout } from '../../components/auth-layout';
import { queryKeys } from '../../lib/query-keys';
import type { TChangePasswordStep, TMfaStep } from './api';
import { ForcedPasswordStep } from './forced-password-step';
import { clearLoginNotice, readLoginNotice } from './login-notice';
import { MfaStep } from './mfa-step';
import { PasswordStep } from './password-step';
import { RecoverStep } from './recover-step';
import { RedirectStep } from './redirect-step';

type Step =
  | { kind: 'password' }
  | { kind: 'mfa'; data: TMfaStep }
  | { kind: 'change_password'; data: TChangePasswordStep }
  | { kind: 'recover' }
  | { kind: 'redirect'; url: string; message: string };

// The reset page sends { recover: true } when its link is invalid, to open the recovery step directly.
function asksForRecovery(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'recover' in state && state.recover === true;
}

/** Login (spec 2 §2): password, then an MFA code or a forced password change; recovery on the side. */
export function LoginPage() {
  const location = useLocation();
  const [step, setStep] = useState<Step>({ kind: asksForRecovery(location.state) ? 'recover' : 'password' });
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<string | null>(readLoginNotice);
  useEffect(clearLoginNotice, []);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  function next(output: TLoginOutput) {
    setNotice(null);
    if (output.step === 'done') {
      queryClient.setQueryData(queryKeys.session, output.user);
      navigate('/chat', { replace: true });
    } else if (output.step === 'mfa') {
      setStep({ kind: 'mfa', data: output });
    } else if (output.step === 'redirect') {
      setStep({ kind: 'redirect', url: output.url, message: output.message });
    } else {
      setStep({ kind: 'change_password', data: output });
    }
  }

  function backToPassword(message?: string) {
    setNotice(message ?? null);
    setStep({ kind: 'password' });
  }

  return (
    <AuthLayout>
      {step.kind === 'password' ? (
        <PasswordStep
          email={email}
          onEmailChange={setEmail}
          notice={notice}
          onOutput={next}
          onForgot={() => setStep({ kind: 'recover' })}
        />
      ) : null}
      {step.kind === 'mfa' ? <MfaStep data={step.data} onOutput={next} onBack={backToPassword} /> : null}
      {step.kind === 'change_password' ? (
        <ForcedPasswordStep data={step.data} onOutput={next} onBack={backToPassword} />
      ) : null}
      {step.kind === 'recover' ? <RecoverStep email={email} onBack={() => backToPassword()} /> : null}
      {step.kind === 'redirect' ? (
        <RedirectStep url={step.url} message={step.message} onBack={() => backToPassword()} />
      ) : null}
    </AuthLayout>
  );
}
