// Texts shown to users. Where the spec gives a text it is copied verbatim.
export const TOAST = {
  successTitle: 'Sucesso!',
  successDefault: 'Operação realizada com sucesso!',
  errorTitle: 'Erro!',
  errorDefault: 'Erro. Tente novamente!',
  warningTitle: 'Alerta!',
  warningDefault: 'Não foi possível realizar a operação!',
  autoCloseMs: 3000,
  permissionAutoCloseMs: 6000,
} as const;

export const MSG = {
  genericError: 'Erro ao processar requisição, por favor tente novamente.',
  /** Spec 2 §8 (generic): the server answered, but not with what the screen expects. */
  badResponse: 'Erro ao processar dados.',
  invalidCredentials: 'E-mail e/ou senha inválidos',
  loginNetworkError:
    'Ocorreu um erro ao tentar acessar sua conta. Entre em contato com o atendimento (Erro: DNS)',
  loginRequired: 'Preencha o e-mail e a senha.',
  recoveryEmailRequired: 'Preencha o E-mail da conta.',
  recoverySent: 'Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.',
  resetLinkInvalid: 'Link de redefinição inválido ou expirado. Solicite um novo.',
  passwordChangeError: 'Houve um erro ao alterar a senha.',
  passwordChanged: 'Sua senha foi alterada com sucesso!',
  passwordPolicy: 'A senha deve ter no mínimo 8 caracteres, com letras e números.',
  passwordMismatch: 'As senhas não conferem.',
  passwordSameAsOld: 'A nova senha deve ser diferente da atual.',
  currentPasswordWrong: 'Senha atual incorreta.',
  mfaCodeFormat: 'Informe o código de 6 dígitos.',
  mfaCodeInvalid: 'Código inválido ou expirado.',
  mfaChallengeExpired: 'Sua verificação expirou. Faça login novamente.',
  totpInvalid: 'Código do aplicativo inválido.',
  totpEnabled: 'Aplicativo autenticador ativado.',
  totpDisabled: 'Aplicativo autenticador desativado.',
  tooManyAttempts: 'Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.',
  mfaTooManyCodes: 'Muitos códigos incorretos. Aguarde alguns minutos e faça login novamente.',
  mfaTooManyEmails: 'Muitos códigos enviados por e-mail. Aguarde alguns minutos para pedir outro.',
  userInactive: 'Usuário inativo. Entre em contato com o administrador.',
  companyInactive: 'Empresa inativa. Entre em contato com o atendimento.',
  ipNotAllowed: 'Acesso não permitido a partir deste endereço IP.',
  unauthenticated: 'Sua sessão expirou. Faça login novamente.',
  forbidden: 'Você não tem permissão para esta ação.',
  notFound: 'Registro não encontrado.',
  invalidText: 'O texto contém caracteres inválidos.',
  invalidRequest: 'Requisição inválida.',
  realtimeAuthError: 'Ocorreu um erro (Código 4)...',
  ipEmpty: 'Preencha o campo com um IP.',
  ipInvalid: 'Preencha o campo com um IP válido.',
  ipDuplicate: 'Este IP já está na lista.',
  ipMask: 'A máscara deve ser maior que 0 e menor que 33.',
  ipLockout: 'O seu IP atual não está na lista. Inclua-o antes de ativar o filtro, para não perder o acesso.',
  companyUpdated: 'Empresa atualizada com sucesso!',
} as const;

export const ERROR_CODE = {
  validation: 'VALIDATION',
  invalidCredentials: 'INVALID_CREDENTIALS',
  rateLimited: 'RATE_LIMITED',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  ipNotAllowed: 'IP_NOT_ALLOWED',
  mfaInvalid: 'MFA_INVALID',
  conflict: 'CONFLICT',
  internal: 'INTERNAL',
  /** The attendance went to another operator: the chat says so instead of "not found". */
  transferred: 'ATTENDANCE_TRANSFERRED',
} as const;

export type TErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE];

export type TApiError = { code: string; message: string };

// Administration (spec 2 §5, §8; spec 3 §8).
export const ADMIN_MSG = {
  noWritePermission: 'Você não tem permissão de alteração',
  sectorOrderNeedsSettings: 'Você precisa de acesso a configurações gerais para alterar a ordem.',
  modulesLoadError: 'Não foi possível carregar os módulos.',
  permissionsSaveError: 'Erro ao atribuir permissões de usuário.',
  permissionsSaved: 'Permissões atualizadas com sucesso!',
  permissionsCleared: 'Restrições removidas: o acesso volta a seguir a função.',
  settingsSaved: 'Configuração alterada com sucesso!',
  settingsLoadError: 'Algo deu errado ao carregar metadados. Consulte o suporte',
} as const;

export function permissionDependencyMessage(action: string, missing: string): string {
  return `Para liberar "${action}" é preciso liberar antes: ${missing}.`;
}

/** An upload whose content is not what its name's extension says (e.g. an executable renamed .png). */
export function fileContentMismatchMessage(name: string, ext: string): string {
  return `O conteúdo do arquivo ${name} não corresponde à extensão .${ext}.`;
}
