import { describe, expect, it } from 'vitest';
import { sanitizeEmailHtml } from './sanitize';
import { replySubject } from './send';

describe('e-mail HTML for the chat', () => {
  it('drops scripts, styles, frames, forms and every event handler; keeps the formatting', () => {
    const out = sanitizeEmailHtml(
      '<style>p{color:red}</style><p style="x" onclick="alert(1)" onmouseover="x()">Olá <b>mundo</b></p>' +
        '<script>alert(2)</script><iframe src="https://x.example"></iframe><form><input></form>' +
        '<svg onload="alert(3)"></svg><table><tr><td colspan="2">c</td></tr></table>',
    );
    expect(out).toBe('<p>Olá <b>mundo</b></p><table><tr><td colspan="2">c</td></tr></table>');
  });

  it('keeps links safe and holds remote images back', () => {
    const out = sanitizeEmailHtml(
      '<a href="javascript:alert(1)">x</a><a href="https://loja.example/p">y</a>' +
        '<img src="http://pixel.example/t.gif" onerror="alert(1)"><img src="cid:logo@x">',
    );
    expect(out).not.toContain('javascript:');
    expect(out).toContain(
      '<a href="https://loja.example/p" target="_blank" rel="noopener noreferrer nofollow">y</a>',
    );
    expect(out).toContain('<img data-remote-src="http://pixel.example/t.gif" />');
    expect(out).not.toMatch(/onerror|\ssrc=/);
  });
});

describe('reply subject', () => {
  it('adds one "Re: " whatever prefixes the thread had', () => {
    expect(replySubject('Pedido 123')).toBe('Re: Pedido 123');
    expect(replySubject('RE: Res: Pedido 123')).toBe('Re: Pedido 123');
    expect(replySubject('Fwd: Pedido')).toBe('Re: Pedido');
  });
});
