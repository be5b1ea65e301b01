import type { Db } from '../../platform/db';

/**
 * Whether the number is on the company's blacklist (spec 1 §5: "Contato informado no campo 'Telefone' está
 * bloqueado."). The blacklist (document 3) does not exist yet, so no number is blocked today; when it
 * arrives this is the one place to query it.
 */
export async function isBlacklisted(_db: Db, _companyId: number, _phone: string): Promise<boolean> {
  return false;
}
