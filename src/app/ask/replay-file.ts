/**
 * Another candidate file for replay, chosen by the person: read and parsed
 * in the bench-files worker as a stream, as Evaluate reads it (the page never
 * holds the file as one string), with its progress on the source's line; a
 * newer choice stops the one being read.
 */
import { readCandidatesOffThread } from '../files-client.ts';
import { el, replace } from '../ui/dom.ts';
import { replayFromRecords } from './replay-source.ts';
import { setReplay, type SourceControls } from './source-controls.ts';

/**
 * Reads the file chosen in the replay input and, once read, replays it.
 *
 * @example s.replayFile.addEventListener('change', () => readReplayFile(s));
 */
export async function readReplayFile(s: SourceControls): Promise<void> {
  const { note } = s;
  const f = s.replayFile.files?.[0];
  if (!f) return;
  s.reading?.abort();
  const mine = (s.reading = new AbortController());
  replace(note, el('p', { class: 'muted', id: 'replay-reading' }, `Reading ${f.name}…`));
  try {
    const records = await readCandidatesOffThread(f, {
      signal: mine.signal,
      onProgress: (done, total) =>
        mine.signal.aborted ||
        replace(note, el('p', { class: 'muted', id: 'replay-reading' }, `Reading ${f.name}: ${total > 0 ? Math.round((100 * done) / total) : 0}%…`)),
    });
    if (mine.signal.aborted) return;
    s.select.value = 'replay';
    setReplay(s, replayFromRecords(records, f.name));
  } catch (e) {
    if (mine.signal.aborted) return;
    replace(note, el('p', { class: 'error', role: 'alert' }, e instanceof Error ? e.message : String(e)));
  }
}
