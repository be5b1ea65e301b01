/** What the browser remembers of the visitor, per web chat code: the token that resumes the conversation. */

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

type Remembered = { token: string; seen: number };

export type VisitorStore = {
  token(): string | null;
  saveToken(token: string): void;
  /** Id of the newest operator message the visitor has seen (drives the unread badge after a reload). */
  seen(): number;
  saveSeen(id: number): void;
  forget(): void;
  /** Whether the panel was open in this tab, so a reload keeps it open. */
  wasOpen(): boolean;
  saveOpen(open: boolean): void;
};

/** localStorage may be missing or throw (blocked cookies, sandboxed iframes): then nothing is remembered. */
function safeStorage(pick: () => Storage): KeyValueStorage | null {
  try {
    const s = pick();
    const probe = '__prosa_probe__';
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return null;
  }
}

function parse(raw: string | null): Remembered | null {
  if (!raw) return null;
  try {
    const v: unknown = JSON.parse(raw);
    if (typeof v !== 'object' || v === null || !('token' in v) || typeof v.token !== 'string' || !v.token)
      return null;
    const seen = 'seen' in v && typeof v.seen === 'number' && Number.isFinite(v.seen) ? v.seen : 0;
    return { token: v.token, seen };
  } catch {
    return null;
  }
}

export function storageKey(code: string): string {
  return `prosa-webchat:${code}`;
}

export function createVisitorStore(
  code: string,
  local: KeyValueStorage | null = safeStorage(() => window.localStorage),
  session: KeyValueStorage | null = safeStorage(() => window.sessionStorage),
): VisitorStore {
  const key = storageKey(code);
  const openKey = `${key}:open`;
  // Kept in memory too, so the conversation still works for this page when storage is unavailable.
  let memory: Remembered | null = parse(local?.getItem(key) ?? null);

  const write = () => {
    try {
      if (memory) local?.setItem(key, JSON.stringify(memory));
      else local?.removeItem(key);
    } catch {
      // Quota or privacy mode: the in-memory copy still serves this page.
    }
  };

  return {
    token: () => memory?.token ?? null,
    saveToken: (token) => {
      memory = { token, seen: 0 };
      write();
    },
    seen: () => memory?.seen ?? 0,
    saveSeen: (id) => {
      if (!memory || id <= memory.seen) return;
      memory = { ...memory, seen: id };
      write();
    },
    forget: () => {
      memory = null;
      write();
    },
    wasOpen: () => session?.getItem(openKey) === '1',
    saveOpen: (open) => {
      try {
        if (open) session?.setItem(openKey, '1');
        else session?.removeItem(openKey);
      } catch {
        // Not essential.
      }
    },
  };
}
