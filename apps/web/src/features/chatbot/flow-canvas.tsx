import { Button, Group, Tooltip } from '@mantine/core';
import { FLOW_NODE_LABEL, type TFlowNodeType } from '@prosa/shared/chatbot';
import { IconPlus } from '@tabler/icons-react';
import {
  Background,
  type Connection,
  Controls,
  type EdgeChange,
  MarkerType,
  MiniMap,
  type NodeChange,
  ReactFlow,
  useReactFlow,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { DragEvent } from 'react';
import { NODE_TYPES } from './flow-nodes';
import { connectionProblem, type TEditorEdge, type TEditorNode } from './graph';
import { NODE_LOOK, PALETTE } from './node-look';

const ARIA = {
  'controls.ariaLabel': 'Controles do desenho',
  'controls.zoomIn.ariaLabel': 'Aproximar',
  'controls.zoomOut.ariaLabel': 'Afastar',
  'controls.fitView.ariaLabel': 'Ajustar à tela',
  'controls.interactive.ariaLabel': 'Travar ou destravar o desenho',
  'minimap.ariaLabel': 'Miniatura do fluxo',
  'handle.ariaLabel': 'Ponto de ligação',
  'node.a11yDescription.default':
    'Pressione Enter ou Espaço para selecionar o nó. Delete para excluí-lo. Setas para movê-lo.',
  'node.a11yDescription.keyboardDisabled': 'Pressione Enter ou Espaço para selecionar o nó.',
  'edge.a11yDescription.default':
    'Pressione Enter ou Espaço para selecionar a ligação. Delete para excluí-la.',
};

const DRAG_TYPE = 'application/prosa-flow-node';

type Props = {
  nodes: TEditorNode[];
  edges: TEditorEdge[];
  onNodesChange: (changes: NodeChange<TEditorNode>[]) => void;
  onEdgesChange: (changes: EdgeChange<TEditorEdge>[]) => void;
  onConnect: (connection: Connection) => void;
  onAdd: (type: TFlowNodeType, position: { x: number; y: number } | null) => void;
};

/** The drawing: nodes dragged from the palette (or added by a click), connected by dragging a handle. */
export function FlowCanvas(props: Props) {
  const flow = useReactFlow();
  const isValidConnection = (c: Connection | TEditorEdge) =>
    connectionProblem(props.nodes, {
      source: c.source,
      target: c.target,
      sourceHandle: c.sourceHandle ?? null,
    }) === null;
  const onDrop = (event: DragEvent) => {
    const type = event.dataTransfer.getData(DRAG_TYPE) as TFlowNodeType;
    if (!type) return;
    event.preventDefault();
    props.onAdd(type, flow.screenToFlowPosition({ x: event.clientX, y: event.clientY }));
  };
  return (
    <ReactFlow<TEditorNode, TEditorEdge>
      nodes={props.nodes}
      edges={props.edges}
      nodeTypes={NODE_TYPES}
      onNodesChange={props.onNodesChange}
      onEdgesChange={props.onEdgesChange}
      onConnect={props.onConnect}
      isValidConnection={isValidConnection}
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
      }}
      onDrop={onDrop}
      defaultEdgeOptions={{
        markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 },
        style: { strokeWidth: 2 },
      }}
      deleteKeyCode={['Delete', 'Backspace']}
      fitView
      fitViewOptions={{ padding: 0.2, maxZoom: 1 }}
      minZoom={0.2}
      maxZoom={1.5}
      ariaLabelConfig={ARIA}
      proOptions={{ hideAttribution: true }}
      style={{ flex: 1, minHeight: 0 }}
    >
      <Background gap={20} />
      <Controls position="bottom-left" />
      <MiniMap pannable zoomable position="bottom-right" style={{ width: 150, height: 100 }} />
    </ReactFlow>
  );
}

/** The node kinds to add: a click puts one in view, a drag drops it where the mouse is. */
export function Palette({ hasStart, onAdd }: { hasStart: boolean; onAdd: (type: TFlowNodeType) => void }) {
  return (
    <Group
      gap={4}
      px="xs"
      py={6}
      role="toolbar"
      aria-label="Adicionar nó"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <IconPlus size={14} color="var(--mantine-color-dimmed)" aria-hidden />
      {PALETTE.filter((t) => t !== 'start' || !hasStart).map((type) => {
        const Glyph = NODE_LOOK[type].icon;
        return (
          <Tooltip
            key={type}
            label="Clique para adicionar ou arraste até o desenho"
            withArrow
            openDelay={600}
          >
            <Button
              size="compact-xs"
              variant="light"
              color={NODE_LOOK[type].color}
              leftSection={<Glyph size={13} />}
              draggable
              onDragStart={(e) => {
                e.dataTransfer.setData(DRAG_TYPE, type);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onClick={() => onAdd(type)}
            >
              {FLOW_NODE_LABEL[type]}
            </Button>
          </Tooltip>
        );
      })}
    </Group>
  );
}
