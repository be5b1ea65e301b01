import { Alert, Button, Card, Group, Stack, Switch, Text } from '@mantine/core';
import { META_MSG } from '@prosa/shared/company-metadata';
import { IconAlertCircle, type IconSettings } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { CardTitle } from '../account/card-title';
import { TabSkeleton } from './tab-state';
import type { TMetadataForm } from './use-company-metadata';

type TIcon = typeof IconSettings;

type Props = {
  id: string;
  title: string;
  icon: ReactNode;
  description: ReactNode;
  form: TMetadataForm;
  children: ReactNode;
};

/**
 * One settings tab backed by the company metadata: loading placeholder, the spec's load error, the fields and
 * "Salvar" (grey until something changes).
 */
export function MetadataTabCard({ id, title, icon, description, form, children }: Props) {
  if (form.query.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={META_MSG.loadError}>
        Tente novamente em instantes.
      </Alert>
    );
  if (!form.query.data) return <TabSkeleton heights={[260]} />;
  return (
    <Card component="section" aria-labelledby={id}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.submit();
        }}
      >
        <Stack gap="md">
          <CardTitle id={id} icon={icon}>
            {title}
          </CardTitle>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
          {children}
          <Group justify="flex-end">
            <Button type="submit" loading={form.saving} disabled={!form.dirty}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** A switch bound to a boolean of the metadata. */
export function MetaSwitch(props: {
  form: TMetadataForm;
  path: string;
  label: string;
  description?: string;
}) {
  const { form, path } = props;
  return (
    <Switch
      label={props.label}
      description={props.description}
      checked={form.values[path] === true}
      onChange={(e) => form.setValue(path, e.currentTarget.checked)}
      error={form.errors[path]}
    />
  );
}

export const tabIcon = (Icon: TIcon) => <Icon size={22} color="var(--mantine-color-prosa-7)" aria-hidden />;
