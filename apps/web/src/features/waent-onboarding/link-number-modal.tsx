import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  CODE_METHOD_LABEL,
  CODE_METHODS,
  type TCodeMethod,
  WAENT_ONB_MSG,
} from '@prosa/shared/waent-onboarding-texts';
import { IconCircleCheck, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useConfirmCode, useNumberState, useRequestCode } from './api';
import { formatPhone } from './format';

type Target = { id: number; name: string };

/** "Vincular número": the code by SMS or voice, then the code and the PIN confirmed (spec 2 §4). */
export function LinkNumberModal({ target, onClose }: { target: Target | null; onClose: () => void }) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={`Vincular número — ${target?.name ?? ''}`}
      size="md"
    >
      {target ? <LinkNumberFlow key={target.id} target={target} /> : null}
    </Modal>
  );
}

function LinkNumberFlow({ target }: { target: Target }) {
  const state = useNumberState(target.id);
  const request = useRequestCode();
  const confirm = useConfirmCode();
  const [method, setMethod] = useState<TCodeMethod>('SMS');
  const [requested, setRequested] = useState(false);
  const [code, setCode] = useState('');
  const [pin, setPin] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  if (state.isPending) return <Loader size="sm" aria-label="Carregando" />;
  if (state.isError)
    return (
      <Alert color="red" title={WAENT_ONB_MSG.linkError}>
        {errorMessage(state.error, 'Tente novamente em instantes.')}
      </Alert>
    );
  const s = state.data;

  const ask = () =>
    request.mutate(
      { channel: target.id, requestMethod: method },
      {
        onSuccess: (r) => {
          setRequested(true);
          toast.success(r.message);
        },
        onError: (e) => toast.apiError(e, WAENT_ONB_MSG.linkError),
      },
    );
  const submit = () => {
    if (!code.trim()) return setCodeError(WAENT_ONB_MSG.codeRequired);
    setCodeError(null);
    confirm.mutate(
      { channel: target.id, code: code.trim(), pin: pin.trim() },
      {
        onSuccess: () => toast.success(WAENT_ONB_MSG.linked),
        onError: (e) => setCodeError(errorMessage(e, WAENT_ONB_MSG.linkError) ?? WAENT_ONB_MSG.linkError),
      },
    );
  };

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text size="sm">Situação:</Text>
        {s.link_with_phonenumber ? (
          <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={12} />}>
            Número vinculado
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            Não vinculado
          </Badge>
        )}
        {s.migrated_channel ? (
          <Badge color="blue" variant="light">
            Migrado
          </Badge>
        ) : null}
      </Group>
      {s.meta_url ? (
        <Anchor href={s.meta_url} target="_blank" rel="noopener noreferrer" size="sm">
          <Group gap={4}>
            <IconExternalLink size={14} /> Gerenciar número na Meta
          </Group>
        </Anchor>
      ) : null}
      {s.link_with_phonenumber ? (
        <Alert color="teal" icon={<IconCircleCheck />}>
          O número {s.phone_number ? formatPhone(s.phone_number) : s.phone_number_id} está vinculado e pronto
          para atender.
        </Alert>
      ) : (
        <>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="code-method-label">
              Receber o código por
            </Text>
            <SegmentedControl
              aria-labelledby="code-method-label"
              value={method}
              onChange={(v) => setMethod(v as TCodeMethod)}
              data={CODE_METHODS.map((m) => ({ value: m, label: CODE_METHOD_LABEL[m] }))}
            />
          </Stack>
          <Group justify="flex-end">
            <Button variant={requested ? 'default' : 'filled'} loading={request.isPending} onClick={ask}>
              {requested ? 'Solicitar novamente' : 'Solicitar código'}
            </Button>
          </Group>
          {requested || s.code_requested_at ? (
            <>
              <TextInput
                label="Código recebido"
                inputMode="numeric"
                maxLength={12}
                value={code}
                onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
                error={codeError}
              />
              <TextInput
                label="PIN de confirmação em duas etapas"
                description="6 dígitos que protegem o registro do número na Meta."
                inputMode="numeric"
                maxLength={6}
                value={pin}
                onChange={(e) => setPin(e.currentTarget.value.replace(/\D/g, ''))}
              />
              <Group justify="flex-end">
                <Button loading={confirm.isPending} onClick={submit}>
                  Confirmar
                </Button>
              </Group>
            </>
          ) : null}
        </>
      )}
    </Stack>
  );
}
