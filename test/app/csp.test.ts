import { describe, expect, it } from 'vitest';
import { buildCsp, modelHosts, UPSTREAM_MODEL_HOSTS } from '../../src/app/csp.ts';

const directive = (csp: string, name: string): string[] => csp.split('; ').find((d) => d.startsWith(`${name} `))!.split(' ').slice(1);

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
