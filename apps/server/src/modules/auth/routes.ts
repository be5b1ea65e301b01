import {
  ZChangePasswordInput,
  ZCheckMfaInput,
  ZLoginInput,
  ZLoginOutput,
  ZMessageOutput,
  ZRecoverPasswordInput,
  ZResetPasswordInput,
  ZSessionUser,
  ZSocketTokenOutput,
  ZTotpEnableInput,
  ZTotpSetupOutput,
} from '@prosa/shared/auth';
import { z } from '@prosa/shared/zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf, PUBLIC } from '../../http/access';
import { publicUrl } from '../../platform/config';
import type { AppDeps } from '../../platform/deps';
import { changePassword } from './change-password';
import { checkMfaCode, resendMfaEmail } from './check-mfa-code';
import { type LoginResult, login } from './login';
import { logout } from './logout';
import { recoverPassword } from './recover-password';
import { resetPassword } from './reset-password';
import { SESSION_COOKIE, toSessionUser } from './sessions';
import { getSocketToken, resetSocketToken } from './socket-token';
import { disableTotp, enableTotp, setupTotp } from './totp';

const tags = ['auth'];

export function authRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const secure = publicUrl(deps.config).startsWith('https://');

  function finish(reply: FastifyReply, result: LoginResult) {
    if (result.sessionToken) {
      reply.setCookie(SESSION_COOKIE, result.sessionToken, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: deps.config.SESSION_TTL_HOURS * 3600,
      });
    }
    return result.output;
  }

  const meta = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    userAgent:
      typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 300) : null,
  });

  return async (app) => {
    app.post(
      '/api/auth/login',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Login com e-mail e senha',
          body: ZLoginInput,
          response: { 200: ZLoginOutput },
        },
      },
      async (request, reply) => finish(reply, await login(deps, { ...request.body, ...meta(request) })),
    );

    app.post(
      '/api/users/check-mfa-code',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Confere o código MFA',
          body: ZCheckMfaInput,
          response: { 200: ZLoginOutput },
        },
      },
      async (request, reply) =>
        finish(reply, await checkMfaCode(deps, { ...request.body, ...meta(request) })),
    );

    app.post(
      '/api/auth/mfa/resend',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Envia o código MFA por e-mail',
          body: z.object({ challengeId: z.string().min(1).max(100) }),
          response: { 200: ZMessageOutput },
        },
      },
      async (request) => resendMfaEmail(deps, request.body),
    );

    app.post(
      '/api/users/change-password',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Troca de senha (obrigatória após login ou voluntária)',
          body: ZChangePasswordInput,
          response: { 200: z.union([ZLoginOutput, ZMessageOutput]) },
        },
      },
      async (request, reply) => {
        const caller = request.auth ? callerOf(request) : null;
        const result = await changePassword(deps, { ...request.body, caller, ...meta(request) });
        return 'output' in result ? finish(reply, result) : result;
      },
    );

    app.post(
      '/api/auth/recover-password',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Envia o link de recuperação',
          body: ZRecoverPasswordInput,
          response: { 200: ZMessageOutput },
        },
      },
      async (request) => recoverPassword(deps, request.body),
    );

    app.post(
      '/api/auth/reset-password',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Define a senha pelo link',
          body: ZResetPasswordInput,
          response: { 200: ZMessageOutput },
        },
      },
      async (request) => resetPassword(deps, request.body),
    );

    app.post(
      '/api/auth/logout',
      {
        config: ANY_USER,
        schema: { tags, summary: 'Sai e revoga a sessão', response: { 200: ZMessageOutput } },
      },
      async (request, reply) => {
        await logout(deps, callerOf(request), request.ip);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return { message: 'Sessão encerrada.' };
      },
    );

    app.get(
      '/api/auth/me',
      { config: ANY_USER, schema: { tags, summary: 'Usuário da sessão', response: { 200: ZSessionUser } } },
      async (request) => {
        const active = request.auth;
        if (!active) throw new Error('unreachable: guard ensures a session');
        return toSessionUser(deps, active);
      },
    );

    app.get(
      '/api/users/get-socket-token',
      {
        config: ANY_USER,
        schema: { tags, summary: 'Token do tempo real', response: { 200: ZSocketTokenOutput } },
      },
      async (request) => getSocketToken(deps, callerOf(request)),
    );

    app.post(
      '/api/users/reset-socket-token',
      {
        config: ANY_USER,
        schema: { tags, summary: 'Revoga o token do tempo real', response: { 200: ZSocketTokenOutput } },
      },
      async (request) => resetSocketToken(deps, callerOf(request)),
    );

    app.post(
      '/api/auth/totp/setup',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Inicia o cadastro do app autenticador',
          response: { 200: ZTotpSetupOutput },
        },
      },
      async (request) => setupTotp(deps, callerOf(request)),
    );

    app.post(
      '/api/auth/totp/enable',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Ativa o app autenticador',
          body: ZTotpEnableInput,
          response: { 200: ZMessageOutput },
        },
      },
      async (request) => enableTotp(deps, callerOf(request), request.body.code),
    );

    app.post(
      '/api/auth/totp/disable',
      {
        config: ANY_USER,
        schema: { tags, summary: 'Desativa o app autenticador', response: { 200: ZMessageOutput } },
      },
      async (request) => disableTotp(deps, callerOf(request)),
    );
  };
}
