// Distribution texts without zod: the chat's first load reads them; distribution.ts re-exports them.

export const DIST_MSG = {
  chatPerUserRequired: 'Informe qual o número máximo de atendimentos por operador.',
  busyTimeRequired:
    'Para distribuir atendimentos de clientes que não respondem, configure o tempo de cliente ocupado nas Regras de atendimento.',
  loadError: 'Erro ao buscar configurações da distribuição.',
  updateError: 'Erro ao atualizar configurações da distribuição.',
  saveError: 'Erro ao salvar configurações da distribuição.',
  saved: 'Configuração alterada com sucesso!',
  queued: 'Atendimentos devolvidos para a fila.',
} as const;
