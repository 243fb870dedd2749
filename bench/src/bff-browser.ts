import { AUTHENTICITY_TOKEN_HEADER } from '@sukoyaka/contract';

/**
 * One member's browser calling the bff over HTTP, as mf-shared's client does: every cookie the
 * site sets kept and sent back, the authenticity token taken from each answer and sent with the
 * next call. A call that does not answer 2xx throws with its status and text.
 */
export function bffBrowser(base: string) {
  const jar = new Map<string, string>();
  let token = '';
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const call = async (method: 'GET' | 'POST', name: string, body?: unknown): Promise<Record<string, unknown>> => {
    const response = await fetch(`${base}/api/bff/${name}`, {
      method,
      headers: {
        cookie: cookieHeader(),
        'content-type': 'application/json',
        [AUTHENTICITY_TOKEN_HEADER]: token,
        'x-requested-with': 'XMLHttpRequest',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    token = response.headers.get(AUTHENTICITY_TOKEN_HEADER) ?? token;
    if (!response.ok) throw new Error(`${name} answered ${response.status}: ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  return {
    call,
    /** The Cookie header the browser sends now. */
    cookieHeader,
    /** One cookie's value, if the site set it. */
    cookie: (name: string) => jar.get(name),
    /** Takes the authenticity token, then signs in; answers signIn's answer. */
    async signIn(email: string, password: string): Promise<Record<string, unknown>> {
      token = String((await call('GET', 'getAuthenticityTokenForClient')).authenticityToken);
      return call('POST', 'signIn', { email, password });
    },
  };
}
