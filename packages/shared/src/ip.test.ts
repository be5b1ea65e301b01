import { describe, expect, it } from 'vitest';
import { ipAllowed, isIpv4, normalizeIp, validateIpEntry } from './ip';

describe('IPv4 allow-list rules', () => {
  it('accepts dotted IPv4 only', () => {
    expect(isIpv4('192.168.0.1')).toBe(true);
    expect(isIpv4('0.0.0.0')).toBe(true);
    for (const bad of ['256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', 'a.b.c.d', '::1', '1.2.3.4/24', '']) {
      expect(isIpv4(bad), bad).toBe(false);
    }
  });

  it('gives the spec texts for empty, invalid, mask out of 1–32 and duplicates', () => {
    expect(validateIpEntry({ ip: '  ', mask: 32 }, [])).toBe('Preencha o campo com um IP.');
    expect(validateIpEntry({ ip: '999.0.0.1', mask: 32 }, [])).toBe('Preencha o campo com um IP válido.');
    expect(validateIpEntry({ ip: '10.0.0.1', mask: 0 }, [])).toBe(
      'A máscara deve ser maior que 0 e menor que 33.',
    );
    expect(validateIpEntry({ ip: '10.0.0.1', mask: 33 }, [])).toBe(
      'A máscara deve ser maior que 0 e menor que 33.',
    );
    expect(validateIpEntry({ ip: '10.0.0.1', mask: '' }, [])).toBe(
      'A máscara deve ser maior que 0 e menor que 33.',
    );
    expect(validateIpEntry({ ip: '10.0.0.1', mask: 32 }, [{ ip: '10.0.0.1', mask: 32 }])).toBe(
      'Este IP já está na lista.',
    );
    expect(validateIpEntry({ ip: '10.0.0.1', mask: 24 }, [{ ip: '10.0.0.1', mask: 32 }])).toBeNull();
  });

  it('matches addresses by network mask', () => {
    const list = [
      { ip: '10.0.0.0', mask: 8 },
      { ip: '200.150.10.7', mask: 32 },
      { ip: '172.16.5.0', mask: 22 },
    ];
    expect(ipAllowed('10.255.1.2', list)).toBe(true);
    expect(ipAllowed('11.0.0.1', list)).toBe(false);
    expect(ipAllowed('200.150.10.7', list)).toBe(true);
    expect(ipAllowed('200.150.10.8', list)).toBe(false);
    expect(ipAllowed('172.16.7.255', list)).toBe(true);
    expect(ipAllowed('172.16.8.0', list)).toBe(false);
    expect(ipAllowed('::ffff:10.1.1.1', list)).toBe(true);
    expect(ipAllowed('2001:db8::1', list)).toBe(false);
    expect(ipAllowed('1.2.3.4', [{ ip: '0.0.0.0', mask: 1 }])).toBe(true);
  });

  it('treats IPv6 loopback as 127.0.0.1 and strips the IPv4-mapped prefix', () => {
    expect(normalizeIp('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(ipAllowed('::1', [{ ip: '127.0.0.1', mask: 32 }])).toBe(true);
    expect(ipAllowed('::1', [{ ip: '10.0.0.0', mask: 8 }])).toBe(false);
  });
});
