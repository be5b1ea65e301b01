import { Box, Card, Center, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePublicBrand } from '../features/companies/brand-api';
import { CompanyBrand } from './company-brand';

/** The centred card of the screens outside the logged-in area (login, password reset). */
export function AuthLayout({ children }: { children: ReactNode }) {
  // The company of this address (?empresa= or its domain) shows its title and login logo.
  const brand = usePublicBrand();
  return (
    <Box
      mih="100dvh"
      style={{
        background:
          'radial-gradient(circle at 20% 0%, var(--mantine-color-prosa-0), transparent 55%), var(--mantine-color-gray-0)',
      }}
    >
      <Center mih="100dvh" p="md">
        <Stack w="100%" maw={420} gap="lg" align="stretch">
          <Center>
            <CompanyBrand brand={brand.data} size="lg" />
          </Center>
          <Card component="main" shadow="md" padding="xl">
            {children}
          </Card>
          <Text ta="center" size="xs" c="dimmed">
            Prosa · atendimento omnichannel
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
