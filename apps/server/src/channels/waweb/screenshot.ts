import { WAWEB_QR_SIZE } from '@prosa/shared/channel-monitor';
import { type TWawebState, WAWEB_STATE_LABEL } from '@prosa/shared/waweb-states';
import QRCode from 'qrcode';
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyph } from './screenshot-font';
import { encodeGreyPng } from './screenshot-png';

// The session's "screen" for POST {server}/api/screenshot (spec 2 §7): its QR (264 px, spec 2 §9) while it waits
// to be scanned, else a 264 px picture of its state with the label the screens show (WAWEB_STATE_LABEL).

const SCALE = 2;

/** A PNG of what the session shows now. */
export async function renderScreenshot(s: { state: TWawebState; qr: string | null }): Promise<Buffer> {
  if (s.state === 'UNPAIRED' && s.qr)
    return QRCode.toBuffer(s.qr, { type: 'png', width: WAWEB_QR_SIZE, margin: 2, errorCorrectionLevel: 'L' });
  return renderLabel(WAWEB_STATE_LABEL[s.state].toUpperCase());
}

/** The label centred on a white square, in as many lines as it needs. */
export function renderLabel(text: string): Buffer {
  const size = WAWEB_QR_SIZE;
  const pixels = new Uint8Array(size * size).fill(255);
  const advance = (GLYPH_WIDTH + 1) * SCALE;
  const perLine = Math.floor((size - 16) / advance);
  const lines = wrap(text, perLine);
  const lineHeight = (GLYPH_HEIGHT + 3) * SCALE;
  let y0 = Math.floor((size - lines.length * lineHeight) / 2);
  for (const line of lines) {
    let x0 = Math.floor((size - line.length * advance + SCALE) / 2);
    for (const ch of line) {
      drawGlyph(pixels, size, glyph(ch), x0, y0);
      x0 += advance;
    }
    y0 += lineHeight;
  }
  return encodeGreyPng(size, size, pixels);
}

function drawGlyph(pixels: Uint8Array, size: number, rows: string[], x0: number, y0: number) {
  rows.forEach((row, gy) => {
    [...row].forEach((cell, gx) => {
      if (cell !== '#') return;
      for (let dy = 0; dy < SCALE; dy++)
        for (let dx = 0; dx < SCALE; dx++) {
          const x = x0 + gx * SCALE + dx;
          const y = y0 + gy * SCALE + dy;
          if (x >= 0 && x < size && y >= 0 && y < size) pixels[y * size + x] = 0;
        }
    });
  });
}

function wrap(text: string, perLine: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= perLine) line = next;
    else {
      if (line) lines.push(line);
      line = word.slice(0, perLine);
    }
  }
  if (line) lines.push(line);
  return lines;
}
