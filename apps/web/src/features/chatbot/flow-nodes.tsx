import { Badge, Box, Group, Paper, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import {
  FLOW_NODE_LABEL,
  type TFlowIssue,
  type TFlowNodeType,
  type TFlowOptions,
} from '@prosa/shared/chatbot';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Handle, type NodeProps, type NodeTypes, Position } from '@xyflow/react';
import { createContext, memo, useContext } from 'react';
import type { TEditorNode } from './graph';
import { NODE_LOOK, nodeSummary, outHandles } from './node-look';

/** What every node on the canvas reads besides its own data: the issues found and the selects' names. */
export const FlowCanvasContext = createContext<{
  issues: Map<string, TFlowIssue[]>;
  options: TFlowOptions | undefined;
}>({ issues: new Map(), options: undefined });

const HANDLE_STYLE = { width: 12, height: 12, border: '2px solid white' } as const;

function FlowNodeView({ id, type, data, selected }: NodeProps<TEditorNode>) {
  const kind = type as TFlowNodeType;
  const { issues, options } = useContext(FlowCanvasContext);
  const look = NODE_LOOK[kind];
  const mine = issues.get(id) ?? [];
  const errors = mine.filter((i) => i.level === 'error');
  const handles = outHandles(kind, data);
  const summary = nodeSummary(kind, data, options);
  const single = handles.length === 1;
  const NodeIcon = look.icon;
  const border = errors.length
    ? 'var(--mantine-color-red-6)'
    : selected
      ? `var(--mantine-color-${look.color}-6)`
      : 'var(--mantine-color-gray-4)';

  return (
    <Paper
      w={240}
      radius="md"
      shadow={selected ? 'md' : 'xs'}
      data-testid={`flow-node-${id}`}
      aria-label={`${FLOW_NODE_LABEL[kind]} ${id}`}
      style={{ border: `2px solid ${border}`, position: 'relative' }}
    >
      {kind !== 'start' ? (
        <Handle
          type="target"
          position={Position.Left}
          style={{ ...HANDLE_STYLE, background: 'var(--mantine-color-gray-6)' }}
        />
      ) : null}
      <Group
        gap={8}
        px="sm"
        py={6}
        wrap="nowrap"
        bg={`${look.color}.0`}
        style={{ borderTopLeftRadius: 6, borderTopRightRadius: 6 }}
      >
        <ThemeIcon size={22} radius="sm" color={look.color} variant="filled">
          <NodeIcon size={14} />
        </ThemeIcon>
        <Text size="sm" fw={600} style={{ flex: 1 }}>
          {FLOW_NODE_LABEL[kind]}
        </Text>
        {errors.length ? (
          <Tooltip
            multiline
            w={260}
            withArrow
            label={errors.map((e) => e.message).join('\n')}
            style={{ whiteSpace: 'pre-line' }}
          >
            <Badge
              color="red"
              size="sm"
              variant="filled"
              leftSection={<IconAlertTriangle size={10} />}
              aria-label={`${errors.length} erro(s) neste nó`}
            >
              {errors.length}
            </Badge>
          </Tooltip>
        ) : (
          <Text size="10px" c="dimmed" ff="monospace">
            {id}
          </Text>
        )}
      </Group>
      <Box px="sm" py={6} pos="relative">
        <Text size="xs" c={summary ? undefined : 'dimmed'} lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
          {summary || 'Clique para configurar'}
        </Text>
        {single ? (
          <Handle
            type="source"
            id={handles[0]?.id}
            position={Position.Right}
            style={{ ...HANDLE_STYLE, background: `var(--mantine-color-${look.color}-6)` }}
          />
        ) : null}
      </Box>
      {!single && handles.length > 0 ? (
        <Stack gap={0} pb={4} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          {handles.map((h) => (
            <Box key={h.id} pos="relative" px="sm" py={3} data-handle={h.id}>
              <Text size="xs" ta="right" c="dark.4" truncate>
                {h.label}
              </Text>
              <Handle
                type="source"
                id={h.id}
                position={Position.Right}
                aria-label={`Saída ${h.label}`}
                style={{
                  ...HANDLE_STYLE,
                  background:
                    h.id === 'fallback' || h.id === 'false' || h.id === 'error'
                      ? 'var(--mantine-color-gray-6)'
                      : `var(--mantine-color-${look.color}-6)`,
                }}
              />
            </Box>
          ))}
        </Stack>
      ) : null}
    </Paper>
  );
}

const FlowNode = memo(FlowNodeView);

export const NODE_TYPES: NodeTypes = {
  start: FlowNode,
  message: FlowNode,
  menu: FlowNode,
  question: FlowNode,
  condition: FlowNode,
  http: FlowNode,
  transfer: FlowNode,
  finish: FlowNode,
};
