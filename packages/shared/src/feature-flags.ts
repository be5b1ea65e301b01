// Feature flags by type (spec 1 §6, spec 2 §6–§7, spec 3 §7; issue 24): nine per-company switches the platform
// owner (role 1000) reads and toggles by type. Each lives in the company metadata `allow` object under its key,
// so the menu `flag` gating, the company features endpoint and the settings tabs read them as before.
// No zod here: the chat's first load (message bubbles: display_midia) reads this table.
import { CRM_FLAG } from './crm-texts';
import { MESSENGER_FLAG } from './messenger-constants';

export const FEATURE_FLAG_TYPES = [
  'sms_campaign',
  'cosmos_crm',
  'display_midia',
  'dist_v2',
  'internal_messenger',
  'mfa_active',
  'closed_bucket',
  'encrypted_message',
  'send_username',
] as const;
export type TFeatureFlagType = (typeof FEATURE_FLAG_TYPES)[number];

export type TFeatureFlagDef = {
  /** The key in the company metadata `allow` object. */
  key: string;
  /** When the company never set it: today's behaviour. */
  default: boolean;
  label: string;
  /** What the flag gates, shown on the screen. */
  description: string;
};

export const FEATURE_FLAGS: Record<TFeatureFlagType, TFeatureFlagDef> = {
  sms_campaign: {
    key: 'sms_campaign',
    default: true,
    label: 'Campanhas de SMS',
    description: 'Permite criar e enviar campanhas pelo tipo SMS.',
  },
  cosmos_crm: {
    key: CRM_FLAG,
    default: false,
    label: 'CRM (Oportunidades)',
    description: 'Mostra o CRM de oportunidades no menu e no chat.',
  },
  display_midia: {
    key: 'display_midia',
    default: true,
    label: 'Exibir mídia no chat',
    description: 'Imagens, vídeos e áudios aparecem dentro das mensagens; desligado, só um link para abrir.',
  },
  dist_v2: {
    key: 'dist_v2',
    default: true,
    label: 'Nova distribuição automática',
    description: 'Libera a configuração da distribuição automática e os ciclos que atribuem atendimentos.',
  },
  internal_messenger: {
    key: MESSENGER_FLAG,
    default: false,
    label: 'Mensageiro interno',
    description: 'Mensagens internas entre gestores e operadores.',
  },
  mfa_active: {
    key: 'mfa_active',
    default: true,
    label: 'Verificação em duas etapas (MFA)',
    description:
      'Permite que a empresa exija o código de verificação no login; desligado, o login não pede código.',
  },
  closed_bucket: {
    key: 'closed_bucket',
    default: false,
    label: 'Anexos restritos após finalização',
    description:
      'Anexos de atendimentos finalizados só abrem para usuários da empresa com sessão ativa; links públicos deixam de funcionar.',
  },
  encrypted_message: {
    key: 'encrypted_message',
    default: false,
    label: 'Anexos criptografados',
    description: 'Novos anexos enviados pelos operadores são gravados criptografados (AES-256-GCM).',
  },
  send_username: {
    key: 'send_username',
    default: false,
    label: 'Enviar nome do operador',
    description:
      'As mensagens de texto dos operadores saem com o nome do operador em negrito na primeira linha.',
  },
};

export const FEATURE_FLAG_MSG = {
  unknownType: 'Tipo de recurso desconhecido.',
  companyNotFound: 'Empresa não encontrada.',
  companyInvalid: 'Informe uma empresa válida.',
  toggled: (label: string, active: boolean) => `${label} ${active ? 'ativado' : 'desativado'}.`,
  distDisabled: 'Não foi possível acessar este recurso.',
  closedBucket: 'Este anexo só pode ser aberto por usuários da empresa.',
  mfaDisabled: 'A verificação em duas etapas foi desativada pela plataforma para esta empresa.',
} as const;

/** The `allow` keys only the platform owner changes (the two older flags keep their own settings tabs). */
export const PLATFORM_ONLY_KEYS: readonly string[] = FEATURE_FLAG_TYPES.filter(
  (t) => t !== 'cosmos_crm' && t !== 'internal_messenger',
).map((t) => FEATURE_FLAGS[t].key);

export function isFeatureFlagType(type: string): type is TFeatureFlagType {
  return (FEATURE_FLAG_TYPES as readonly string[]).includes(type);
}

/** Whether a flag is on for a company's `allow` object (stored or as the features endpoint answers it). */
export function featureFlagActive(
  type: TFeatureFlagType,
  allow: Readonly<Record<string, unknown>> | null | undefined,
): boolean {
  const def = FEATURE_FLAGS[type];
  const value = allow?.[def.key];
  return typeof value === 'boolean' ? value : def.default;
}

/** The prefix `send_username` puts on an operator's text (WhatsApp-style bold). */
export function withSenderName(name: string, text: string): string {
  const clean = name.replace(/[*\r\n]/g, '').trim();
  return clean ? `*${clean}:*\n${text}` : text;
}
