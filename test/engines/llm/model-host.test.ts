import { describe, expect, it } from 'vitest';
import { checkModelHost } from '../../../src/engines/llm/model-host.ts';

describe('checkModelHost', () => {
  it('takes an https URL, or http on this machine, and gives the base with a trailing slash and its origin', () => {
    expect(checkModelHost(' https://models.example.org/confide ')).toEqual({
      ok: true,
      base: 'https://models.example.org/confide/',
      origin: 'https://models.example.org',
    });
    expect(checkModelHost('http://127.0.0.1:8080/ok/')).toEqual({ ok: true, base: 'http://127.0.0.1:8080/ok/', origin: 'http://127.0.0.1:8080' });
    expect(checkModelHost('http://localhost:3000')).toMatchObject({ ok: true, base: 'http://localhost:3000/' });
    expect(checkModelHost('http://[::1]:9/m')).toMatchObject({ ok: true, origin: 'http://[::1]:9' });
  });

  it('refuses what is not a full URL, plain http elsewhere, other schemes, credentials, queries and fragments', () => {
    for (const bad of [
      'models/',
      'example.org',
      'http://models.example.org/',
      'ftp://127.0.0.1/',
      'javascript:alert(1)',
      'https://u:p@h.example/',
      'https://h.example/?a=1',
      'https://h.example/#x',
      '',
    ]) {
      const r = checkModelHost(bad);
      expect(r.ok, bad).toBe(false);
      expect(!r.ok && r.message.length).toBeGreaterThan(10);
    }
    expect(checkModelHost('http://models.example.org/')).toMatchObject({ ok: false, message: expect.stringContaining('https') });
  });

  it('uses nothing outside its own body, so the page policy script can carry a copy of it', () => {
    const copy = new Function(`return (${checkModelHost.toString()})`)() as typeof checkModelHost;
    expect(copy('https://models.example.org/x')).toEqual(checkModelHost('https://models.example.org/x'));
  });
});
