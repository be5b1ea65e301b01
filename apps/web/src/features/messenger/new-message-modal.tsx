import {
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { MESSENGER_MSG } from '@prosa/shared/messenger';
import { useState } from 'react';
import { useMessengerManagers, useMessengerOperators, useSendMessage, useSendToManager } from './api';

/** A manager's new message: to every operator or to the chosen ones, optionally asking for an answer. */
export function NewMessageModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const operators = useMessengerOperators(opened);
  const send = useSendMessage();
  const [sendTo, setSendTo] = useState<'all' | 'specific'>('specific');
  const [chosen, setChosen] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [needAnswer, setNeedAnswer] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reset = () => {
    setSendTo('specific');
    setChosen([]);
    setMessage('');
    setNeedAnswer(false);
    setError(null);
  };
  const submit = () => {
    if (!message.trim() || (sendTo === 'specific' && chosen.length === 0))
      return setError(MESSENGER_MSG.required);
    setError(null);
    send.mutate(
      { send_to: sendTo, operator_ids: chosen.map(Number), message: message.trim(), need_answer: needAnswer },
      {
        onSuccess: () => {
          reset();
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Nova mensagem" size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <SegmentedControl
            value={sendTo}
            onChange={(v) => setSendTo(v as 'all' | 'specific')}
            data={[
              { value: 'specific', label: 'Operadores escolhidos' },
              { value: 'all', label: 'Todos os operadores' },
            ]}
          />
          {sendTo === 'specific' ? (
            <MultiSelect
              label="Operadores"
              placeholder="Escolha os operadores"
              searchable
              data={(operators.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
              value={chosen}
              onChange={setChosen}
              error={operators.isError ? MESSENGER_MSG.operatorsError : undefined}
            />
          ) : null}
          <Textarea
            label="Mensagem"
            autosize
            minRows={3}
            maxLength={4000}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          <Checkbox
            label="Precisa de resposta"
            checked={needAnswer}
            onChange={(e) => setNeedAnswer(e.currentTarget.checked)}
          />
          {error ? (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={send.isPending}>
              Enviar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** An operator's new message: to one manager of the company. */
export function OperatorMessageModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const managers = useMessengerManagers(opened);
  const send = useSendToManager();
  const [managerId, setManagerId] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!message.trim() || !managerId) return setError(MESSENGER_MSG.required);
    setError(null);
    send.mutate(
      { manager_id: Number(managerId), message: message.trim() },
      {
        onSuccess: () => {
          setManagerId(null);
          setMessage('');
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Nova mensagem" size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Select
            label="Gestor"
            placeholder="Escolha o gestor"
            searchable
            data={(managers.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
            value={managerId}
            onChange={setManagerId}
            nothingFoundMessage="Nenhum gestor encontrado."
            error={managers.isError ? MESSENGER_MSG.managersError : undefined}
          />
          <Textarea
            label="Mensagem"
            autosize
            minRows={3}
            maxLength={4000}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          {error ? (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={send.isPending}>
              Enviar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
