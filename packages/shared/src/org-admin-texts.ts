// Sector and status constants and texts without zod: the chat's first load reads them; org-admin.ts
// re-exports them.
import { channelLabel } from './channels';

/** Special sector ids (spec 2 §9): never real sectors, only choices in sector pickers. */
export const SECTOR_DEFAULT_ID = 0;
export const SECTOR_IGNORE_ID = -1;
export const SPECIAL_SECTORS = [
  { id: SECTOR_DEFAULT_ID, label: 'Padrão' },
  { id: SECTOR_IGNORE_ID, label: 'Ignorar' },
] as const;

export function isSpecialSectorId(id: number): boolean {
  return id === SECTOR_DEFAULT_ID || id === SECTOR_IGNORE_ID;
}

/** Status colour default (spec 2 §9), stored without '#'. */
export const STATUS_DEFAULT_COLOR = 'D2D2D2';
/** A classification status save or delete reloads the page after this delay (spec 2 §4, §9). */
export const STATUS_RELOAD_DELAY_MS = 3000;
export const STATUS_MESSAGE_MAX = 1000;
export const SECTOR_NAME_MAX = 80;
export const STATUS_NAME_MAX = 80;

export const ORG_MSG = {
  nameRequired: 'Nome é obrigatório',
  sectorDuplicate: 'Já existe um setor com este nome.',
  sectorNotFound: 'Setor não encontrado.',
  sectorHasOpenAttendances:
    'Não é possível excluir o setor: ainda há atendimentos abertos nele. Finalize ou transfira os atendimentos antes.',
  sectorIsLast: 'Não é possível excluir o último setor da empresa.',
  sectorUsedByChannel: (kind: string, name: string) =>
    `Não é possível excluir o setor: ele é o setor padrão do canal ${channelLabel(kind)} "${name}". Altere o canal antes.`,
  sectorCreated: 'Setor criado com sucesso!',
  sectorUpdated: 'Setor atualizado com sucesso!',
  sectorDeleted: 'Setor excluído com sucesso!',
  sectorConfirmDelete: (name: string) => `Excluir o setor ${name}?`,
  sectorsLoadError: 'Erro ao carregar setores.',
  orderSaved: 'Ordem dos setores salva com sucesso!',
  orderInvalid: 'A nova ordem deve conter cada setor da empresa uma única vez.',
  statusNotFound: 'Status não encontrado.',
  statusColorInvalid: 'Cor inválida.',
  statusSectorsRequired: 'Selecione ao menos um setor.',
  statusSectorInvalid: 'Setor inválido.',
  statusMessageTooLong: `A mensagem deve ter no máximo ${STATUS_MESSAGE_MAX} caracteres.`,
  statusChatbotsNotAllowed: 'A empresa não permite chatbots.',
  statusCreated: 'Status criado com sucesso!',
  statusUpdated: 'Status atualizado com sucesso!',
  statusDeleted: 'Status excluído com sucesso!',
  statusInUse: (where: string) =>
    `Não é possível excluir o status: ele é usado nas configurações (${where}).`,
  statusesLoadError: 'Erro ao carregar Status.',
  statusConfirmDelete: (name: string) => `Excluir o status ${name}?`,
  statusReloadNotice: 'A página será recarregada em instantes para aplicar o status de classificação.',
} as const;
