// Pause texts and page sizes without zod: the chat's first load reads them; pause.ts re-exports them.

export const PAUSE_MSG = {
  limitMinutes: 'Campo Tempo limite da pausa é obrigatório ou valor é inválido.',
  reasonTitle: 'Titulo do motivo é obrigatório',
  keepOneReason: 'É necessário manter ao menos um motivo de pausa enquanto o motivo estiver ativo.',
  cannotTurnOff: 'Desative o motivo, a senha e o tempo limite antes de desligar o controle de pausa.',
  reasonNotFound: 'Motivo de pausa não encontrado.',
  notActive: 'O controle de pausa não está ativo na empresa.',
  alreadyPaused: 'Você já está em pausa.',
  notPaused: 'Você não está em pausa.',
  passwordRequired: 'Informe sua senha para sair da pausa.',
  passwordWrong: 'Senha incorreta.',
  reasonRequired: 'Informe o motivo da pausa.',
  paused: 'Pausa iniciada.',
  resumed: 'Pausa encerrada. Bom trabalho!',
  limitLogout: 'Sua pausa passou do tempo limite e a sessão foi encerrada.',
  saved: 'Configuração alterada com sucesso!',
  reasonSaved: 'Motivo de pausa salvo com sucesso!',
  reasonRemoved: 'Motivo de pausa removido com sucesso!',
} as const;

export const PAUSE_PAGE_SIZES = [4, 8, 16] as const;
