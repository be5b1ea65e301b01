import { NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconBook2, IconRobot } from '@tabler/icons-react';
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

const CHATBOTS = ['allow.chatbots', 'allow.allowTransferToAuto'] as const;

/**
 * Chatbots (settings tab 9): the company switch that also lets statuses be used by bots. The chatbot's return
 * message (chatbot_message_return) comes with the chatbots themselves.
 */
export function ChatbotsTab() {
  const form = useMetadataForm(CHATBOTS);
  return (
    <MetadataTabCard
      id="chatbots-title"
      title="Chatbots"
      icon={tabIcon(IconRobot)}
      description="Fluxos automáticos de atendimento. Com chatbots permitidos, os status podem ser usados pelos bots."
      form={form}
    >
      <MetaSwitch form={form} path="allow.chatbots" label="Permitir chatbots" />
      <MetaSwitch
        form={form}
        path="allow.allowTransferToAuto"
        label="Permitir transferir atendimentos para o chatbot"
        description="Os operadores podem devolver um atendimento ao fluxo de chatbot vinculado ao canal."
      />
    </MetadataTabCard>
  );
}

export { MetaNumber };
