/**
 * A model host `https://host;script-src-elem` was accepted (the URL parser
 * keeps `;` and `,` in a host name) and written into the page's
 * Content-Security-Policy as an extra directive: after the reload the app's
 * own scripts were blocked and the page stayed blank. Now the host must be a
 * bare `https://host[:port]` origin, the page-policy script writes no host
 * holding `;` or `,` whatever is stored, and `#safe` ignores the stored host.
 */
import { describe, expect, it } from 'vitest';
import { buildCsp, pagePolicyScript } from '../../../src/app/csp.ts';
import { checkModelHost, MODEL_HOST_KEY } from '../../../src/engines/llm/model-host.ts';

const HOSTILE = [
  'https://host;script-src-elem',
  'https://host;script-src-elem/',
  'https://a.example,b',
  'https://a.example;/x',
  "https://a'b.example",
  'https://a b.example',
  'https://ho$t.example',
  'https://ho!st.example',
  'https://h*.example',
];

/** The policy the built page-policy script writes for a stored value (and a hash). */
function policyFor(stored: string, hash = ''): string {
  let content = '';
  const page = {
    head: { appendChild: (m: { content: string }) => (content = m.content) },
    createElement: () => ({ httpEquiv: '', content: '', setAttribute: () => undefined }),
  };
  const window = { localStorage: { getItem: (k: string) => (k === MODEL_HOST_KEY ? stored : null) }, location: { hash } };
  new Function('document', 'window', pagePolicyScript(undefined))(page, window);
  return content;
}

describe('a model host is a bare https origin', () => {
  it('refuses hosts holding ; , quotes, spaces or other marks, with a reason', () => {
    for (const h of HOSTILE) {
      const r = checkModelHost(h);
      expect(r.ok, h).toBe(false);
      if (!r.ok) expect(r.message, h).toMatch(/host name|not a full URL/);
    }
  });

  it('still takes host names, IP addresses, ports, punycode and paths', () => {
    for (const h of [
      'https://models.example.org/confide/',
      'https://m-1.example.org:8443',
      'https://xn--bcher-kva.example/m/',
      'https://bücher.example/',
      'http://127.0.0.1:8080/x/',
      'http://[::1]:9/',
    ]) {
      expect(checkModelHost(h).ok, h).toBe(true);
    }
  });

  it('never lets a stored ; or , into the page policy: the build policy is written instead', () => {
    for (const h of HOSTILE) {
      const content = policyFor(h);
      expect(content, h).toBe(buildCsp({}));
      expect(content.split(';')).toHaveLength(11);
    }
  });

  it('#safe writes the build policy whatever is stored', () => {
    expect(policyFor('https://models.example.org/', '#safe')).toBe(buildCsp({}));
    expect(policyFor('https://models.example.org/')).toBe(buildCsp({ connectHosts: ['https://models.example.org'] }));
  });
});
