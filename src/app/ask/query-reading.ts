/**
 * What a query does, in words, beside its SQL: "In words: counts rows of
 * Track whose Milliseconds is greater than 300 (written 5 * 60)". Read
 * locally from the parsed SQL by core/sql/describe (no language model), in
 * the page's analysis worker (analysis-client.ts: the page's thread parses no
 * query, and a query slow to parse is stopped there), started on first use,
 * so the first screen does not wait for it; the line fills in when it arrives.
 * A query the reader cannot put in words says so in a muted line.
 */
import type { SqlReading } from '../../core/sql/describe/index.ts';
import { pageAnalyzer } from '../analysis-client.ts';
import { el, replace } from '../ui/dom.ts';

/** The reading of `sql`, made in the analysis worker. */
export async function readQuery(sql: string): Promise<SqlReading> {
  const [reading] = await pageAnalyzer().describe([sql]);
  return reading as SqlReading;
}

/**
 * The line, filled in once the reading is made.
 *
 * @example card.append(sqlBlock(sql, 'Chosen SQL'), queryReading(sql));
 */
export function queryReading(sql: string): HTMLElement {
  const line = el('p', { class: 'reading', 'aria-live': 'off' });
  void readQuery(sql).then(
    (r) =>
      r.ok
        ? replace(line, el('span', { class: 'reading-label' }, 'In words: '), r.text)
        : (line.classList.add('muted'),
          replace(
            line,
            r.error.code === 'SQL_UNPARSED' ? 'Not read in words: the SQL parser does not read this query.' : `Not read in words: ${r.error.message}`,
          )),
    () => line.remove(), // the analysis worker did not start (offline after an update): the SQL above still says it all
  );
  return line;
}
