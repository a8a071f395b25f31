/**
 * The offered models with what this browser holds of each: the estimated
 * download, whether it is downloaded (in full or in part) and how many bytes
 * it takes, whether it is loaded, and a Delete for any that has files here.
 * Rendering only: the cache module reads and deletes.
 */
import type { CachedModel, ModelInfo } from '../../engines/llm/index.ts';
import { el, replace } from '../ui/dom.ts';

/** Bytes as MB (10^6), the unit the download estimates use. */
export const formatMB = (bytes: number): string => `${(bytes / 1e6).toFixed(bytes < 10e6 ? 1 : 0)} MB`;

const STATE_TEXT: Readonly<Record<CachedModel['state'], string>> = {
  complete: 'in this browser',
  partial: 'partly downloaded',
  none: 'not downloaded',
};

/**
 * Redraws the list.
 *
 * @example renderModelList(list, offered, await cache.inventory(), loadedId, (id) => remove(id));
 */
export function renderModelList(
  list: HTMLElement,
  offered: readonly ModelInfo[],
  inventory: readonly CachedModel[],
  loaded: string | null,
  onDelete: (model: ModelInfo) => void,
): void {
  const byId = new Map(inventory.map((m) => [m.modelId, m]));
  replace(
    list,
    ...offered.map((m) => {
      const held = byId.get(m.id) ?? { modelId: m.id, state: 'none' as const, bytes: 0, files: 0 };
      return el(
        'li',
        { 'data-model': m.id, 'data-cached': String(held.state === 'complete'), 'data-state': held.state, 'data-bytes': held.bytes },
        el('strong', {}, m.label),
        ` · about ${m.downloadMB} MB to download${m.needsShaderF16 ? ' (needs a GPU with shader-f16)' : ''} · `,
        el('span', { class: held.state === 'complete' ? 'badge ok' : 'badge' }, STATE_TEXT[held.state]),
        held.state === 'none' ? '' : `, ${formatMB(held.bytes)}`,
        m.id === loaded ? ' ' : null,
        m.id === loaded ? el('span', { class: 'badge ok' }, 'loaded') : null,
        held.state === 'none' ? null : ' ',
        held.state === 'none'
          ? null
          : el('button', { type: 'button', class: 'small', 'aria-label': `Delete ${m.label} from this browser`, onclick: () => onDelete(m) }, 'Delete'),
      );
    }),
  );
}
