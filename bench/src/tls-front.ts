import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/*
 * What stands in front of the site where it is deployed: a TLS terminator that speaks HTTP/2 to
 * the browser and HTTP/1.1 to the bff (a load balancer, a CDN). Browsers speak HTTP/2 only over
 * TLS, so a loopback visit over plain HTTP gets HTTP/1.1 with six connections, and Lighthouse's
 * simulated 150 ms round trip is paid once per request per connection: a page of 17 files pays
 * it three times. The Lighthouse bench measures through this front as well as without it.
 * The certificate is self-signed for 127.0.0.1 (Chromium is started with
 * --ignore-certificate-errors) and made by `openssl` at start, so no key is kept in the repository.
 */

export interface TlsFront {
  base: string;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'sukoyaka-bench-tls-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', 'key.pem', '-out', 'cert.pem'],
      { cwd: dir, stdio: 'ignore' },
    );
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } catch (error) {
    throw new Error(`the TLS front needs openssl to make its certificate (apt-get install -y openssl): ${String(error)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An HTTPS + HTTP/2 front on a loopback port that forwards every request to `target` over HTTP/1.1. */
export async function startTlsFront(target: string): Promise<TlsFront> {
  const { hostname, port } = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const server = http2.createSecureServer(selfSignedCertificate());
  server.on('stream', (stream, headers) => {
    const forwarded: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) {
      if (!name.startsWith(':') && !HOP_BY_HOP.has(name) && value !== undefined) forwarded[name] = value;
    }
    forwarded.host = headers[':authority'] ?? `${hostname}:${port}`;
    // As a TLS terminator tells the app (the bff trusts it only when TRUST_PROXY says so).
    forwarded['x-forwarded-proto'] = 'https';
    const request = http.request(
      { host: hostname, port, agent, method: headers[':method'], path: headers[':path'], headers: forwarded },
      (response) => {
        const answer: http2.OutgoingHttpHeaders = { ':status': response.statusCode ?? 502 };
        for (const [name, value] of Object.entries(response.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) answer[name] = value;
        }
        if (stream.destroyed) return;
        stream.respond(answer);
        response.pipe(stream);
      },
    );
    request.on('error', () => stream.destroy());
    stream.on('error', () => request.destroy());
    stream.pipe(request);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        // Open sessions (the browser keeps its connection) would hold close() forever.
        setTimeout(resolve, 1000).unref();
      }),
  };
}
