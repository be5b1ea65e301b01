import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { type Icon, IconPencil, IconTrash } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';

/** The icon buttons at the end of a table row, aligned to the right. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {children}
    </Group>
  );
}

type BaseProps = {
  /** What the tooltip says ("Editar"). */
  label: string;
  icon: Icon;
  iconSize?: number;
  color?: string;
  disabled?: boolean;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
};

/**
 * The accessible name is `${label} ${name}` ("Editar Comercial"), or a whole `ariaLabel` where it says more
 * than the tooltip ("Copiar X" for the tooltip "Copiar resposta").
 */
type RowActionProps = BaseProps & ({ name: string; ariaLabel?: never } | { ariaLabel: string; name?: never });

/** One row action: a subtle icon button with a tooltip and an accessible name that says which row. */
export function RowAction({
  label,
  name,
  ariaLabel,
  icon: ActionIconGlyph,
  iconSize = 18,
  ...props
}: RowActionProps) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        color={props.color}
        aria-label={ariaLabel ?? `${label} ${name}`}
        disabled={props.disabled}
        onClick={props.onClick}
      >
        <ActionIconGlyph size={iconSize} />
      </ActionIcon>
    </Tooltip>
  );
}

type ShortcutProps = Omit<BaseProps, 'label' | 'icon' | 'color'> & { name: string };

/** "Editar <name>" with a pencil. */
export function EditAction(props: ShortcutProps) {
  return <RowAction label="Editar" icon={IconPencil} {...props} />;
}

/** "Excluir <name>" with a red bin. */
export function DeleteAction(props: ShortcutProps) {
  return <RowAction label="Excluir" icon={IconTrash} color="red" {...props} />;
}
