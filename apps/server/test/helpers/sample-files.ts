import { crc32, deflateSync } from 'node:zlib';

/** Small but well-formed files of each accepted type, built in memory for the upload tests. */

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGB PNG of `width` x `height` in two colours. */
export function samplePng(width = 64, height = 48): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const left = x < width / 2;
      row.set(left ? [28, 126, 214] : [250, 176, 5], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The JPEG markers a decoder walks: SOI, APP0 (JFIF), a quantisation table, SOF0, some data, EOI. */
export function sampleJpeg(): Buffer {
  const app0 = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
    0x00,
  ]);
  const dqt = Buffer.concat([Buffer.from([0xff, 0xdb, 0x00, 0x43, 0x00]), Buffer.alloc(64, 1)]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    app0,
    dqt,
    sof,
    Buffer.alloc(40, 0x3f),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A 1x1 GIF89a. */
export function sampleGif(): Buffer {
  return Buffer.from(
    '474946383961010001008000000000ffffff21f90401000000002c00000000010001000002024401003b',
    'hex',
  );
}

/** A 2x2 24-bit BMP. */
export function sampleBmp(): Buffer {
  const rowSize = 8; // 2 pixels * 3 bytes, padded to 4
  const pixels = Buffer.alloc(rowSize * 2, 0x7f);
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + pixels.length, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(2, 18);
  header.writeInt32LE(2, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(pixels.length, 34);
  return Buffer.concat([header, pixels]);
}

/** A one-page PDF that says `text`, with a correct cross-reference table. */
export function samplePdf(text = 'Proposta comercial'): Buffer {
  const content = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

function box(type: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
}

/** The top-level box layout of an MP4: ftyp (isom), moov, mdat. */
export function sampleMp4(): Buffer {
  const ftyp = box(
    'ftyp',
    Buffer.concat([Buffer.from('isom', 'latin1'), Buffer.alloc(4), Buffer.from('isomiso2mp41', 'latin1')]),
  );
  const moov = box('moov', box('mvhd', Buffer.alloc(100)));
  const mdat = box('mdat', Buffer.alloc(256, 0x11));
  return Buffer.concat([ftyp, moov, mdat]);
}

/** Three MPEG-1 layer III frames, 128 kbps, 44.1 kHz (417 bytes each). */
export function sampleMp3(): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64], 0);
  return Buffer.concat([frame, frame, frame]);
}

/** The start of a Windows executable (MZ header). */
export function sampleExe(): Buffer {
  const b = Buffer.alloc(512);
  b.write('MZ', 0, 'latin1');
  b.write('This program cannot be run in DOS mode.', 78, 'latin1');
  return b;
}

/** A valid PNG of about `bytes` bytes (a private ancillary chunk fills it up). */
export function largePng(bytes: number): Buffer {
  const png = samplePng(8, 8);
  const iend = png.subarray(png.length - 12);
  const filler = pngChunk('prVt', Buffer.alloc(Math.max(0, bytes - png.length - 12), 0x20));
  return Buffer.concat([png.subarray(0, png.length - 12), filler, iend]);
}

/** A valid PDF of about `bytes` bytes (a comment fills it up before the end marker). */
export function largePdf(bytes: number): Buffer {
  const pdf = samplePdf();
  const end = Buffer.from('%%EOF\n', 'latin1');
  const body = pdf.subarray(0, pdf.length - end.length);
  const filler = Buffer.alloc(Math.max(0, bytes - pdf.length), 0x25);
  return Buffer.concat([body, filler, Buffer.from('\n'), end]);
}
