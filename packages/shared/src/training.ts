import { ROLE } from './roles';
import { z } from './zod';

// The training screen (spec 2 §2 "a training screen"): the product's path by role, short lessons each user marks
// as done (kept per user on the server, users.settings.training_done).

export type TTrainingLesson = {
  id: string;
  title: string;
  /** The lowest role the lesson is for (operators' lessons are for everyone). */
  minRole: number;
  paragraphs: readonly string[];
};

export const TRAINING_LESSONS: readonly TTrainingLesson[] = [
  {
    id: 'atendimento',
    title: 'Atendimento: a tela de Atendimentos',
    minRole: ROLE.operator,
    paragraphs: [
      'Cada conversa com um cliente é um atendimento, do primeiro contato até a finalização. A tela de Atendimentos lista os cards dos seus setores: use as abas para filtrar por setor e a busca para achar um cliente.',
      'Abra um card para ver a conversa, responder (Enter envia, Shift+Enter quebra a linha), anexar arquivos e gravar áudios quando a empresa permite.',
      'O ícone do canal mostra por onde o cliente chegou (web chat, WhatsApp, e-mail, Telegram, Facebook, Instagram...). A resposta sai sempre pelo mesmo canal.',
    ],
  },
  {
    id: 'status',
    title: 'Status: classificar e finalizar',
    minRole: ROLE.operator,
    paragraphs: [
      'Os status classificam o atendimento enquanto ele está aberto (por exemplo "Em análise") ou o finalizam (por exemplo "Concluído").',
      'Ao escolher um status de finalização, o atendimento sai da sua lista e vai para o histórico. Se a empresa pede confirmação, confirme antes de finalizar.',
    ],
  },
  {
    id: 'transferencias',
    title: 'Transferências',
    minRole: ROLE.operator,
    paragraphs: [
      'Quando outro setor ou outro colega deve continuar a conversa, transfira o atendimento: escolha o setor e, se quiser, o operador.',
      'A transferência fica registrada no histórico do atendimento, e quem recebe vê toda a conversa anterior.',
    ],
  },
  {
    id: 'respostas-prontas',
    title: 'Respostas prontas',
    minRole: ROLE.operator,
    paragraphs: [
      'Perguntas e respostas guardam os textos que a equipe usa sempre. No chat, abra as respostas prontas, busque pelo assunto e insira o texto na mensagem antes de enviar.',
      'Respostas prontas mantêm o padrão da empresa e economizam tempo nas dúvidas mais comuns.',
    ],
  },
  {
    id: 'agendamento',
    title: 'Agendamento de retornos',
    minRole: ROLE.operator,
    paragraphs: [
      'Quando combinar de falar com o cliente mais tarde, agende um retorno: escolha a data e a hora. O agendamento não existe no web chat nem no NewChat, em que o cliente é quem volta a escrever.',
      'Na hora marcada o atendimento volta marcado como agendado: para quem agendou, se ainda estiver no setor, ou para a fila do setor, conforme a configuração da empresa.',
    ],
  },
  {
    id: 'distribuicao',
    title: 'Distribuição automática e monitoramento',
    minRole: ROLE.manager,
    paragraphs: [
      'Com a distribuição automática, os atendimentos em espera vão para os operadores conectados do setor, respeitando o limite de atendimentos de cada um e dando a vez a quem está há mais tempo sem receber.',
      'Em Monitoramento você acompanha a fila de espera e os operadores conectados, em pausa ou desconectados, com os atendimentos de cada um.',
    ],
  },
  {
    id: 'relatorios',
    title: 'Relatórios e painéis',
    minRole: ROLE.manager,
    paragraphs: [
      'Relatórios mostram, por período, atendimentos abertos e finalizados, tempo médio de espera (TME) e de atendimento (TMA), sessões e pausas de cada operador, com filtros por setor e operador.',
      'Painéis reúnem os números do dia em uma tela, e o Histórico permite abrir qualquer conversa finalizada.',
    ],
  },
  {
    id: 'campanhas',
    title: 'Mailings e campanhas',
    minRole: ROLE.manager,
    paragraphs: [
      'Um mailing é a lista de contatos que recebe uma campanha. Importe a lista, escolha o canal e a mensagem (no WhatsApp oficial, um modelo HSM aprovado) e, se quiser, agende a data do envio.',
      'As respostas dos contatos chegam como atendimentos, e o andamento de cada campanha (Pendente, Processando, Enviando, Finalizado) aparece na lista de Campanhas.',
    ],
  },
];

export const TRAINING_MSG = {
  lessonNotFound: 'Lição não encontrada.',
  saved: 'Progresso do treinamento salvo.',
} as const;

/** The lessons a role's training path has, in order. */
export function lessonsForRole(role: number): TTrainingLesson[] {
  return TRAINING_LESSONS.filter((l) => role >= l.minRole);
}

export const ZTrainingProgress = z.object({
  /** Ids of the lessons of the caller's path marked as done. */
  done: z.array(z.string()),
  total: z.number().int(),
});
export type TTrainingProgress = z.infer<typeof ZTrainingProgress>;

export const ZTrainingLessonParam = z.object({
  id: z
    .string({ error: TRAINING_MSG.lessonNotFound })
    .max(40, { error: TRAINING_MSG.lessonNotFound })
    .regex(/^[a-z-]+$/, { error: TRAINING_MSG.lessonNotFound }),
});

export const ZTrainingMarkInput = z.object({
  done: z.boolean({ error: 'Informe se a lição está concluída.' }),
});
