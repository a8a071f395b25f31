/**
 * A model host for the live test, on its own origin (so CORS and the page's
 * security policy are exercised as with a real host). It serves the fixture
 * model laid out as the app expects (`<base><model_id>/resolve/main/<file>`,
 * `<base>libs/<library>`), with Content-Length, CORS and HEAD, under several
 * bases that differ in one way each:
 *   - `ok/`: everything;
 *   - `missing-shard/`: `params_shard_3.bin` answers 404;
 *   - `bad-lib/`: the model library answers 404 (a wrong library URL);
 *   - `truncated/`: `params_shard_2.bin` is served cut to half its length.
 * `hold(file)` makes the next request for that file under `ok/` wait until
 * `release()` (or until the browser gives up on it), so a test can see a
 * download in progress and cancel it. The library is read from where it
 * lies (../shared/webllm-runtime), never copied.
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';

export type Variant = 'ok' | 'missing-shard' | 'bad-lib' | 'truncated';
export const MISSING_SHARD = 'params_shard_3.bin';
export const TRUNCATED_SHARD = 'params_shard_2.bin';

export interface ModelServer {
  /** `http://127.0.0.1:<port>/` */
  readonly origin: string;
  /** The model host base of a variant, e.g. `http://127.0.0.1:<port>/ok/`. */
  base(variant: Variant): string;
  /** Every request as `METHOD path`, in order. */
  readonly log: string[];
  hold(file: string): void;
  /** Resolves when a held request has arrived. */
  held(): Promise<void>;
  release(): void;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.json': 'application/json', '.wasm': 'application/wasm', '.bin': 'application/octet-stream' };

/**
 * Starts the host for one model folder and one library file.
 *
 * @example const host = await startModelServer({ modelId, modelDir, libraryPath });
 */
export async function startModelServer(options: { modelId: string; modelDir: string; libraryPath: string }): Promise<ModelServer> {
  const log: string[] = [];
  let holdFile: string | null = null;
  let arrived: (() => void) | null = null;
  let arrivedPromise: Promise<void> = new Promise((r) => (arrived = r));
  let releaseHeld: (() => void) | null = null;
  const cors = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'content-length' };

  const send = (req: IncomingMessage, res: ServerResponse, file: string, cut: boolean): void => {
    const full = statSync(file).size;
    const size = cut ? Math.floor(full / 2) : full;
    const type = TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream';
    res.on('error', () => undefined); // the browser may hang up (a cancelled download)
    res.writeHead(200, { 'content-type': type, 'content-length': size, ...cors });
    if (req.method === 'HEAD') return void res.end();
    const body = createReadStream(file, { start: 0, end: size - 1 });
    body.on('error', () => res.destroy());
    body.pipe(res);
  };

  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    log.push(`${req.method} ${path}`);
    if (req.method === 'OPTIONS') return void res.writeHead(204, { ...cors, 'access-control-allow-headers': '*' }).end();
    const m = /^\/(ok|missing-shard|bad-lib|truncated)\/(.*)$/.exec(path);
    const notFound = (): void => void res.writeHead(404, cors).end('not found');
    if (m === null) return notFound();
    const variant = m[1] as Variant;
    const rest = m[2]!;
    const lib = basename(options.libraryPath);
    if (rest === `libs/${lib}`) return variant === 'bad-lib' ? notFound() : send(req, res, options.libraryPath, false);
    const prefix = `${options.modelId}/resolve/main/`;
    if (!rest.startsWith(prefix)) return notFound();
    const name = rest.slice(prefix.length);
    if (name.includes('/') || name.startsWith('.')) return notFound();
    if (variant === 'missing-shard' && name === MISSING_SHARD) return notFound();
    const file = join(options.modelDir, name);
    try {
      if (!statSync(file).isFile()) return notFound();
    } catch {
      return notFound();
    }
    if (variant === 'ok' && name === holdFile && req.method === 'GET') {
      holdFile = null;
      arrived?.();
      const go = (): void => {
        if (!res.destroyed && !req.socket.destroyed) send(req, res, file, false);
      };
      releaseHeld = go;
      return;
    }
    send(req, res, file, variant === 'truncated' && name === TRUNCATED_SHARD);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    origin,
    base: (variant) => `${origin}${variant}/`,
    log,
    hold(file) {
      holdFile = file;
      arrivedPromise = new Promise((r) => (arrived = r));
    },
    held: () => arrivedPromise,
    release() {
      releaseHeld?.();
      releaseHeld = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
