import { Alert, Anchor, MultiSelect, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  CHATBOT_CHANNEL_LABEL,
  CHATBOT_CHANNEL_TYPES,
  type TFlowIssue,
  type TFlowOptions,
  type TLinkedChannel,
} from '@prosa/shared/chatbot';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';

export type TFlowMeta = {
  name: string;
  description: string;
  active: boolean;
  linkedChannels: TLinkedChannel[];
};

type Props = {
  flowId: number | null;
  meta: TFlowMeta;
  nameError: string | null;
  onChange: (patch: Partial<TFlowMeta>) => void;
  options: TFlowOptions | undefined;
  optionsError: boolean;
  issues: TFlowIssue[];
  onPickIssue: (issue: TFlowIssue) => void;
};

export const channelKey = (c: Pick<TLinkedChannel, 'channel_type' | 'channel_id'>) =>
  `${c.channel_type}:${c.channel_id}`;

/** The flow's own fields (name, description, active, linked channels) and the checks of the drawing. */
export function FlowSettingsPanel(props: Props) {
  const { meta, options } = props;
  const channels = options?.channels ?? [];
  const data = CHATBOT_CHANNEL_TYPES.map((type) => ({
    group: CHATBOT_CHANNEL_LABEL[type],
    items: channels
      .filter((c) => c.channel_type === type)
      .map((c) => ({ value: channelKey(c), label: c.name })),
  })).filter((g) => g.items.length > 0);
  const value = meta.linkedChannels.map(channelKey);
  // A channel answered by another flow moves to this one on save (at most one flow per channel).
  const moving = channels.filter(
    (c) => value.includes(channelKey(c)) && c.flow_id !== null && c.flow_id !== props.flowId,
  );
  const errors = props.issues.filter((i) => i.level === 'error');
  const warnings = props.issues.filter((i) => i.level === 'warning');

  return (
    <Stack gap="sm">
      <Title order={4}>Fluxo</Title>
      <TextInput
        label="Nome"
        withAsterisk
        maxLength={120}
        value={meta.name}
        error={props.nameError}
        onChange={(e) => props.onChange({ name: e.currentTarget.value })}
      />
      <Textarea
        label="Descrição"
        autosize
        minRows={2}
        maxRows={4}
        maxLength={500}
        value={meta.description}
        onChange={(e) => props.onChange({ description: e.currentTarget.value })}
      />
      <Switch
        label="Fluxo ativo"
        description="Ativo, o fluxo atende os novos atendimentos dos canais vinculados."
        checked={meta.active}
        onChange={(e) => props.onChange({ active: e.currentTarget.checked })}
      />
      <MultiSelect
        label="Canais vinculados"
        description="Cada canal é atendido por um único fluxo."
        placeholder={value.length ? undefined : 'Selecione os canais'}
        data={data}
        value={value}
        searchable
        clearable
        nothingFoundMessage={props.optionsError ? 'Erro ao carregar os canais' : 'Nenhum canal encontrado'}
        onChange={(keys) =>
          props.onChange({
            linkedChannels: keys.flatMap((k) => {
              const c = channels.find((x) => channelKey(x) === k);
              return c ? [{ channel_type: c.channel_type, channel_id: c.channel_id }] : [];
            }),
          })
        }
      />
      {moving.map((c) => (
        <Text key={channelKey(c)} size="xs" c="orange.8">
          {c.name} está vinculado ao fluxo “{c.flow_name}” e passará para este ao salvar.
        </Text>
      ))}
      <Text size="xs" c="dimmed">
        Para ligar dois nós, arraste de uma saída (à direita do nó) até outro nó. Clique em um nó para
        editá-lo; selecione um nó ou uma ligação e tecle Delete para excluí-lo.
      </Text>
      <Title order={5} mt="sm">
        Verificação do fluxo
      </Title>
      {props.issues.length === 0 ? (
        <Text size="sm" c="teal.8" component="div">
          <IconCircleCheck size={16} style={{ verticalAlign: 'text-bottom' }} /> Nenhum problema encontrado.
        </Text>
      ) : (
        <Stack gap={6}>
          {errors.length ? (
            <Alert
              color="red"
              p="xs"
              icon={<IconAlertTriangle size={16} />}
              title={`${errors.length} erro(s)`}
            >
              <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {errors.map((i) => (
                  <li key={`${i.nodeId ?? i.edgeId ?? ''}${i.message}`}>
                    <IssueLine issue={i} onPick={props.onPickIssue} />
                  </li>
                ))}
              </Stack>
            </Alert>
          ) : null}
          {warnings.map((i) => (
            <IssueLine key={`${i.nodeId ?? ''}${i.message}`} issue={i} onPick={props.onPickIssue} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function IssueLine({ issue, onPick }: { issue: TFlowIssue; onPick: (i: TFlowIssue) => void }) {
  const color = issue.level === 'error' ? 'red.8' : 'orange.8';
  return issue.nodeId ? (
    <Anchor component="button" type="button" size="xs" c={color} ta="left" onClick={() => onPick(issue)}>
      {issue.message}
    </Anchor>
  ) : (
    <Text size="xs" c={color}>
      {issue.message}
    </Text>
  );
}
