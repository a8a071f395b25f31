/**
 * Worker entry for Evaluate's file work (unzipping, parsing question and
 * candidate files): src/engines/files/bench-files-api.ts, exposed as is; a
 * zip entry's bytes are transferred, not copied.
 */
import { expose, transfer } from 'comlink';
import { createBenchFilesApi, type BenchFilesApi } from '../src/engines/files/bench-files-api.ts';

const api = createBenchFilesApi();

expose({
  ...api,
  async readZip(path, maxBytes, onProgress) {
    const r = await api.readZip(path, maxBytes, onProgress);
    return r.ok && r.value !== null ? transfer(r, [r.value.buffer]) : r;
  },
} satisfies BenchFilesApi);
