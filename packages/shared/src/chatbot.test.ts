import { describe, expect, it } from 'vitest';
import {
  defaultNodeData,
  emptyGraph,
  FLOW_NODE_TYPES,
  flowErrors,
  menuText,
  nodeHandles,
  pickMenuOption,
  type TFlowGraph,
  validateFlow,
  ZFlowGraph,
  ZFlowInput,
  ZHttpData,
} from './chatbot';

const pos = { x: 0, y: 0 };

/** start → menu (1 vendas → question → condition(true → transfer, false → finish), 2 suporte → http(success → message → finish, error → transfer)). */
function goodGraph(): TFlowGraph {
  return {
    nodes: [
      { id: 's', type: 'start', position: pos, data: {} },
      {
        id: 'm',
        type: 'menu',
        position: pos,
        data: {
          text: 'Olá! Escolha:',
          options: [
            { id: 'o1', label: 'Vendas' },
            { id: 'o2', label: 'Suporte técnico' },
          ],
          invalid_text: 'Opção inválida',
          retries: 2,
        },
      },
      {
        id: 'q',
        type: 'question',
        position: pos,
        data: { text: 'Seu e-mail?', field: 'email', validation: 'email' },
      },
      {
        id: 'c',
        type: 'condition',
        position: pos,
        data: { kind: 'working_hours', monday_to_friday: '08:00-18:00' },
      },
      { id: 't', type: 'transfer', position: pos, data: { sector_id: 3 } },
      { id: 'f', type: 'finish', position: pos, data: { status_id: 7, text: 'Até logo' } },
      { id: 'h', type: 'http', position: pos, data: { url: 'https://api.example.com/x', timeout_ms: 2000 } },
      { id: 'msg', type: 'message', position: pos, data: { text: 'Pronto {{email}}' } },
    ],
    edges: [
      { id: 'e1', source: 's', target: 'm' },
      { id: 'e2', source: 'm', sourceHandle: 'o1', target: 'q' },
      { id: 'e3', source: 'm', sourceHandle: 'o2', target: 'h' },
      { id: 'e4', source: 'q', sourceHandle: 'next', target: 'c' },
      { id: 'e5', source: 'c', sourceHandle: 'true', target: 't' },
      { id: 'e6', source: 'c', sourceHandle: 'false', target: 'f' },
      { id: 'e7', source: 'h', sourceHandle: 'success', target: 'msg' },
      { id: 'e8', source: 'h', sourceHandle: 'error', target: 't' },
      { id: 'e9', source: 'msg', target: 'f' },
    ],
  };
}

const messages = (g: TFlowGraph, refs = {}) => validateFlow(g, refs).map((i) => `${i.level}:${i.message}`);

describe('validateFlow', () => {
  it('accepts a complete flow with no issues', () => {
    expect(validateFlow(goodGraph())).toEqual([]);
  });

  it('needs exactly one start', () => {
    const none = goodGraph();
    none.nodes = none.nodes.filter((n) => n.id !== 's');
    none.edges = none.edges.filter((e) => e.source !== 's');
    expect(messages(none)).toContain('error:O fluxo precisa de um nó de Início.');
    const two = goodGraph();
    two.nodes.push({ id: 's2', type: 'start', position: pos, data: {} });
    two.edges.push({ id: 'e10', source: 's2', target: 'm' });
    expect(messages(two)).toContain('error:O fluxo deve ter um único nó de Início.');
    expect(flowErrors(validateFlow(emptyGraph())).map((i) => i.message)).toEqual([
      'Início (start): a saída "Próximo" não está ligada a nenhum nó.',
    ]);
  });

  it('refuses edges to missing nodes, into the start, by a handle the node lacks, or doubled', () => {
    const g = goodGraph();
    g.edges.push({ id: 'x1', source: 'm', sourceHandle: 'o1', target: 'nope' });
    g.edges.push({ id: 'x2', source: 'msg', target: 's' });
    g.edges.push({ id: 'x3', source: 'c', sourceHandle: 'maybe', target: 'f' });
    g.edges.push({ id: 'x4', source: 'h', sourceHandle: 'success', target: 'f' });
    const issues = validateFlow(g);
    const byEdge = (id: string) => issues.filter((i) => i.edgeId === id).map((i) => i.message);
    expect(byEdge('x1')).toEqual(['Uma ligação aponta para um nó que não existe.']);
    expect(byEdge('x2')).toContain('Nenhuma ligação pode chegar ao nó de Início.');
    expect(byEdge('x3')).toEqual(['Condição (c): a ligação sai por uma saída que o nó não tem.']);
    expect(byEdge('x4')).toEqual(['Requisição HTTP (h): a saída "Sucesso" tem mais de uma ligação.']);
  });

  it('names the missing out-edges of each non-terminal node; fallback is optional; terminals need none', () => {
    const g = goodGraph();
    g.edges = g.edges.filter((e) => !['e3', 'e6', 'e8'].includes(e.id));
    const errs = flowErrors(validateFlow(g)).map((i) => i.message);
    expect(errs).toEqual([
      'Menu (m): a opção "Suporte técnico" não está ligada a nenhum nó.',
      'Condição (c): a saída "Falso" não está ligada a nenhum nó.',
      'Requisição HTTP (h): a saída "Erro" não está ligada a nenhum nó.',
    ]);
    // The http node became unreachable: a warning, not an error.
    expect(
      validateFlow(g)
        .filter((i) => i.level === 'warning')
        .map((i) => i.nodeId),
    ).toEqual(['f', 'h', 'msg']);
  });

  it('checks each node type data in Portuguese', () => {
    const g: TFlowGraph = {
      nodes: [
        { id: 's', type: 'start', position: pos, data: {} },
        { id: 'a', type: 'message', position: pos, data: { text: '  ' } },
        { id: 'b', type: 'menu', position: pos, data: { text: '', options: [] } },
        { id: 'c', type: 'question', position: pos, data: { text: 'Nome?', field: '' } },
        {
          id: 'd',
          type: 'condition',
          position: pos,
          data: { kind: 'metadata', field: 'x', op: 'equals', value: '' },
        },
        { id: 'e', type: 'http', position: pos, data: { url: 'ftp://x', timeout_ms: 20000 } },
        { id: 'f', type: 'transfer', position: pos, data: {} },
        { id: 'g', type: 'finish', position: pos, data: {} },
        { id: 'h', type: 'condition', position: pos, data: { kind: 'working_hours', saturday: '8h-12h' } },
        { id: 'i', type: 'http', position: pos, data: { url: 'gopher' } },
      ],
      edges: [],
    };
    const byNode = (id: string) =>
      flowErrors(validateFlow(g))
        .filter((i) => i.nodeId === id && !i.message.includes('não está ligada'))
        .map((i) => i.message);
    expect(byNode('a')).toEqual(['Mensagem (a): informe o texto ou a mídia da mensagem.']);
    expect(byNode('b')).toEqual([
      'Menu (b): informe o texto do menu.',
      'Menu (b): adicione ao menos uma opção.',
    ]);
    expect(byNode('c')).toEqual(['Pergunta (c): escolha o campo do contato que recebe a resposta.']);
    expect(byNode('d')).toEqual(['Condição (d): informe o valor comparado.']);
    expect(byNode('e')).toEqual([
      'Requisição HTTP (e): dados inválidos (timeout_ms): O tempo limite deve ser de no máximo 10000 ms.',
    ]);
    expect(byNode('f')).toEqual(['Transferir (f): escolha o setor ou o operador.']);
    expect(byNode('g')).toEqual(['Finalizar (g): escolha o status de finalização.']);
    expect(byNode('h')).toEqual(['Condição (h): dados inválidos (saturday): Use o formato HH:mm-HH:mm.']);
    expect(byNode('i')).toEqual(['Requisição HTTP (i): a URL é inválida.']);
  });

  it('checks ids and keys against the company when given', () => {
    const refs = {
      sectorIds: new Set([1]),
      finishStatusIds: new Set([7]),
      fieldKeys: new Set(['cpf']),
      operatorIds: new Set<number>(),
    };
    const errs = flowErrors(validateFlow(goodGraph(), refs)).map((i) => i.message);
    expect(errs).toEqual([
      'Pergunta (q): O campo de contato "email" não existe.',
      'Transferir (t): O setor informado não foi localizado.',
    ]);
  });

  it('refuses menus with repeated options', () => {
    const g = goodGraph();
    const menu = g.nodes[1];
    if (menu)
      menu.data = {
        ...menu.data,
        options: [
          { id: 'o1', label: 'Vendas' },
          { id: 'o2', label: 'vendas' },
        ],
      };
    expect(messages(g)).toContain('error:Menu (m): existem opções repetidas.');
  });
});

describe('menu answers', () => {
  const options = [
    { id: 'a', label: 'Vendas' },
    { id: 'b', label: 'Suporte Técnico' },
  ];
  it('picks by number or by label, ignoring case, accents and punctuation', () => {
    expect(pickMenuOption(options, '2')?.id).toBe('b');
    expect(pickMenuOption(options, ' 1. ')?.id).toBe('a');
    expect(pickMenuOption(options, 'suporte tecnico!')?.id).toBe('b');
    expect(pickMenuOption(options, '3')).toBeNull();
    expect(pickMenuOption(options, '0')).toBeNull();
    expect(pickMenuOption(options, 'talvez')).toBeNull();
    expect(pickMenuOption(options, '')).toBeNull();
  });
  it('shows numbered options', () => {
    expect(menuText({ text: 'Escolha:', options })).toBe('Escolha:\n1 - Vendas\n2 - Suporte Técnico');
  });
});

describe('schemas', () => {
  it('gives every node type a default that its schema accepts and handles', () => {
    for (const type of FLOW_NODE_TYPES) {
      expect(nodeHandles({ type, data: defaultNodeData(type) })).toBeInstanceOf(Array);
    }
    expect(nodeHandles({ type: 'menu', data: defaultNodeData('menu') })).toEqual([
      'opt1',
      'opt2',
      'fallback',
    ]);
    expect(nodeHandles({ type: 'finish', data: {} })).toEqual([]);
  });
  it('bounds the http time-out and the graph size', () => {
    expect(ZHttpData.safeParse({ url: 'https://a.b', timeout_ms: 10_001 }).success).toBe(false);
    expect(ZHttpData.parse({ url: 'https://a.b' }).timeout_ms).toBe(5000);
    const big = {
      nodes: Array.from({ length: 201 }, (_, i) => ({ id: `n${i}`, type: 'message', position: pos })),
      edges: [],
    };
    expect(ZFlowGraph.safeParse(big).error?.issues[0]?.message).toBe(
      'O fluxo pode ter no máximo 200 nós e 400 ligações.',
    );
  });
  it('needs a name, inactive and with the start node by default', () => {
    expect(ZFlowInput.safeParse({ name: '  ' }).error?.issues[0]?.message).toBe('Informe o nome do fluxo.');
    const parsed = ZFlowInput.parse({ name: 'Boas-vindas' });
    expect(parsed.active).toBe(false);
    expect(parsed.graph.nodes.map((n) => n.type)).toEqual(['start']);
  });
});
