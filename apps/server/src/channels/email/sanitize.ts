import sanitizeHtml from 'sanitize-html';

// E-mail HTML as the chat may show it (ARCHITECTURE: untrusted text never rendered as HTML, e-mail HTML only
// sanitized): formatting tags only, no scripts, styles, forms, frames or event handlers. Remote images do not load
// by themselves (their address moves to data-remote-src; the chat loads them on a click: no tracking pixel fires on
// opening), and links open in a new tab without the opener.

const ALLOWED_TAGS = [
  ...sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'style'),
  'img',
  'font',
  'center',
  'u',
  's',
  'span',
];

export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['data-remote-src', 'alt', 'width', 'height', 'title'],
      td: ['colspan', 'rowspan', 'align', 'valign'],
      th: ['colspan', 'rowspan', 'align', 'valign'],
      table: ['cellpadding', 'cellspacing', 'border', 'width'],
      font: ['color'],
      '*': ['dir', 'lang'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'title', 'head'],
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
      }),
      img: (tagName, attribs) => {
        const src = attribs.src ?? '';
        const { src: _src, ...rest } = attribs;
        return {
          tagName,
          attribs: /^https?:\/\//i.test(src) ? { ...rest, 'data-remote-src': src } : rest,
        };
      },
    },
    allowedSchemesAppliedToAttributes: ['href'],
  });
}
