import {
  defaultNodeData,
  edgeHandle,
  FLOW_MENU_OPTIONS_MAX,
  HANDLE_NEXT,
  nodeHandles,
  type TFlowEdge,
  type TFlowGraph,
  type TFlowIssue,
  type TFlowNodeType,
  type TMenuOption,
} from '@prosa/shared/chatbot';
import type { Connection, Edge, Node } from '@xyflow/react';

// The editor's side of a flow: the stored graph (packages/shared/src/chatbot.ts) as @xyflow/react nodes and edges,
// and back; which connections the canvas accepts; what changing a node does to its edges.

export type TNodeData = Record<string, unknown>;
export type TEditorNode = Node<TNodeData, TFlowNodeType>;
export type TEditorEdge = Edge;

const handleOf = (h: string | null | undefined) => h || HANDLE_NEXT;

export function toEditor(graph: TFlowGraph): { nodes: TEditorNode[]; edges: TEditorEdge[] } {
  return {
    nodes: graph.nodes.map((n) => ({
      id: n.id,
      type: n.type,
      position: { x: n.position.x, y: n.position.y },
      data: { ...n.data },
      // The single start is never deleted from the canvas.
      ...(n.type === 'start' ? { deletable: false } : {}),
    })),
    edges: graph.edges.map((e) => ({
      id: e.id,
      source: e.source,
      sourceHandle: handleOf(e.sourceHandle),
      target: e.target,
    })),
  };
}

export function toGraph(nodes: readonly TEditorNode[], edges: readonly TEditorEdge[]): TFlowGraph {
  return {
    nodes: nodes.map((n) => ({
      id: n.id,
      type: n.type as TFlowNodeType,
      position: { x: Math.round(n.position.x), y: Math.round(n.position.y) },
      data: n.data,
    })),
    edges: edges.map(
      (e): TFlowEdge => ({
        id: e.id,
        source: e.source,
        sourceHandle: handleOf(e.sourceHandle),
        target: e.target,
      }),
    ),
  };
}

/** Why the canvas refuses a connection, or null when it is accepted. */
export function connectionProblem(
  nodes: readonly TEditorNode[],
  connection: Pick<Connection, 'source' | 'target' | 'sourceHandle'>,
): string | null {
  const source = nodes.find((n) => n.id === connection.source);
  const target = nodes.find((n) => n.id === connection.target);
  if (!source || !target) return 'Ligue dois nós do fluxo.';
  if (source.id === target.id) return 'Um nó não pode se ligar a ele mesmo.';
  if (target.type === 'start') return 'Nenhuma ligação pode chegar ao nó de Início.';
  const handles = nodeHandles({ type: source.type as TFlowNodeType, data: source.data });
  if (!handles.includes(handleOf(connection.sourceHandle))) return 'Este nó não tem essa saída.';
  return null;
}

/** Connects `connection`: an out-handle leads to one node, so a new edge replaces the handle's old one. */
export function connect(
  edges: readonly TEditorEdge[],
  connection: Pick<Connection, 'source' | 'target' | 'sourceHandle'>,
): TEditorEdge[] {
  const handle = handleOf(connection.sourceHandle);
  const kept = edges.filter((e) => !(e.source === connection.source && handleOf(e.sourceHandle) === handle));
  return [
    ...kept,
    {
      id: `e-${connection.source}-${handle}-${connection.target}`,
      source: connection.source,
      sourceHandle: handle,
      target: connection.target,
    },
  ];
}

/** Edges whose source handle no longer exists (a menu option removed) or whose ends are gone are dropped. */
export function pruneEdges(nodes: readonly TEditorNode[], edges: readonly TEditorEdge[]): TEditorEdge[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  return edges.filter((e) => {
    const source = byId.get(e.source);
    if (!source || !byId.has(e.target)) return false;
    return nodeHandles({ type: source.type as TFlowNodeType, data: source.data }).includes(edgeHandle(e));
  });
}

/** A fresh id for a node of `type`: "menu-1", "menu-2", … not used by any node. */
export function newNodeId(type: TFlowNodeType, nodes: readonly TEditorNode[]): string {
  const taken = new Set(nodes.map((n) => n.id));
  let i = 1;
  while (taken.has(`${type}-${i}`)) i++;
  return `${type}-${i}`;
}

/** A new node of `type` at `position`; null for a second start (a flow has exactly one). */
export function createNode(
  type: TFlowNodeType,
  nodes: readonly TEditorNode[],
  position: { x: number; y: number },
): TEditorNode | null {
  if (type === 'start' && nodes.some((n) => n.type === 'start')) return null;
  return {
    id: type === 'start' ? 'start' : newNodeId(type, nodes),
    type,
    position,
    data: structuredClone(defaultNodeData(type)) as TNodeData,
    selected: true,
  };
}

/** Replaces a node's data and drops the edges of handles it lost. */
export function setNodeData(
  nodes: readonly TEditorNode[],
  edges: readonly TEditorEdge[],
  id: string,
  data: TNodeData,
): { nodes: TEditorNode[]; edges: TEditorEdge[] } {
  const next = nodes.map((n) => (n.id === id ? { ...n, data } : n));
  return { nodes: next, edges: pruneEdges(next, edges) };
}

/** A new menu option with an id no other option of the menu has ("opt3"); null past the limit. */
export function addMenuOption(options: readonly TMenuOption[]): TMenuOption[] | null {
  if (options.length >= FLOW_MENU_OPTIONS_MAX) return null;
  const taken = new Set(options.map((o) => o.id));
  let i = options.length + 1;
  while (taken.has(`opt${i}`)) i++;
  return [...options, { id: `opt${i}`, label: '' }];
}

/** Issues grouped by the node they point to (an edge's issue also marks its source node). */
export function issuesByNode(issues: readonly TFlowIssue[]): Map<string, TFlowIssue[]> {
  const out = new Map<string, TFlowIssue[]>();
  for (const issue of issues) {
    if (!issue.nodeId) continue;
    out.set(issue.nodeId, [...(out.get(issue.nodeId) ?? []), issue]);
  }
  return out;
}

const NODE_W = 240;
const NODE_H = 140;

/**
 * Where a node added from the palette goes: right of the selected node (else of the right-most one), moved down
 * until it covers no other node, so adding two nodes after a menu puts them one under the other.
 */
export function nextPosition(nodes: readonly TEditorNode[]): { x: number; y: number } {
  if (nodes.length === 0) return { x: 0, y: 0 };
  const anchor =
    nodes.find((n) => n.selected) ?? nodes.reduce((a, b) => (b.position.x > a.position.x ? b : a));
  const at = { x: anchor.position.x + NODE_W + 60, y: anchor.position.y };
  const covers = (n: TEditorNode) =>
    Math.abs(n.position.x - at.x) < NODE_W && Math.abs(n.position.y - at.y) < NODE_H;
  while (nodes.some(covers)) at.y += NODE_H + 20;
  return at;
}

/** The graph a save would send, compared with the loaded one (positions rounded), to know what is unsaved. */
export function sameGraph(a: TFlowGraph, b: TFlowGraph): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
