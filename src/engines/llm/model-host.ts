/**
 * The model host a person types into the page: where model files are served
 * from (`<host>/<model_id>/resolve/main/…` and `<host>/libs/<library>`; the
 * layout is docs/models-hosting.md). Checked before it is remembered: an
 * absolute https URL, or http only on this machine (localhost, 127.x, [::1]),
 * without user name, password, query or fragment, whose origin is a bare
 * `https://host[:port]`: a host name of letters, digits, hyphens and dots
 * (as the URL parser writes it, international names in punycode), an IPv4
 * address or a bracketed IPv6 one, and a port of digits. The URL parser
 * keeps `;` and `,` in a host name (`https://host;script-src-elem` parses),
 * and the origin is written into the page's Content-Security-Policy, where
 * `;` starts another directive and `,` another policy: such a host once
 * blocked the app's own scripts after the reload. The base gets a trailing
 * slash; its origin is what the page's Content-Security-Policy allows.
 *
 * `checkModelHost` uses nothing outside its own body: the build copies it
 * into the small script that writes the page's connect-src policy before
 * anything else runs (src/app/csp.ts), so the page and the policy apply one
 * rule.
 */

/** The localStorage key of the person's model host. */
export const MODEL_HOST_KEY = 'confide.modelHost';

export type ModelHostCheck = { readonly ok: true; readonly base: string; readonly origin: string } | { readonly ok: false; readonly message: string };

/**
 * Checks a typed model host and returns its base URL (with a trailing slash)
 * and origin, or why it cannot be used.
 *
 * @example checkModelHost('https://models.example.org/confide') // {ok: true, base: 'https://models.example.org/confide/', origin: 'https://models.example.org'}
 * @example checkModelHost('http://models.example.org/').ok // false: http only on this machine
 */
export function checkModelHost(text: string): ModelHostCheck {
  const value = text.trim();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, message: `"${value}" is not a full URL: type one like https://models.example.org/confide/.` };
  }
  const local = url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    return { ok: false, message: `The model host must use https (http only on this machine), got ${url.protocol}//${url.host}.` };
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    return { ok: false, message: 'The model host URL may not carry a user name, password, query (?) or fragment (#).' };
  }
  // The origin goes into the Content-Security-Policy: nothing but a bare scheme, host and port may.
  if (!/^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/.test(url.origin)) {
    const shown = url.host.length > 80 ? `${url.host.slice(0, 80)}…` : url.host;
    return {
      ok: false,
      message: `The model host must be a plain host name (letters, digits, hyphens and dots), an IP address, and an optional port, like https://models.example.org:8443/; "${shown}" is not.`,
    };
  }
  const base = url.href.endsWith('/') ? url.href : `${url.href}/`;
  return { ok: true, base, origin: url.origin };
}
