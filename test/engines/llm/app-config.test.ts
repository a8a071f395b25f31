import { describe, expect, it } from 'vitest';
import { buildAppConfig, buildTimeModelBase, resolveModelBase } from '../../../src/engines/llm/app-config.ts';
import { MODELS } from '../../../src/engines/llm/models.ts';

const ID = 'Qwen2.5-Coder-1.5B-Instruct-q4f16_1-MLC';
const LIB = 'Qwen2-1.5B-Instruct-q4f16_1-ctx4k_cs1k-webgpu.wasm';
const recordFor = (base: string | undefined, location: string) => buildAppConfig({ base, location }).model_list.find((m) => m.model_id === ID)!;

describe('buildAppConfig builds absolute URLs web-llm accepts', () => {
  it('at the site root, with a relative base', () => {
    const r = recordFor('models/', 'https://host.example/');
    expect(r.model).toBe(`https://host.example/models/${ID}/resolve/main/`);
    expect(r.model_lib).toBe(`https://host.example/models/libs/${LIB}`);
  });

  it('under a sub-path, from the page URL (with or without index.html, query and hash)', () => {
    for (const location of ['https://host.example/sub/path/', 'https://host.example/sub/path/index.html?x=1#ask']) {
      const r = recordFor('models/', location);
      expect(r.model).toBe(`https://host.example/sub/path/models/${ID}/resolve/main/`);
      expect(r.model_lib).toBe(`https://host.example/sub/path/models/libs/${LIB}`);
    }
  });

  it('adds the missing trailing slash to the base, and honours ./ and ../', () => {
    expect(recordFor('models', 'https://host.example/sub/path/').model).toBe(`https://host.example/sub/path/models/${ID}/resolve/main/`);
    expect(recordFor('./m', 'https://host.example/a/b/').model).toBe(`https://host.example/a/b/m/${ID}/resolve/main/`);
    expect(recordFor('../shared-models/', 'https://host.example/a/b/').model).toBe(`https://host.example/a/shared-models/${ID}/resolve/main/`);
  });

  it('with a root-relative or absolute base', () => {
    expect(recordFor('/llm', 'https://host.example/sub/path/').model).toBe(`https://host.example/llm/${ID}/resolve/main/`);
    const r = recordFor('https://cdn.example.net/weights/', 'https://host.example/sub/');
    expect(r.model).toBe(`https://cdn.example.net/weights/${ID}/resolve/main/`);
    expect(r.model_lib).toBe(`https://cdn.example.net/weights/libs/${LIB}`);
  });

  it('upstream (Hugging Face and GitHub) when the base is empty or missing', () => {
    for (const base of [undefined, '', '  ']) {
      const r = recordFor(base, 'https://host.example/');
      expect(r.model).toBe(`https://huggingface.co/mlc-ai/${ID}`);
      expect(r.model_lib).toBe(`https://raw.githubusercontent.com/mlc-ai/binary-mlc-llm-libs/main/web-llm-models/v0_2_48/${LIB}`);
    }
  });

  it('carries VRAM, context window, and shader-f16 as a required feature of f16 builds only', () => {
    const list = buildAppConfig({ location: 'https://host.example/' }).model_list;
    expect(list).toHaveLength(MODELS.length);
    for (const r of list) {
      const f16 = r.model_id.includes('q4f16');
      expect(r.required_features ?? []).toEqual(f16 ? ['shader-f16'] : []);
      expect(r.overrides?.context_window_size).toBe(4096);
      expect(r.vram_required_MB).toBeGreaterThan(0);
    }
  });

  it('passes a cache backend through, and resolveModelBase leaves upstream as undefined', () => {
    expect(buildAppConfig({ location: 'https://h/', cacheBackend: 'indexeddb' }).useIndexedDBCache).toBe(true);
    expect(buildAppConfig({ location: 'https://h/', cacheBackend: 'cache' }).useIndexedDBCache).toBeUndefined();
    expect(resolveModelBase('', 'https://h/')).toBeUndefined();
    expect(buildTimeModelBase()).toBeUndefined();
  });
});
