import { describe, expect, it } from 'vitest';
import { newClientId } from './client-id';

describe('newClientId', () => {
  it('matches what the server accepts', () => {
    for (let i = 0; i < 50; i++) expect(newClientId()).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('is random', () => {
    expect(new Set(Array.from({ length: 200 }, () => newClientId())).size).toBe(200);
  });

  it('maps every byte into the alphabet', () => {
    expect(newClientId((n) => new Uint8Array(n).fill(255))).toBe('-'.repeat(22));
  });
});
