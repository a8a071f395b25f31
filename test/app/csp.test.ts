import { describe, expect, it } from 'vitest';
import { buildCsp, currentConnectPolicy, modelHosts, pagePolicyScript, UPSTREAM_MODEL_HOSTS } from '../../src/app/csp.ts';
import { MODEL_HOST_KEY } from '../../src/engines/llm/model-host.ts';

const directive = (csp: string, name: string): string[] =>
  csp
    .split('; ')
    .find((d) => d.startsWith(`${name} `))!
    .split(' ')
    .slice(1);

describe('the Content-Security-Policy', () => {
  it("allows network access to the app's origin only, when models are served from it", () => {
    expect(directive(buildCsp({ modelBase: 'models/' }), 'connect-src')).toEqual(["'self'"]);
  });

  it('adds exactly the configured model host', () => {
    expect(directive(buildCsp({ modelBase: 'https://cdn.example.org/confide/models/' }), 'connect-src')).toEqual(["'self'", 'https://cdn.example.org']);
  });

  it("adds web-llm's upstream hosts when no model base is configured", () => {
    expect(modelHosts(undefined)).toEqual([...UPSTREAM_MODEL_HOSTS]);
    expect(modelHosts('  ')).toEqual([...UPSTREAM_MODEL_HOSTS]);
  });

  it('lets scripts come only from the app, compiles wasm, and forbids plugins and frames', () => {
    const csp = buildCsp({ modelBase: 'models/' });
    expect(directive(csp, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
    expect(directive(csp, 'frame-src')).toEqual(["'none'"]);
    expect(csp).not.toContain("'unsafe-eval'");
  });

  it('refuses a model base that is not http(s)', () => {
    expect(() => modelHosts('ftp://example.org/models/')).toThrow(RangeError);
  });
});

describe('the page-policy script', () => {
  /** Runs the built script against a fake page and storage; returns the meta element it wrote. */
  function run(modelBase: string | undefined, stored: string | null | 'throws') {
    const written: { httpEquiv: string; content: string; attrs: Record<string, string> }[] = [];
    const page = {
      head: { appendChild: (m: unknown) => written.push(m as (typeof written)[number]) },
      createElement: () => {
        const m = { httpEquiv: '', content: '', attrs: {} as Record<string, string>, setAttribute: (n: string, v: string) => (m.attrs[n] = v) };
        return m;
      },
    };
    const storage = {
      getItem: (k: string) => {
        if (stored === 'throws') throw new Error('SecurityError');
        return k === MODEL_HOST_KEY ? stored : null;
      },
    };
    const window = { localStorage: storage };
    new Function('document', 'window', pagePolicyScript(modelBase))(page, window);
    expect(written).toHaveLength(1);
    return written[0]!;
  }

  it("writes the build's policy when the person set no model host, exactly as buildCsp gives it", () => {
    for (const base of [undefined, 'models/', 'https://cdn.example.org/m/']) {
      const meta = run(base, null);
      expect(meta.httpEquiv).toBe('Content-Security-Policy');
      expect(meta.content).toBe(buildCsp({ modelBase: base }));
      expect(meta.attrs['data-model-host']).toBe('');
    }
    expect(run(undefined, 'throws').content).toBe(buildCsp({}));
  });

  it("allows the person's model host instead of the build's, and only a valid one", () => {
    const meta = run(undefined, 'http://127.0.0.1:8080/ok/');
    expect(directive(meta.content, 'connect-src')).toEqual(["'self'", 'http://127.0.0.1:8080']);
    expect(meta.attrs['data-model-host']).toBe('http://127.0.0.1:8080');
    expect(meta.content).toBe(buildCsp({ connectHosts: ['http://127.0.0.1:8080'] }));
    expect(directive(run('models/', 'http://evil.example.org/').content, 'connect-src')).toEqual(["'self'"]);
  });

  it('reads the hosts in force back from the page', () => {
    const meta = { getAttribute: (n: string) => (n === 'content' ? buildCsp({ connectHosts: ['https://m.example'] }) : 'https://m.example') };
    expect(currentConnectPolicy({ querySelector: () => meta })).toEqual({ hosts: ['https://m.example'], chosen: 'https://m.example' });
    expect(currentConnectPolicy({ querySelector: () => null })).toBeNull();
  });
});
