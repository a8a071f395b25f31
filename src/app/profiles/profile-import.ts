/**
 * Reading a profile file the person imports, off the page's thread: the
 * size is checked first ({@link PROFILE_MAX_BYTES}, as `confide ask
 * --profile` caps it), then the files worker (workers/bench-files.worker.ts)
 * reads, parses and checks it, so neither a long parse nor a huge file holds
 * the page (an 80 MB profile stalled it 2.5–2.8 s, and 400 MB crashed the tab).
 */
import { wrap } from 'comlink';
import type { CalibrationProfile } from '../../core/profile.ts';
import { PROFILE_MAX_BYTES, type BenchFilesApi, type FileResult } from '../../engines/files/bench-files-api.ts';
import { spawnFilesWorker } from '../files-client.ts';

export { PROFILE_MAX_BYTES };

/**
 * The profile in `file`, or why it cannot be imported (`TOO_LARGE`, `BAD_JSON`, `BAD_PROFILE`).
 *
 * @example const r = await readProfileOffThread(file); if (r.ok) store.save(r.value);
 */
export async function readProfileOffThread(file: File, spawn: () => Worker = spawnFilesWorker): Promise<FileResult<CalibrationProfile>> {
  if (file.size > PROFILE_MAX_BYTES) {
    return {
      ok: false,
      code: 'TOO_LARGE',
      message: `${file.name} is ${(file.size / 2 ** 20).toFixed(1)} MiB; a profile is at most ${PROFILE_MAX_BYTES / 2 ** 20} MiB (the bundled one is a few KB). Choose a profile exported by Confide.`,
    };
  }
  const worker = spawn();
  try {
    const failed = new Promise<FileResult<CalibrationProfile>>((resolve) =>
      worker.addEventListener('error', (e) =>
        resolve({ ok: false, code: 'WORKER_FAILED', message: `${file.name} could not be read: the file worker stopped${e.message ? ` (${e.message})` : ''}.` }),
      ),
    );
    return await Promise.race([wrap<BenchFilesApi>(worker).readProfile(file, file.name, PROFILE_MAX_BYTES), failed]);
  } finally {
    worker.terminate();
  }
}
