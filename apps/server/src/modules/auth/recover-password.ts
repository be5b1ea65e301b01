import { MSG } from '@prosa/shared/messages';
import { publicUrl } from '../../platform/config';
import { newToken, sha256 } from '../../platform/crypto';
import type { AppDeps } from '../../platform/deps';
import { enqueueMail } from '../mail/enqueue-mail';
import { createPasswordToken, findUserByEmail, lockUser, voidPasswordTokens } from './repository';

/**
 * Sends a one-time recovery link. The answer is the same whether or not the e-mail exists, so the
 * screen cannot be used to discover accounts.
 */
export async function recoverPassword(
  deps: Pick<AppDeps, 'db' | 'config' | 'queue' | 'mailer'>,
  input: { email: string },
) {
  const found = await findUserByEmail(deps.db, input.email);
  if (found && !found.user.inactiveSince) {
    const token = newToken();
    const ttl = deps.config.RESET_TOKEN_TTL_MINUTES;
    const { companyId, id: userId } = found.user;
    // Only the newest link works: the older ones are voided with the new one's insert, one request at a time.
    await deps.db.transaction(async (tx) => {
      await lockUser(tx, companyId, userId);
      await voidPasswordTokens(tx, companyId, userId, 'reset');
      await createPasswordToken(tx, {
        companyId,
        userId,
        purpose: 'reset',
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + ttl * 60_000),
      });
    });
    const link = `${publicUrl(deps.config)}/reset-password?token=${encodeURIComponent(token)}`;
    await enqueueMail(deps, {
      companyId: found.user.companyId,
      to: found.user.email,
      subject: 'Prosa: redefinição de senha',
      text: [
        `Olá, ${found.user.displayName}.`,
        '',
        'Recebemos um pedido para redefinir a sua senha. Para criar uma nova, acesse:',
        link,
        '',
        `O link vale por ${ttl} minutos e pode ser usado uma única vez.`,
        'Se você não fez este pedido, ignore este e-mail: sua senha continua a mesma.',
      ].join('\n'),
    });
  }
  return { message: MSG.recoverySent };
}
