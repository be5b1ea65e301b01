import { Group, Image, Text } from '@mantine/core';
import type { TBrand } from '@prosa/shared/brand';
import { useDocumentBrand } from '../lib/document-brand';
import { BrandLogo } from './brand-logo';

/**
 * A company's white-label where the product's logo would be: its logo and its title; the product's logo when
 * it has neither. Also puts them in the browser tab (title and favicon).
 */
export function CompanyBrand({ brand, size = 'md' }: { brand: TBrand | undefined; size?: 'md' | 'lg' }) {
  useDocumentBrand(brand);
  const large = size === 'lg';
  const title = brand?.title.trim() ?? '';
  const logo = brand?.logo ?? null;
  if (!title && !logo) return <BrandLogo size={size} />;
  return (
    <Group gap={large ? 10 : 8} wrap="nowrap" data-testid="company-brand" miw={0}>
      {logo ? (
        <Image
          src={logo}
          alt={title ? `Logo de ${title}` : 'Logo da empresa'}
          h={large ? 48 : 36}
          w="auto"
          maw={large ? 240 : 160}
          fit="contain"
        />
      ) : null}
      {title ? (
        <Text component="span" fw={700} fz={large ? 24 : 18} lh={1.1} c="prosa.9" truncate maw={280}>
          {title}
        </Text>
      ) : null}
    </Group>
  );
}
