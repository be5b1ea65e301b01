// Surveys (issue 20; spec 3 §2, §5, §8, §9): texts and constants without zod, for the answering modal that the
// app shell mounts (the chat's first load carries no zod).

export const SURVEY_MSG = {
  // Spec 3 §8, verbatim.
  findError: 'Erro ao buscar a pesquisa',
  answerError: 'Erro ao responder pesquisa.',
  answered: 'Pesquisa respondida, obrigado!',
  loadError: 'Não foi possível carregar as pesquisas.',
  deleted: 'Pesquisa excluída com sucesso',
  deleteError: 'Erro ao excluir a pesquisa',
  uploadError: 'Erro ao realizar upload',
  companyError: 'Erro ao buscar empresa. Tente novamente.',
  // Spec 3 §5, verbatim.
  invalidImage: 'O arquivo não é uma imagem válida',
  // Ours.
  notFound: 'Pesquisa não encontrada.',
  created: 'Pesquisa publicada com sucesso.',
  saveError: 'Erro ao salvar a pesquisa.',
  typeRequired: 'Escolha o tipo da pesquisa.',
  titleRequired: 'Informe o título da pesquisa.',
  titleTooLong: 'O título deve ter no máximo 200 caracteres.',
  questionsRequired: 'Adicione ao menos uma pergunta.',
  questionRequired: 'Informe o texto de cada pergunta.',
  optionsMin: 'Cada pergunta precisa de ao menos 2 opções.',
  optionRequired: 'Preencha o texto de todas as opções.',
  optionRepeated: 'As opções de uma pergunta devem ser diferentes.',
  linkInvalid: 'Informe o link do formulário externo (http ou https).',
  imageInvalid: 'Envie a imagem pelo botão de upload.',
  imageTooLarge: 'A imagem deve ter no máximo 2 MB.',
  companyNotFound: 'Empresa não encontrada.',
  answerAll: 'Responda todas as perguntas.',
  invalidChoice: 'Escolha uma das opções da pergunta.',
  othersRequired: "Descreva sua resposta em 'Outros'.",
} as const;

export type TSurveyType = 'questions' | 'external_form';

export const SURVEY_TYPE_LABEL: Record<TSurveyType, string> = {
  questions: 'Perguntas',
  external_form: 'Formulário externo',
};

/** The choice that stands for the 'Outros' free text of a question that allows it. */
export const SURVEY_OTHERS_CHOICE = 'others';

/** Spec 3 §9: the survey table shows 50 per page. */
export const SURVEYS_PER_PAGE = 50;

export const SURVEY_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Spec 3 §5: only jpg, jpeg and png images. */
export const SURVEY_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

/** Where an uploaded survey image is served (the only image address a survey may hold). */
export const SURVEY_IMAGE_PATH = '/api/survey-images/';
