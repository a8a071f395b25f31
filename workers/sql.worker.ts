/**
 * Browser module-worker entry for the SQL runner, started by
 * src/engines/sql/pool/browser-spawn.ts. Exposes the API at once; calls wait until
 * sql.js has loaded. The pool decides which databases stay open, so the
 * runner keeps them all. A database given as a File is read on demand with
 * FileReaderSync (never copied into the worker).
 */
import { expose } from 'comlink';
import wasmUrl from 'sql.js/dist/sql-wasm.wasm?url';
import { createSqlWorkerApi } from '../src/engines/sql/worker/worker-api.ts';
import { loadSqlRunner } from '../src/engines/sql/worker/load.ts';

expose(createSqlWorkerApi(loadSqlRunner({ wasmUrl, maxOpen: Number.POSITIVE_INFINITY })));
