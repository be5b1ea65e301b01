import { NumberInput, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { AUTO_CHANGE_MAX_MINUTES, CAMPAIGN_ASSIGNMENT_MAX_HOURS } from '@prosa/shared/company-metadata';
import { IconBook2, IconClockPlay, IconRobot, IconSpeakerphone } from '@tabler/icons-react';
import { MetadataTabCard, MetaSwitch, tabIcon } from './metadata-tab-card';
import { type TMetadataForm, useMetadataForm } from './use-company-metadata';

/** A whole-number field; empty stays empty so the spec's message says what is expected. */
function MetaNumber(props: {
  form: TMetadataForm;
  path: string;
  label: string;
  description?: string;
  suffix?: string;
  empty?: null | '';
  fullWidth?: boolean;
}) {
  const { form, path } = props;
  const value = form.values[path];
  return (
    <NumberInput
      label={props.label}
      description={props.description}
      value={typeof value === 'number' ? value : ''}
      onChange={(v) => form.setValue(path, v === '' ? (props.empty ?? '') : v)}
      allowDecimal={false}
      allowNegative={false}
      suffix={props.suffix}
      error={form.errors[path]}
      w={props.fullWidth ? '100%' : { base: '100%', sm: 360 }}
    />
  );
}

const AUTO_CHANGE = ['change_auto.minutes'] as const;

/** Auto change (spec 3 §5): minutes, whole number from 0 to 44640 (31 days). */
export function AutoChangeTab() {
  const form = useMetadataForm(AUTO_CHANGE);
  return (
    <MetadataTabCard
      id="auto-change-title"
      title="Troca automática"
      icon={tabIcon(IconClockPlay)}
      description="Tempo, em minutos, para a troca automática. Use 0 para desligar."
      form={form}
    >
      <MetaNumber
        form={form}
        path="change_auto.minutes"
        label="Tempo para a troca automática (minutos)"
        description={`De 0 a ${AUTO_CHANGE_MAX_MINUTES} minutos (31 dias).`}
      />
    </MetadataTabCard>
  );
}

const CAMPAIGN = ['campaign_options.maxCampaignAssignmentTime'] as const;

/** Campaign options (spec 3 §5): maximum assignment time in hours, 0 to 120. */
export function CampaignOptionsTab() {
  const form = useMetadataForm(CAMPAIGN);
  return (
    <MetadataTabCard
      id="campaign-options-title"
      title="Opções de campanha"
      icon={tabIcon(IconSpeakerphone)}
      description="Por quanto tempo um atendimento aberto por campanha fica com o operador que a disparou."
      form={form}
    >
      <MetaNumber
        form={form}
        path="campaign_options.maxCampaignAssignmentTime"
        label="Tempo máximo de atribuição da campanha (horas)"
        description={`De 0 a ${CAMPAIGN_ASSIGNMENT_MAX_HOURS} horas.`}
      />
    </MetadataTabCard>
  );
}

const KNOWLEDGE = ['allow.knowledgebase', 'knowledgebase_scope'] as const;

/** Knowledge base: on/off and whether ready answers are shared by the company or kept per sector. */
export function KnowledgeBaseTab() {
  const form = useMetadataForm(KNOWLEDGE);
  return (
    <MetadataTabCard
      id="knowledge-base-title"
      title="Base de conhecimento"
      icon={tabIcon(IconBook2)}
      description="Perguntas e respostas prontas que os operadores inserem na conversa."
      form={form}
    >
      <MetaSwitch form={form} path="allow.knowledgebase" label="Ativar a base de conhecimento" />
      <Stack gap={6}>
        <Text size="sm" fw={500} id="knowledge-scope-label">
          Abrangência das respostas
        </Text>
        <SegmentedControl
          aria-labelledby="knowledge-scope-label"
          w={{ base: '100%', sm: 360 }}
          value={form.values.knowledgebase_scope === 'sector' ? 'sector' : 'company'}
          onChange={(v) => form.setValue('knowledgebase_scope', v)}
          data={[
            { value: 'company', label: 'Toda a empresa' },
            { value: 'sector', label: 'Por setor' },
          ]}
        />
      </Stack>
    </MetadataTabCard>
  );
}

const CHATBOTS = ['allow.chatbots', 'chatbot_message_return'] as const;

/** Chatbots (settings tab 9): the company switch that also lets statuses be used by bots. */
export function ChatbotsTab() {
  const form = useMetadataForm(CHATBOTS);
  const message = form.values.chatbot_message_return;
  return (
    <MetadataTabCard
      id="chatbots-title"
      title="Chatbots"
      icon={tabIcon(IconRobot)}
      description="Fluxos automáticos de atendimento. Com chatbots permitidos, os status podem ser usados pelos bots."
      form={form}
    >
      <MetaSwitch form={form} path="allow.chatbots" label="Permitir chatbots" />
      <Textarea
        label="Mensagem de retorno do chatbot"
        description="Enviada ao contato quando o atendimento volta do chatbot para a fila (opcional)."
        autosize
        minRows={2}
        maxLength={1000}
        value={typeof message === 'string' ? message : ''}
        onChange={(e) => form.setValue('chatbot_message_return', e.currentTarget.value)}
        error={form.errors.chatbot_message_return}
      />
    </MetadataTabCard>
  );
}

export { MetaNumber };
