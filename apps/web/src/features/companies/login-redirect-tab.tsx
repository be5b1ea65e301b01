import { Alert, Button, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  LOGIN_REDIRECT_MSG,
  REDIRECT_URL_MAX,
  type TLoginRedirect,
  ZLoginRedirect,
  ZLoginRedirectInput,
} from '@prosa/shared/login-redirect';
import { z } from '@prosa/shared/zod';
import { IconAlertCircle, IconArrowForwardUp } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { zodValidate } from '../../lib/zod-form';
import { SaveBar } from './save-bar';

type Values = { redirect_url: string };
const key = (companyId: number) => ['companies', 'login-redirect', companyId] as const;
const path = (companyId: number) => `/api/companies/${companyId}/login-redirect`;

function useLoginRedirect(companyId: number) {
  return useQuery({
    queryKey: key(companyId),
    queryFn: () => apiRequest(path(companyId), { schema: ZLoginRedirect }),
  });
}

function useSaveLoginRedirect(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (redirect_url: string | null) =>
      apiRequest(path(companyId), {
        method: 'PUT',
        body: { redirect_url },
        schema: ZLoginRedirect.extend({ message: z.string() }),
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      queryClient.setQueryData<TLoginRedirect>(key(companyId), { redirect_url: result.redirect_url });
    },
    onError: (error) => toast.apiError(error),
  });
}

/** Redirecionamento (spec 2 §4 Login): the company's new product URL, where its users are sent at login. */
export function LoginRedirectTab({ companyId }: { companyId: number }) {
  const current = useLoginRedirect(companyId);
  const save = useSaveLoginRedirect(companyId);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { redirect_url: '' },
    validate: zodValidate<Values>(ZLoginRedirectInput, (v) => ({ redirect_url: v.redirect_url })),
  });
  const saved = current.data?.redirect_url ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form follows the server, not itself
  useEffect(() => {
    if (current.data) form.setValues({ redirect_url: current.data.redirect_url ?? '' });
  }, [current.data]);

  if (current.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={LOGIN_REDIRECT_MSG.loadError}>
        {errorMessage(current.error, LOGIN_REDIRECT_MSG.loadError)}
      </Alert>
    );
  }
  if (current.isPending) return <Skeleton height={160} maw={560} />;
  return (
    <form noValidate onSubmit={form.onSubmit((v) => save.mutate(v.redirect_url.trim() || null))}>
      <Stack gap="md" maw={560}>
        <Text size="sm" c="dimmed">
          Quando a empresa passa a usar o produto em outro endereço, informe-o aqui: ao entrar, operadores e
          gestores desta empresa são levados ao novo endereço, sem abrir sessão neste. Administradores
          continuam entrando aqui, para poder desfazer.
        </Text>
        {saved ? (
          <Alert color="yellow" icon={<IconArrowForwardUp />} title="Redirecionamento ativo">
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              O login desta empresa leva a {saved}
            </Text>
          </Alert>
        ) : null}
        <TextInput
          label="Novo endereço do produto"
          description="Somente https. Deixe em branco para não redirecionar."
          placeholder="https://novo.exemplo.com.br"
          maxLength={REDIRECT_URL_MAX}
          {...form.getInputProps('redirect_url')}
        />
        <SaveBar saving={save.isPending}>
          {saved ? (
            <Button variant="default" color="red" onClick={() => save.mutate(null)} disabled={save.isPending}>
              Remover redirecionamento
            </Button>
          ) : null}
        </SaveBar>
      </Stack>
    </form>
  );
}
