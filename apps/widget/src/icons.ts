const SVG_NS = 'http://www.w3.org/2000/svg';

function icon(paths: string[], size: number): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', String(size));
  svg.setAttribute('height', String(size));
  svg.setAttribute('fill', 'none');
  svg.setAttribute('stroke', 'currentColor');
  svg.setAttribute('stroke-width', '2');
  svg.setAttribute('stroke-linecap', 'round');
  svg.setAttribute('stroke-linejoin', 'round');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  for (const d of paths) {
    const path = document.createElementNS(SVG_NS, 'path');
    path.setAttribute('d', d);
    svg.appendChild(path);
  }
  return svg;
}

export const chatIcon = (size = 28) =>
  icon(
    [
      'M21 11.5a8.38 8.38 0 0 1-9 8.5 9.5 9.5 0 0 1-4.2-1L3 20l1.1-4.2A8.38 8.38 0 0 1 3 11.5 8.5 8.5 0 0 1 12 3a8.38 8.38 0 0 1 9 8.5z',
    ],
    size,
  );

export const closeIcon = (size = 22) => icon(['M18 6 6 18', 'M6 6l12 12'], size);

export const sendIcon = (size = 18) => icon(['M22 2 11 13', 'M22 2 15 22l-4-9-9-4 20-7z'], size);

export const clipIcon = (size = 20) =>
  icon(
    [
      'M21.44 11.05l-9.19 9.19a6 6 0 0 1-8.49-8.49l9.19-9.19a4 4 0 0 1 5.66 5.66l-9.2 9.19a2 2 0 0 1-2.83-2.83l8.49-8.48',
    ],
    size,
  );

export const fileIcon = (size = 16) =>
  icon(['M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z', 'M14 2v6h6'], size);
