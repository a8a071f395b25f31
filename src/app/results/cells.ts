/**
 * A result table's cells, drawn bounded whatever the data: a cell shows at
 * most `max` characters; a shortened one says how long it is and offers
 * "Show all" (drawn in the page up to CELL_EXPAND_CHARS) and "Download" (the
 * whole value as a text file); a cell the caller's query cut reads its whole
 * value first. A short cell can be a link (a foreign key's row).
 */
import type { Cell } from '../../core/exec/types.ts';
import { el, replace } from '../ui/dom.ts';
import { downloadBlob, downloadText } from '../ui/download.ts';
import { CELL_EXPAND_CHARS, formatCell, plural, shortenText } from '../ui/format.ts';

/**
 * A cell whose query cut it (its whole `length` is known, the value is read
 * by `whole` when asked for): shortened as any long cell, with "Show all"
 * (up to CELL_EXPAND_CHARS) and "Download" reading the whole value first.
 *
 * @example tr.append(cutCellElement(text, 100_000_000, 200, '1', 'body', () => readWhole()));
 */
export function cutCellElement(cell: Cell, length: number, max: number, rowLabel: string, column: string, whole: () => Promise<Blob>): HTMLElement {
  const td = el('td');
  const short = shortenText(formatCell(cell), max);
  const what = `row ${rowLabel}, ${shortenText(column, 40).text}`;
  const note = el('span', { class: 'cell-cut muted' }, ` (${plural(length, 'character')}) `);
  const read = async (then: (blob: Blob) => Promise<void> | void): Promise<void> => {
    replace(note, ' (reading the whole value…) ');
    try {
      await then(await whole());
      replace(note, ` (${plural(length, 'character')}) `);
    } catch (e) {
      const m = (e as { message?: unknown } | null)?.message;
      replace(note, el('span', { class: 'error' }, ` (the whole value could not be read: ${typeof m === 'string' ? m : String(e)}) `));
    }
  };
  const collapsed = (): void => {
    const actions: HTMLElement[] = [];
    if (length <= CELL_EXPAND_CHARS) {
      actions.push(
        el(
          'button',
          { type: 'button', class: 'cell-action', 'aria-label': `Show all of ${what}`, onclick: () => void read(async (blob) => expanded(await blob.text())) },
          'Show all',
        ),
      );
    }
    actions.push(
      el(
        'button',
        {
          type: 'button',
          class: 'cell-action',
          'aria-label': `Download ${what}`,
          onclick: () => void read((blob) => downloadBlob(`cell-row${rowLabel}.txt`, blob)),
        },
        'Download',
      ),
    );
    replace(td, short.text, '…', note, ...actions);
  };
  const expanded = (full: string): void => {
    replace(
      td,
      el('div', { class: 'cell-full' }, full),
      el('button', { type: 'button', class: 'cell-action', 'aria-label': `Show less of ${what}`, onclick: collapsed }, 'Show less'),
    );
  };
  collapsed();
  return td;
}

/**
 * One cell, shortened to `max` characters with "Show all" / "Download" when it is longer; a short one can be a link.
 *
 * @example tr.append(cellElement('Poetry', 200, '1', 'genre', null));
 */
export function cellElement(cell: Cell, max: number, rowLabel: string, column: string, link: { href: string; title: string } | null): HTMLElement {
  const td = el('td', { class: cell === null ? 'null' : undefined });
  const full = formatCell(cell);
  const short = shortenText(full, max);
  if (!short.cut) {
    td.append(link === null ? full : el('a', { href: link.href, title: link.title, class: 'cell-link' }, full));
    return td;
  }
  const what = `row ${rowLabel}, ${shortenText(column, 40).text}`;
  const collapsed = (): void => {
    const actions: HTMLElement[] = [];
    if (full.length <= CELL_EXPAND_CHARS) {
      actions.push(el('button', { type: 'button', class: 'cell-action', 'aria-label': `Show all of ${what}`, onclick: expanded }, 'Show all'));
    }
    actions.push(el('button', { type: 'button', class: 'cell-action', 'aria-label': `Download ${what}`, onclick: download }, 'Download'));
    replace(td, short.text, '…', el('span', { class: 'cell-cut muted' }, ` (${plural(full.length, 'character')}) `), ...actions);
  };
  const expanded = (): void => {
    replace(
      td,
      el('div', { class: 'cell-full' }, full),
      el('button', { type: 'button', class: 'cell-action', 'aria-label': `Show less of ${what}`, onclick: collapsed }, 'Show less'),
    );
  };
  const download = (): void => downloadText(`cell-row${rowLabel}.txt`, full, 'text/plain');
  collapsed();
  return td;
}
