import { Alert, Button, Card, Group, Loader, Stack, Stepper } from '@mantine/core';
import { GENERIC_CHANNEL_PATH, genericKindOf } from '@prosa/shared/generic-channels';
import { NEWCHAT_MSG } from '@prosa/shared/newchat';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useSectors } from '../sectors/api';
import { useStatuses } from '../statuses/api';
import { useNewchat, useSaveNewchat } from './api';
import { StepConfigure } from './step-configure';
import { StepPersonalize } from './step-personalize';
import { StepPublish } from './step-publish';
import { StepQueue, StepTerms } from './step-queue-terms';
import {
  emptyValues,
  LAST_STEP,
  parseStep,
  problemUpTo,
  STEPS,
  type TWizardValues,
  valuesOf,
} from './wizard-state';

/** main.newchat-edit?id=&typeId=2&step=: configure → personalize → queue message → terms of use → publish. */
export function NewchatWizardPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const idParam = Number(params.get('id'));
  const id = Number.isInteger(idParam) && idParam > 0 ? idParam : null;
  const typeId = Number(params.get('typeId') ?? '2');
  const step = parseStep(params.get('step'));
  const wrongType = Number.isFinite(typeId) && genericKindOf(typeId) !== 'nc';
  const loaded = useNewchat(wrongType ? null : id);
  const sectors = useSectors();
  const statuses = useStatuses();
  const save = useSaveNewchat();
  const [values, setValues] = useState<TWizardValues | null>(id === null ? emptyValues() : null);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);

  // Another type's id (Telegram) opened here: say so and go back to the list (spec 2 §8).
  const loadMessage = loaded.isError ? errorMessage(loaded.error) : undefined;
  useEffect(() => {
    if (wrongType || loadMessage === NEWCHAT_MSG.wrongType) {
      toast.error(NEWCHAT_MSG.wrongType);
      navigate(GENERIC_CHANNEL_PATH.nc, { replace: true });
    }
  }, [wrongType, loadMessage, navigate]);
  useEffect(() => {
    if (loaded.data && values === null) setValues(valuesOf(loaded.data));
  }, [loaded.data, values]);

  const goTo = (next: number, savedId = id) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (savedId !== null) q.set('id', String(savedId));
        q.set('typeId', '2');
        q.set('step', String(next));
        return q;
      },
      { replace: false },
    );

  const saveAndGo = (next: number) => {
    if (!values) return;
    const problem = problemUpTo(step, values);
    if (problem) {
      setError(problem);
      toast.warning(NEWCHAT_MSG.invalidFields);
      if (problem.step !== step) goTo(problem.step);
      return;
    }
    setError(null);
    save.mutate(
      { id, body: values },
      {
        onSuccess: (saved) => {
          if (id === null) toast.success(NEWCHAT_MSG.saved);
          setValues(valuesOf(saved));
          goTo(next, saved.id);
        },
      },
    );
  };

  const body = (() => {
    if (loaded.isError && loadMessage !== NEWCHAT_MSG.wrongType)
      return (
        <Alert color="red" icon={<IconAlertCircle />} title="Erro ao carregar os canais">
          {loadMessage ?? 'Tente novamente em instantes.'}
        </Alert>
      );
    if (!values)
      return (
        <Group justify="center" p="xl">
          <Loader aria-label="Carregando" />
        </Group>
      );
    const change = (next: TWizardValues) => {
      setValues(next);
      if (error) setError(null);
    };
    const props = { values, onChange: change, error };
    if (step === 1)
      return <StepConfigure {...props} sectors={sectors.data ?? []} statuses={statuses.data ?? []} />;
    if (step === 2) return <StepPersonalize {...props} channelId={id} />;
    if (step === 3) return <StepQueue {...props} />;
    if (step === 4) return <StepTerms {...props} channelId={id} />;
    return <StepPublish code={loaded.data?.code ?? null} name={values.name} />;
  })();

  return (
    <Stack gap="lg">
      <PageHeader title={id === null ? 'Novo NewChat' : 'Editar NewChat'} />
      <Stepper
        active={step === LAST_STEP ? LAST_STEP : step - 1}
        onStepClick={(i) => (id !== null ? goTo(i + 1) : undefined)}
        allowNextStepsSelect={id !== null}
        size="sm"
      >
        {STEPS.map((label) => (
          <Stepper.Step key={label} label={label} />
        ))}
      </Stepper>
      <Card withBorder padding="lg">
        {body}
      </Card>
      <Group justify="space-between">
        <Button
          variant="default"
          onClick={() => (step > 1 ? goTo(step - 1) : navigate(GENERIC_CHANNEL_PATH.nc))}
        >
          {step > 1 ? 'Voltar' : 'Cancelar'}
        </Button>
        {step < LAST_STEP ? (
          <Button onClick={() => saveAndGo(step + 1)} loading={save.isPending} disabled={!values}>
            {step === LAST_STEP - 1 ? 'Salvar e publicar' : 'Salvar e continuar'}
          </Button>
        ) : (
          <Button onClick={() => navigate(GENERIC_CHANNEL_PATH.nc)}>Concluir</Button>
        )}
      </Group>
    </Stack>
  );
}
