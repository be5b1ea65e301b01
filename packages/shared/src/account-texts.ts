// Account texts and the manager survey without zod: the chat's first load reads them; account.ts re-exports them.

export const ACCOUNT_MSG = {
  avatarTooLarge: 'Tamanho máximo 2MB excedido!',
  avatarInvalid: 'Envie uma imagem PNG, JPG, GIF ou BMP.',
  avatarSaved: 'Foto de perfil atualizada.',
  avatarRemoved: 'Foto de perfil removida.',
  avatarUploadError: 'Erro ao realizar upload da foto.',
  displaySaved: 'Os dados foram atualizados com sucesso!',
  surveyMax: 'Você só pode selecionar 3 opções',
  surveyMin: 'Selecione ao menos uma opção.',
  surveyThanks: 'Obrigado por responder nossa pesquisa!',
  surveyLoadError: 'Não foi possível carregar pergunta da pesquisa!',
} as const;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const SURVEY_MAX_CHOICES = 3;

export const MANAGER_SURVEY = {
  id: 'gestores-2026-11',
  question: 'Quais recursos mais ajudariam a sua equipe no dia a dia? Escolha até 3.',
  options: [
    { key: 'relatorios', label: 'Relatórios mais detalhados' },
    { key: 'chatbot', label: 'Chatbot para triagem' },
    { key: 'campanhas', label: 'Campanhas de WhatsApp' },
    { key: 'integracoes', label: 'Integração com CRM' },
    { key: 'metas', label: 'Metas e painéis da equipe' },
    { key: 'mobile', label: 'Aplicativo para celular' },
  ],
} as const;
