import { describe, expect, it } from 'vitest';
import { buildJudgePrompt, buildVerbalizedJudgePrompt, JUDGE_PROMPT_VERSION } from '../../../src/core/prompt/judge-prompt.ts';
import { renderSchema } from '../../../src/core/prompt/schema-text.ts';
import { buildSqlPrompt, PROMPT_VERSION, SQL_SYSTEM_PROMPT } from '../../../src/core/prompt/sql-prompt.ts';
import type { Schema } from '../../../src/core/schema.ts';

const schema: Schema = {
  tables: [
    {
      name: 'singer',
      columns: [{ name: 'name', type: 'TEXT', notNull: false, pk: 0, samples: ['Joe'] }],
      primaryKey: [],
      foreignKeys: [],
      rowCount: 1,
      sql: '',
    },
  ],
};

describe('buildSqlPrompt', () => {
  it('sends the system prompt, then schema, evidence and question in that order, and names its version', () => {
    const { version, messages } = buildSqlPrompt({ schema, question: ' How many singers? ', evidence: 'singer means a row' });
    expect(version).toBe(PROMPT_VERSION);
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[0]!.content).toBe(SQL_SYSTEM_PROMPT);
    const user = messages[1]!.content;
    const at = (s: string) => user.indexOf(s);
    expect(at(renderSchema(schema))).toBeGreaterThan(-1);
    expect(at(renderSchema(schema))).toBeLessThan(at('Evidence: singer means a row'));
    expect(at('Evidence: singer means a row')).toBeLessThan(at('Question: How many singers?'));
    expect(user).toMatch(/one SQLite query/);
  });

  it('leaves out an empty evidence', () => {
    const { messages } = buildSqlPrompt({ schema, question: 'q', evidence: '  ' });
    expect(messages[1]!.content).not.toContain('Evidence');
  });
});

describe('judge prompts', () => {
  const input = { schema, question: 'How many singers?', sql: 'SELECT count(*) FROM singer' };

  it('asks for Yes or No about the candidate', () => {
    const user = buildJudgePrompt(input)[1]!.content;
    expect(user).toContain('```sql\nSELECT count(*) FROM singer\n```');
    expect(user).toContain('Question: How many singers?');
    expect(user.endsWith('Answer Yes or No.')).toBe(true);
    expect(JUDGE_PROMPT_VERSION).toMatch(/judge/);
  });

  it('asks for a 0–100 number in the fallback', () => {
    const user = buildVerbalizedJudgePrompt({ ...input, evidence: 'e' })[1]!.content;
    expect(user).toContain('Evidence: e');
    expect(user).toMatch(/from 0 .* to 100/);
    expect(user.endsWith('Reply with the number only.')).toBe(true);
  });
});
