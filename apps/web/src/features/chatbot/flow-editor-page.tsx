import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Group,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  CHATBOT_MSG,
  emptyGraph,
  type TFlow,
  type TFlowIssue,
  type TFlowNodeType,
  type TFlowOptions,
  type TFlowRefs,
  validateFlow,
  ZFlowInput,
} from '@prosa/shared/chatbot';
import { IconAlertCircle, IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import {
  applyEdgeChanges,
  applyNodeChanges,
  type Connection,
  type EdgeChange,
  type NodeChange,
  ReactFlowProvider,
  useReactFlow,
} from '@xyflow/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ApiError, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useFlow, useFlowOptions, useSaveFlow } from './api';
import { FlowCanvas, Palette } from './flow-canvas';
import { FlowCanvasContext } from './flow-nodes';
import { FlowSettingsPanel, type TFlowMeta } from './flow-settings-panel';
import { NotAuthorised } from './flows-page';
import {
  connect,
  createNode,
  issuesByNode,
  nextPosition,
  pruneEdges,
  setNodeData,
  type TEditorEdge,
  type TEditorNode,
  toEditor,
  toGraph,
} from './graph';
import { NodePanel } from './node-panel';

const LIST = '/chatbot-flows';
// Below the app header and the page padding: the editor fills the rest of the window (1366×768 included).
const EDITOR_HEIGHT = 'calc(100dvh - 64px - 2 * var(--mantine-spacing-lg))';

const forbidden = (e: unknown) => e instanceof ApiError && e.status === 403;

/** main.chatbot-flows/:id — the flow's drawing, its node panels and its channels; "new" draws a new one. */
export function FlowEditorPage() {
  const params = useParams();
  const id = params.id === 'new' ? null : Number(params.id);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const flow = useFlow(valid ? id : null);
  const options = useFlowOptions();
  const navigate = useNavigate();

  if (!valid || (flow.isError && !forbidden(flow.error))) {
    return (
      <Stack gap="lg">
        <Alert color="red" icon={<IconAlertCircle />} title={CHATBOT_MSG.notFound}>
          {errorMessage(flow.error, 'Volte à lista e abra o fluxo novamente.')}
        </Alert>
        <Group>
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(LIST)}>
            Voltar
          </Button>
        </Group>
      </Stack>
    );
  }
  if (forbidden(flow.error) || forbidden(options.error)) {
    return (
      <Card padding={0}>
        <NotAuthorised />
      </Card>
    );
  }
  if (id !== null && flow.isPending) {
    return (
      <Stack gap="md" aria-busy aria-label="Carregando fluxo">
        <Skeleton h={40} />
        <Skeleton h={480} />
      </Stack>
    );
  }
  return (
    <ReactFlowProvider>
      <FlowEditor
        key={flow.data?.id ?? 'new'}
        flow={flow.data ?? null}
        options={options.data}
        optionsError={options.isError}
      />
    </ReactFlowProvider>
  );
}

function refsOf(options: TFlowOptions | undefined): TFlowRefs {
  if (!options) return {};
  return {
    sectorIds: new Set(options.sectors.map((s) => s.id)),
    operatorIds: new Set(options.operators.map((o) => o.id)),
    finishStatusIds: new Set(options.statuses.map((s) => s.id)),
    fieldKeys: new Set(options.fields.map((f) => f.key)),
  };
}

const metaOf = (flow: TFlow | null): TFlowMeta => ({
  name: flow?.name ?? '',
  description: flow?.description ?? '',
  active: flow?.active ?? true,
  linkedChannels: (flow?.linkedChannels ?? []).map((c) => ({
    channel_type: c.channel_type,
    channel_id: c.channel_id,
  })),
});

function FlowEditor(props: { flow: TFlow | null; options: TFlowOptions | undefined; optionsError: boolean }) {
  const navigate = useNavigate();
  const reactFlow = useReactFlow();
  const save = useSaveFlow();
  const initial = useMemo(() => toEditor(props.flow?.graph ?? emptyGraph()), [props.flow]);
  const [nodes, setNodes] = useState<TEditorNode[]>(initial.nodes);
  const [edges, setEdges] = useState<TEditorEdge[]>(initial.edges);
  const [meta, setMeta] = useState<TFlowMeta>(() => metaOf(props.flow));
  const [nameError, setNameError] = useState<string | null>(null);
  // Node marks appear after the first save attempt (or when a stored flow already has errors).
  const [checked, setChecked] = useState(() => (props.flow?.issues ?? []).some((i) => i.level === 'error'));
  const [serverIssues, setServerIssues] = useState<TFlowIssue[] | null>(null);
  const snapshot = (m: TFlowMeta, n: TEditorNode[], e: TEditorEdge[]) =>
    JSON.stringify({ m, g: toGraph(n, e) });
  const [baseline, setBaseline] = useState(() => snapshot(metaOf(props.flow), initial.nodes, initial.edges));
  const dirty = snapshot(meta, nodes, edges) !== baseline;
  const leaving = useRef(false);

  const graph = useMemo(() => toGraph(nodes, edges), [nodes, edges]);
  const refs = useMemo(() => refsOf(props.options), [props.options]);
  const issues = useMemo(() => serverIssues ?? validateFlow(graph, refs), [graph, refs, serverIssues]);
  const marks = useMemo(() => (checked ? issuesByNode(issues) : new Map()), [checked, issues]);
  const selected = nodes.find((n) => n.selected) ?? null;

  // Unsaved drawing: leaving the page asks first (in-app navigation and closing the tab).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const edit = (next: { nodes: TEditorNode[]; edges: TEditorEdge[] }) => {
    setServerIssues(null);
    setNodes(next.nodes);
    setEdges(next.edges);
  };
  const onNodesChange = (changes: NodeChange<TEditorNode>[]) => {
    const next = applyNodeChanges(changes, nodes);
    edit({ nodes: next, edges: pruneEdges(next, edges) });
  };
  const onEdgesChange = (changes: EdgeChange<TEditorEdge>[]) => {
    setServerIssues(null);
    setEdges((e) => applyEdgeChanges(changes, e));
  };
  const onConnect = (connection: Connection) => edit({ nodes, edges: connect(edges, connection) });
  const onAdd = (type: TFlowNodeType, at: { x: number; y: number } | null) => {
    const node = createNode(type, nodes, at ?? nextPosition(nodes));
    if (!node) return;
    edit({ nodes: [...nodes.map((n) => ({ ...n, selected: false })), node], edges });
    if (!at) window.setTimeout(() => reactFlow.fitView({ padding: 0.2, maxZoom: 1 }), 30);
  };
  const select = (id: string | null) => setNodes((ns) => ns.map((n) => ({ ...n, selected: n.id === id })));
  const removeNode = (id: string) => {
    const next = nodes.filter((n) => n.id !== id);
    edit({ nodes: next, edges: pruneEdges(next, edges) });
  };
  const pickIssue = (issue: TFlowIssue) => {
    if (!issue.nodeId) return;
    select(issue.nodeId);
    const node = nodes.find((n) => n.id === issue.nodeId);
    if (node) reactFlow.setCenter(node.position.x + 120, node.position.y + 60, { zoom: 1, duration: 300 });
  };

  const submit = () => {
    setChecked(true);
    setServerIssues(null);
    const body = {
      name: meta.name,
      description: meta.description,
      active: meta.active,
      graph,
      linkedChannels: meta.linkedChannels,
    };
    const input = ZFlowInput.safeParse(body);
    const nameProblem = input.success
      ? null
      : (input.error.issues.find((i) => i.path[0] === 'name')?.message ?? null);
    setNameError(nameProblem);
    const errors = issues.filter((i) => i.level === 'error');
    // An active flow runs at once: it is sent only without errors (the server refuses it too).
    if (meta.active && errors.length) {
      select(null);
      toast.error(CHATBOT_MSG.invalidFlow);
      return;
    }
    if (!input.success) {
      toast.error(input.error.issues[0]?.message);
      return;
    }
    save.mutate(
      { id: props.flow?.id ?? null, body },
      {
        onSuccess: (saved) => {
          // The server's message also names the channels moved from other flows.
          toast.success(saved.message || CHATBOT_MSG.saved);
          setBaseline(snapshot(meta, nodes, edges));
          if (!props.flow) {
            leaving.current = true;
            navigate(`${LIST}/${saved.flow.id}`, { replace: true });
          }
        },
        onError: (error) => {
          const found = error instanceof ApiError ? error.body.issues : undefined;
          if (Array.isArray(found)) {
            setServerIssues(found as TFlowIssue[]);
            select(null);
          }
          toast.error(errorMessage(error, CHATBOT_MSG.saveError));
        },
      },
    );
  };

  return (
    <Stack gap="sm" h={EDITOR_HEIGHT} miw={0}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(LIST)}>
            Voltar
          </Button>
          <Title order={3} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {props.flow ? meta.name || props.flow.name : 'Novo fluxo'}
          </Title>
          {meta.active ? (
            <Badge color="teal" variant="light">
              Ativo
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              Inativo
            </Badge>
          )}
          {dirty ? (
            <Text size="sm" c="dimmed">
              Alterações não salvas
            </Text>
          ) : null}
        </Group>
        <Button leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending} onClick={submit}>
          Salvar
        </Button>
      </Group>
      <Group gap="sm" align="stretch" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
        <Card
          withBorder
          padding={0}
          style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}
          aria-label="Desenho do fluxo"
          data-testid="flow-canvas"
        >
          <Palette hasStart={nodes.some((n) => n.type === 'start')} onAdd={(type) => onAdd(type, null)} />
          <FlowCanvasContext.Provider value={{ issues: marks, options: props.options }}>
            <FlowCanvas
              nodes={nodes}
              edges={edges}
              onNodesChange={onNodesChange}
              onEdgesChange={onEdgesChange}
              onConnect={onConnect}
              onAdd={onAdd}
            />
          </FlowCanvasContext.Provider>
        </Card>
        <Card withBorder padding={0} w={320} style={{ flexShrink: 0 }}>
          <ScrollArea h="100%" type="auto">
            <Box p="md">
              {selected ? (
                <NodePanel
                  key={selected.id}
                  node={selected}
                  issues={issues.filter((i) => i.nodeId === selected.id)}
                  options={props.options}
                  onChange={(data) => edit(setNodeData(nodes, edges, selected.id, data))}
                  onDelete={() => removeNode(selected.id)}
                  onClose={() => select(null)}
                />
              ) : (
                <FlowSettingsPanel
                  flowId={props.flow?.id ?? null}
                  meta={meta}
                  nameError={nameError}
                  onChange={(patch) => {
                    setMeta((m) => ({ ...m, ...patch }));
                    if ('name' in patch) setNameError(null);
                  }}
                  options={props.options}
                  optionsError={props.optionsError}
                  issues={issues}
                  onPickIssue={pickIssue}
                />
              )}
            </Box>
          </ScrollArea>
        </Card>
      </Group>
      <ConfirmDialog
        opened={blocker.state === 'blocked'}
        title="Alterações não salvas"
        confirmLabel="Sair sem salvar"
        confirmColor="red"
        loading={false}
        onClose={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      >
        <Text size="sm">O fluxo tem alterações que ainda não foram salvas. Deseja sair mesmo assim?</Text>
      </ConfirmDialog>
    </Stack>
  );
}
