import {
  Alert,
  Button,
  Group,
  Loader,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { OWN_PROFILE_MSG, type TOwnProfile, ZOwnProfileInput } from '@prosa/shared/account-profile';
import { MSG } from '@prosa/shared/messages';
import { GENDER_LABEL, USER_MSG } from '@prosa/shared/users-admin';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { zodValidate } from '../../lib/zod-form';
import { profileApi } from './api';

const GENDERS = Object.entries(GENDER_LABEL).map(([value, label]) => ({ value, label }));
const OWN_PROFILE_KEY = ['account', 'profile'] as const;

type Values = {
  name: string;
  display_name: string;
  email: string;
  gender: string | null;
  current_password: string;
};

/** The user's own data (spec 1 §2 Account), with the admin user form's rules and texts. */
export function ProfileForm() {
  const profile = useQuery({ queryKey: OWN_PROFILE_KEY, queryFn: profileApi.ownProfile });
  if (profile.isPending) return <Loader size="sm" aria-label="Carregando seus dados" />;
  if (profile.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={OWN_PROFILE_MSG.loadError}>
        {errorMessage(profile.error, 'Tente novamente em instantes.')}
      </Alert>
    );
  return <ProfileFields key={profile.data.email} profile={profile.data} />;
}

function ProfileFields({ profile }: { profile: TOwnProfile }) {
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { ...profile, current_password: '' },
    validate: zodValidate(ZOwnProfileInput),
  });
  const emailChanged = form.values.email.trim().toLowerCase() !== profile.email.toLowerCase();
  const save = useMutation({
    mutationFn: (v: Values) =>
      profileApi.saveOwnProfile({ ...v, current_password: emailChanged ? v.current_password : undefined }),
    onSuccess: (result) => {
      toast.success(result.message);
      queryClient.setQueryData(OWN_PROFILE_KEY, result.profile);
      form.setValues({ ...result.profile, current_password: '' });
      form.resetDirty();
      // The header and every screen read the session: they show the new name at once.
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    },
    onError: (error) => {
      const message = errorMessage(error, 'Erro ao salvar seus dados.');
      if (error instanceof ApiError && message === USER_MSG.emailTaken) form.setFieldError('email', message);
      else if (message === OWN_PROFILE_MSG.passwordForEmail || message === MSG.currentPasswordWrong)
        form.setFieldError('current_password', message);
      toast.error(message);
    },
  });

  return (
    <form noValidate onSubmit={form.onSubmit((v) => save.mutate(v))} aria-label="Meus dados">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Nome" required autoComplete="name" {...form.getInputProps('name')} />
          <TextInput
            label="Nome de exibição"
            description="Vazio usa o nome."
            inputWrapperOrder={['label', 'input', 'error', 'description']}
            {...form.getInputProps('display_name')}
          />
          <TextInput
            label="E-mail"
            required
            type="email"
            autoComplete="email"
            {...form.getInputProps('email')}
          />
          <Select
            label="Gênero"
            required
            data={GENDERS}
            allowDeselect={false}
            {...form.getInputProps('gender')}
          />
        </SimpleGrid>
        {emailChanged && (
          <PasswordInput
            label="Senha atual"
            description="O e-mail é o seu acesso ao Prosa: confirme com a sua senha."
            autoComplete="current-password"
            inputWrapperOrder={['label', 'input', 'error', 'description']}
            {...form.getInputProps('current_password')}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            Salvar dados
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
