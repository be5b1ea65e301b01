import { type TFlowGraph, validateFlow } from '@prosa/shared/chatbot';
import { describe, expect, it } from 'vitest';
import {
  addMenuOption,
  connect,
  connectionProblem,
  createNode,
  issuesByNode,
  newNodeId,
  nextPosition,
  pruneEdges,
  setNodeData,
  toEditor,
  toGraph,
} from './graph';
import { nodeSummary, outHandles } from './node-look';

const menuData = {
  text: 'Como podemos ajudar?',
  options: [
    { id: 'opt1', label: 'Vendas' },
    { id: 'opt2', label: 'Suporte' },
  ],
  invalid_text: '',
  retries: 2,
};

const drawn: TFlowGraph = {
  nodes: [
    { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
    { id: 'menu-1', type: 'menu', position: { x: 300, y: 0 }, data: menuData },
    { id: 'message-1', type: 'message', position: { x: 600, y: -100 }, data: { text: 'Olá', media: null } },
    { id: 'transfer-1', type: 'transfer', position: { x: 600, y: 100 }, data: { sector_id: 3 } },
  ],
  edges: [
    { id: 'e1', source: 'start', sourceHandle: 'next', target: 'menu-1' },
    { id: 'e2', source: 'menu-1', sourceHandle: 'opt1', target: 'message-1' },
    { id: 'e3', source: 'menu-1', sourceHandle: 'opt2', target: 'transfer-1' },
  ],
};

describe('flow graph ↔ canvas', () => {
  it('keeps nodes, data, edges and handles through a round trip; the start cannot be deleted', () => {
    const { nodes, edges } = toEditor(drawn);
    expect(nodes.find((n) => n.id === 'start')?.deletable).toBe(false);
    expect(nodes.find((n) => n.id === 'menu-1')?.deletable).toBeUndefined();
    // Canvas-only fields (selection, measured size, a fractional drag position) do not reach the stored graph.
    const moved = nodes.map((n) =>
      n.id === 'menu-1'
        ? { ...n, selected: true, measured: { width: 240, height: 120 }, position: { x: 300.4, y: 0.6 } }
        : n,
    );
    expect(toGraph(moved, edges)).toEqual({
      ...drawn,
      nodes: drawn.nodes.map((n) => (n.id === 'menu-1' ? { ...n, position: { x: 300, y: 1 } } : n)),
    });
  });

  it('reads an edge without a handle as the "next" handle', () => {
    const { edges } = toEditor({
      nodes: drawn.nodes,
      edges: [{ id: 'x', source: 'start', sourceHandle: null, target: 'menu-1' }],
    });
    expect(edges[0]?.sourceHandle).toBe('next');
  });
});

describe('connections', () => {
  const { nodes, edges } = toEditor(drawn);

  it('refuses edges into the start, to the node itself, and from a handle the node does not have', () => {
    expect(connectionProblem(nodes, { source: 'menu-1', target: 'start', sourceHandle: 'opt1' })).toBe(
      'Nenhuma ligação pode chegar ao nó de Início.',
    );
    expect(connectionProblem(nodes, { source: 'menu-1', target: 'menu-1', sourceHandle: 'opt1' })).toBe(
      'Um nó não pode se ligar a ele mesmo.',
    );
    expect(connectionProblem(nodes, { source: 'menu-1', target: 'message-1', sourceHandle: 'opt9' })).toBe(
      'Este nó não tem essa saída.',
    );
    expect(connectionProblem(nodes, { source: 'transfer-1', target: 'message-1', sourceHandle: null })).toBe(
      'Este nó não tem essa saída.',
    );
    expect(
      connectionProblem(nodes, { source: 'menu-1', target: 'message-1', sourceHandle: 'fallback' }),
    ).toBe(null);
    expect(connectionProblem(nodes, { source: 'message-1', target: 'menu-1', sourceHandle: null })).toBe(
      null,
    );
  });

  it('an out-handle leads to one node: a new edge from it replaces the old one', () => {
    const next = connect(edges, { source: 'menu-1', target: 'transfer-1', sourceHandle: 'opt1' });
    expect(next.filter((e) => e.source === 'menu-1' && e.sourceHandle === 'opt1')).toEqual([
      expect.objectContaining({ target: 'transfer-1' }),
    ]);
    expect(next).toHaveLength(edges.length);
    const added = connect(edges, { source: 'message-1', target: 'transfer-1', sourceHandle: null });
    expect(added).toHaveLength(edges.length + 1);
    expect(added.at(-1)).toMatchObject({ source: 'message-1', sourceHandle: 'next', target: 'transfer-1' });
  });
});

describe('editing nodes', () => {
  it('removing a menu option drops the edge that left by it; renaming keeps it', () => {
    const { nodes, edges } = toEditor(drawn);
    const renamed = setNodeData(nodes, edges, 'menu-1', {
      ...menuData,
      options: [
        { id: 'opt1', label: 'Comprar' },
        { id: 'opt2', label: 'Suporte' },
      ],
    });
    expect(renamed.edges).toHaveLength(3);
    const removed = setNodeData(nodes, edges, 'menu-1', { ...menuData, options: [menuData.options[1]] });
    expect(removed.edges.map((e) => e.id)).toEqual(['e1', 'e3']);
  });

  it('deleting a node drops its edges', () => {
    const { nodes, edges } = toEditor(drawn);
    expect(
      pruneEdges(
        nodes.filter((n) => n.id !== 'menu-1'),
        edges,
      ),
    ).toEqual([]);
  });

  it('new nodes get free ids and their type defaults; a second start is refused', () => {
    const { nodes } = toEditor(drawn);
    expect(newNodeId('message', nodes)).toBe('message-2');
    const menu = createNode('menu', nodes, { x: 10, y: 20 });
    expect(menu).toMatchObject({ id: 'menu-2', type: 'menu', position: { x: 10, y: 20 } });
    expect(menu?.data.options).toHaveLength(2);
    expect(createNode('start', nodes, { x: 0, y: 0 })).toBeNull();
    expect(createNode('start', [], { x: 0, y: 0 })?.id).toBe('start');
  });

  it('a new menu option takes an id no option has, up to the limit', () => {
    const options = [
      { id: 'opt1', label: 'a' },
      { id: 'opt3', label: 'b' },
    ];
    expect(addMenuOption(options)?.at(-1)).toEqual({ id: 'opt4', label: '' });
    const full = Array.from({ length: 20 }, (_, i) => ({ id: `o${i}`, label: `${i}` }));
    expect(addMenuOption(full)).toBeNull();
  });
});

describe('handles and issues on the canvas', () => {
  it('labels a menu option handle by its number and text, the fallback and a condition by the shared labels', () => {
    expect(outHandles('menu', menuData)).toEqual([
      { id: 'opt1', label: '1. Vendas' },
      { id: 'opt2', label: '2. Suporte' },
      { id: 'fallback', label: 'Sem resposta válida' },
    ]);
    expect(outHandles('condition', { kind: 'channel', kinds: ['web'] }).map((h) => h.id)).toEqual([
      'true',
      'false',
    ]);
    expect(outHandles('finish', {})).toEqual([]);
  });

  it('puts each validateFlow error on the node it names', () => {
    const { nodes, edges } = toEditor(drawn);
    // The message leads nowhere and the transfer has no sector: both nodes are marked.
    const broken = setNodeData(nodes, edges, 'transfer-1', { sector_id: null, operator_id: null });
    const byNode = issuesByNode(validateFlow(toGraph(broken.nodes, broken.edges)));
    expect(byNode.get('message-1')?.[0]?.message).toContain('não está ligada');
    expect(byNode.get('transfer-1')?.[0]?.message).toContain('escolha o setor ou o operador');
    expect(byNode.has('start')).toBe(false);
  });
});

describe('node summaries', () => {
  const options = {
    channels: [],
    sectors: [{ id: 3, name: 'Suporte' }],
    operators: [{ id: 8, name: 'Ana' }],
    statuses: [{ id: 5, name: 'Resolvido' }],
    fields: [{ key: 'email_cliente', label: 'E-mail do cliente' }],
  };

  it('names the sector, operator, status and contact field the node points to', () => {
    expect(nodeSummary('transfer', { sector_id: 3, operator_id: null }, options)).toBe(
      'Para a fila do setor Suporte',
    );
    expect(nodeSummary('transfer', { sector_id: null, operator_id: 8 }, options)).toBe('Para o operador Ana');
    expect(nodeSummary('finish', { status_id: 5 }, options)).toBe('Com o status Resolvido');
    expect(
      nodeSummary('question', { text: 'Seu e-mail?', field: 'email_cliente', retries: 1 }, options),
    ).toBe('Seu e-mail? → E-mail do cliente');
    expect(nodeSummary('transfer', { sector_id: null, operator_id: null }, options)).toBe('');
  });

  it("shows a message's text and its file's name", () => {
    const media = {
      id: '0f8fad5b-d9cb-469f-a165-70867728950e',
      type: 'document',
      mimeType: 'application/pdf',
      originalName: 'catalogo.pdf',
      key: 'k/catalogo.pdf',
      size: 100,
    };
    expect(nodeSummary('message', { text: 'Veja o catálogo', media })).toBe(
      'Veja o catálogo\n📎 catalogo.pdf',
    );
    expect(nodeSummary('message', { text: '', media: null })).toBe('');
  });
});

describe('placing a new node', () => {
  it('goes right of the selected node, below the nodes already there', () => {
    const { nodes } = toEditor(drawn);
    // Nothing selected: right of the right-most node (message-1 at x 600).
    expect(nextPosition(nodes)).toEqual({ x: 900, y: -100 });
    const menuSelected = nodes.map((n) => ({ ...n, selected: n.id === 'menu-1' }));
    // Right of the menu (x 600) the message (y -100) and the transfer (y 100) are in the way: it goes below them.
    expect(nextPosition(menuSelected)).toEqual({ x: 600, y: 320 });
    const startSelected = nodes.map((n) => ({ ...n, selected: n.id === 'start' }));
    expect(nextPosition(startSelected)).toEqual({ x: 300, y: 160 });
    expect(nextPosition([])).toEqual({ x: 0, y: 0 });
  });
});
