import { describe, expect, it } from 'vitest';
import {
  isWawebOnline,
  isWawebRunning,
  isWawebState,
  WAWEB_STATE_LABEL,
  WAWEB_STATES,
  wawebStateNotifies,
} from './waweb-states';

describe('WhatsApp-by-QR channel states (spec 2 §4)', () => {
  it('names the twelve states of the spec, with their Portuguese labels', () => {
    expect(WAWEB_STATES).toHaveLength(12);
    expect(WAWEB_STATE_LABEL.UNLAUNCHED).toBe('Iniciando');
    expect(WAWEB_STATE_LABEL.OPENING).toBe('Carregando');
    expect(WAWEB_STATE_LABEL.PAIRING).toBe('Pareando');
    expect(WAWEB_STATE_LABEL.UNPAIRED_IDLE).toBe('QR expirou');
    expect(WAWEB_STATE_LABEL.UNPAIRED).toBe('Ler QR');
    expect(WAWEB_STATE_LABEL.CONNECTED).toBe('Conectado');
    expect(WAWEB_STATE_LABEL['server-disconnected']).toBe('Server não conectado');
    // The four the spec leaves unnamed are shown in Portuguese too.
    expect(WAWEB_STATE_LABEL['not-running']).toBe('Parado');
    expect(WAWEB_STATE_LABEL.unknown).toBe('Desconhecido');
  });

  it('counts only CONNECTED as online, all but the first four as running, and notifies PAIRING and TIMEOUT', () => {
    expect(WAWEB_STATES.filter(isWawebOnline)).toEqual(['CONNECTED']);
    expect(WAWEB_STATES.filter((s) => !isWawebRunning(s))).toEqual([
      'unknown',
      'server-disconnected',
      'not-running',
      'not-found',
    ]);
    expect(WAWEB_STATES.filter(wawebStateNotifies)).toEqual(['PAIRING', 'TIMEOUT']);
  });

  it('recognises a state only by its exact name', () => {
    expect(isWawebState('CONNECTED')).toBe(true);
    expect(isWawebState('connected')).toBe(false);
    expect(isWawebState(undefined)).toBe(false);
  });
});
