import { describe, expect, it } from 'vitest';
import { createVisitorStore, type KeyValueStorage, storageKey } from './storage';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      data.set(k, v);
    },
    removeItem: (k) => {
      data.delete(k);
    },
  };
}

describe('visitor store', () => {
  it('remembers the token per code and survives a new page (new store)', () => {
    const local = memoryStorage();
    const a = createVisitorStore('demo-empresa', local, null);
    expect(a.token()).toBeNull();
    a.saveToken('tok-1');
    a.saveSeen(10);
    a.saveSeen(4);
    expect(local.data.has(storageKey('demo-empresa'))).toBe(true);
    const b = createVisitorStore('demo-empresa', local, null);
    expect(b.token()).toBe('tok-1');
    expect(b.seen()).toBe(10);
    expect(createVisitorStore('outro-codigo', local, null).token()).toBeNull();
  });

  it('forgets the visitor', () => {
    const local = memoryStorage();
    const s = createVisitorStore('demo-empresa', local, null);
    s.saveToken('tok-1');
    s.forget();
    expect(s.token()).toBeNull();
    expect(createVisitorStore('demo-empresa', local, null).token()).toBeNull();
  });

  it('ignores garbage in storage', () => {
    const local = memoryStorage();
    local.setItem(storageKey('demo-empresa'), '{not json');
    expect(createVisitorStore('demo-empresa', local, null).token()).toBeNull();
    local.setItem(storageKey('demo-empresa'), JSON.stringify({ token: 5 }));
    expect(createVisitorStore('demo-empresa', local, null).token()).toBeNull();
  });

  it('still works in memory when storage throws', () => {
    const broken: KeyValueStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    const s = createVisitorStore('demo-empresa', broken, broken);
    s.saveToken('tok-1');
    s.saveOpen(true);
    expect(s.token()).toBe('tok-1');
  });

  it('remembers the open panel in the session', () => {
    const session = memoryStorage();
    const s = createVisitorStore('demo-empresa', null, session);
    expect(s.wasOpen()).toBe(false);
    s.saveOpen(true);
    expect(createVisitorStore('demo-empresa', null, session).wasOpen()).toBe(true);
    s.saveOpen(false);
    expect(s.wasOpen()).toBe(false);
  });
});
