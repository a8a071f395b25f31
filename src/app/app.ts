/**
 * The app, started by main.ts: a SQL worker pool, the database bar, the schema panel and the
 * sections (Ask, Evaluate, Profiles, SQL console), each at its own hash route
 * (router.ts). Opens the bundled demo database at start unless the URL says
 * `?db=none`.
 */
import { ormVerifier } from '../engines/orm/index.ts';
import { browserSqlSpawn, createSqlPool } from '../engines/sql/index.ts';
import { askView } from './ask/ask-view.ts';
import { liveModel } from './ask/live-model.ts';
import { ormModelPanel } from './orm/model-panel.ts';
import { openOrmModelStore } from './orm/model-store.ts';
import { createOrmClient } from './orm/orm-client.ts';
import { consoleView } from './console-view.ts';
import { evaluateView } from './evaluate/evaluate-view.ts';
import { createDatabaseController } from './database.ts';
import { databaseBar } from './database-bar.ts';
import { openLastFileStore } from './last-file.ts';
import { el, replace } from './dom.ts';
import { profilesView } from './profiles/profiles-view.ts';
import { createProfileStore } from './profiles/store.ts';
import { renderSchemaPanel } from './schema-panel.ts';
import { wireSkipLink } from './skip-link.ts';
import { tableBrowser } from './table-browser.ts';
import { createRouter } from './router.ts';
import { createTabs } from './tabs.ts';
import { startupNoticesView } from './startup-notices.ts';
import { pageStorage } from './stored.ts';

const root = document.getElementById('app')!;
const pool = createSqlPool({ spawn: browserSqlSpawn });
const dbs = createDatabaseController(pool);
const bar = databaseBar(dbs, await openLastFileStore());
const schemaAside = el('aside', { class: 'schema-panel', 'aria-labelledby': 'schema-heading' }, el('h2', { id: 'schema-heading' }, 'Schema'), el('p', { class: 'muted' }, 'No database open.'));
const browser = tableBrowser(pool, dbs);
dbs.onChange((db) => renderSchemaPanel(schemaAside, db.schema, db.name, {
  countRows: (table) => dbs.countRows(table),
  onBrowse: (table) => {
    openConsole();
    browser.browse(table);
  },
}));

/** Shows the console with its current query in the URL. */
const openConsole = (): void => router.go('console', sqlConsole.params());
const profiles = await createProfileStore(pageStorage('local'));
const live = liveModel();
const orm = createOrmClient(await openOrmModelStore());
const askPanel = el('section', {}, askView({ pool, dbs, profiles, live, orm: { verifier: ormVerifier(orm), panel: ormModelPanel(orm) }, openConsole }));
const evaluatePanel = el('section', {}, evaluateView({ pool, profiles, live, orm }));
const profilesPanel = el('section', {}, profilesView(profiles));
const sqlConsole = consoleView(pool, dbs, { onQuery: (params) => router.replace('console', params) });
const consolePanel = el('section', {}, sqlConsole.element, browser.element);
const views = [
  { id: 'ask', label: 'Ask', panel: askPanel },
  { id: 'evaluate', label: 'Evaluate', panel: evaluatePanel },
  { id: 'profiles', label: 'Profiles', panel: profilesPanel },
  { id: 'console', label: 'SQL console', panel: consolePanel },
];
const tabs = createTabs(views, (id, focus) => {
  if (id === 'console') openConsole();
  else router.go(id);
  if (focus) tabs.show(id, true);
});
const router = createRouter(views.map((v) => v.id), 'ask', (route, cause) => {
  tabs.show(route.view);
  if (route.view !== 'console') return;
  sqlConsole.shown();
  sqlConsole.route(route.params, cause);
});
// The sections come before the schema in the page's order (CSS puts the schema on the left): Tab reaches the question first.
const main = el('main', { id: 'main', class: 'layout' }, el('div', { class: 'sections' }, startupNoticesView(), tabs.bar, askPanel, evaluatePanel, profilesPanel, consolePanel), schemaAside);
replace(root, bar.element, main);
wireSkipLink(document.querySelector<HTMLAnchorElement>('a.skip-link'), main);
router.start();

if (new URLSearchParams(location.search).get('db') !== 'none') {
  void bar.reopenLast().then(async (reopened) => reopened || bar.report('The demo database', await dbs.openDemo()));
}
