// The permission screen's instructions per browser (spec 2 §2 audio-recording permission screen).

export type TBrowser = 'chrome' | 'edge' | 'firefox' | 'other';

/** The browser the instructions open on, from the user agent (Edge says Chrome too, so it is checked first). */
export function browserOf(userAgent: string): TBrowser {
  if (/\bEdg(e|A|iOS)?\//.test(userAgent)) return 'edge';
  if (/\b(Firefox|FxiOS)\//.test(userAgent)) return 'firefox';
  if (/\b(Chrome|CriOS|Chromium)\//.test(userAgent)) return 'chrome';
  return 'other';
}

export const MICROPHONE_HELP: { browser: Exclude<TBrowser, 'other'>; label: string; steps: string[] }[] = [
  {
    browser: 'chrome',
    label: 'Chrome',
    steps: [
      'Clique no ícone ao lado do endereço do site, à esquerda da barra de endereços.',
      'Em "Microfone", escolha "Permitir".',
      'Se o microfone não aparecer, abra Configurações > Privacidade e segurança > Configurações do site > Microfone e permita este site.',
    ],
  },
  {
    browser: 'edge',
    label: 'Edge',
    steps: [
      'Clique no cadeado ao lado do endereço do site.',
      'Em "Permissões para este site", mude "Microfone" para "Permitir".',
      'Se preferir, abra Configurações > Cookies e permissões de site > Microfone e permita este site.',
    ],
  },
  {
    browser: 'firefox',
    label: 'Firefox',
    steps: [
      'Clique no ícone de microfone riscado (ou no cadeado) ao lado do endereço do site.',
      'Remova o bloqueio em "Usar o microfone" (clique no X ao lado de "Bloqueado").',
      'Ou abra Configurações > Privacidade e Segurança > Permissões > Microfone > Configurações e permita este site.',
    ],
  },
];

export const MICROPHONE_RESULT = {
  granted: 'Microfone liberado! Feche esta janela e clique em "Gravar áudio".',
  denied: 'O navegador ainda bloqueia o microfone deste site. Siga os passos acima e tente novamente.',
  unavailable:
    'Nenhum microfone foi encontrado ou ele está em uso por outro programa. Conecte um microfone e tente novamente.',
} as const;
