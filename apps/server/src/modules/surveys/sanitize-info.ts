import sanitizeHtml from 'sanitize-html';

// The survey's information is HTML that every user of the target companies sees in the modal: only formatting
// tags, links and images over http(s), no scripts, styles, event handlers or other schemes.
const HTTP = /^https?:\/\//i;

export function sanitizeSurveyInfo(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'img'],
    allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'] },
    allowedSchemes: ['http', 'https'],
    allowedSchemesByTag: { a: ['http', 'https'], img: ['http', 'https'] },
    allowProtocolRelative: false,
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    disallowedTagsMode: 'discard',
    nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'title', 'head'],
    // Relative addresses would point into the app itself (an <img> firing a GET on the user's session).
    exclusiveFilter: (frame) => frame.tag === 'img' && !HTTP.test(frame.attribs.src ?? ''),
    transformTags: {
      // Links leave the app in a new tab without handing it the opener.
      a: (tagName, attribs) => {
        const out: Record<string, string> = {};
        if (attribs.href && HTTP.test(attribs.href))
          Object.assign(out, { href: attribs.href, target: '_blank', rel: 'noopener noreferrer nofollow' });
        return { tagName, attribs: out };
      },
    },
  }).trim();
}
