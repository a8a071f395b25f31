/**
 * A reward model that expands a tensor past what broadcasting allows (its
 * one-row check at load passes; two rows do not) was refused with
 * onnxruntime's build path in the message
 * (`/mnt/azure_nvme_temp/_work/1/s/onnxruntime/core/providers/cpu/math/element_wise_ops.h:583 …`),
 * in the page and on the command line. Engine messages now reach people
 * with the folders of such paths dropped: the file, the line and the words stay.
 */
import { describe, expect, it } from 'vitest';
import { scrubBuildPaths } from '../../../src/core/scrub-paths.ts';
import { createOrmScorer } from '../../../src/node/orm/score.ts';
import { bundledDim, expandModel, sidecarFor } from '../../helpers/onnx-graphs.ts';

/** A folder part followed by a source file: what a build path looks like. */
const BUILD_PATH = /(?:[A-Za-z]:)?(?:[\\/][^\s\\/:]+){2,}[\\/][^\s\\/:]+\.(?:h|cc|cpp|c)\b/;

describe('engine error messages', () => {
  it('name no build path when onnxruntime refuses a model at run time', { timeout: 60_000 }, async () => {
    const model = expandModel(bundledDim());
    const scorer = await createOrmScorer(model, sidecarFor('expand', model));
    try {
      const r = await scorer.score([
        { question: 'How many?', sql: 'SELECT 1' },
        { question: 'How many?', sql: 'SELECT 2' },
      ]);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.code).toBe('ORM_RUN_FAILED');
      expect(r.error.message).toContain('element_wise_ops.h');
      expect(r.error.message).toContain('Attempting to broadcast an axis');
      expect(r.error.message).not.toMatch(BUILD_PATH);
    } finally {
      await scorer.unload();
    }
  });

  it('drop the folders of POSIX and Windows build paths and nothing else', () => {
    expect(
      scrubBuildPaths('ERROR_MESSAGE: /mnt/azure_nvme_temp/_work/1/s/onnxruntime/core/providers/cpu/math/element_wise_ops.h:583 void f() was false.'),
    ).toBe('ERROR_MESSAGE: element_wise_ops.h:583 void f() was false.');
    expect(scrubBuildPaths('at D:\\a\\_work\\1\\s\\onnxruntime\\core\\graph\\graph.cc:1401 Node (x)')).toBe('at graph.cc:1401 Node (x)');
    expect(scrubBuildPaths('/onnxruntime_src/onnxruntime/core/framework/execution_frame.cc')).toBe('execution_frame.cc');
    for (const kept of ['The ORM model /home/me/models/m.onnx is 40 MiB', 'no such table: a/b/c', 'see docs/security.md'])
      expect(scrubBuildPaths(kept)).toBe(kept);
  });
});
