/**
 * The app, started by main.ts: a SQL worker pool, the database bar, the schema panel and the
 * sections (Ask, Evaluate, Profiles, SQL console, Browse), each at its own
 * hash route (router.ts); the console's queries and Browse's steps are
 * history entries of their own. Opens the bundled demo database at start
 * unless the URL says `?db=none`.
 */
import { REWARD_MODEL } from '../core/verifiers/index.ts';
import { ormVerifier } from '../engines/orm/index.ts';
import { browserSqlSpawn, createSqlPool } from '../engines/sql/index.ts';
import { askView } from './ask/ask-view.ts';
import { liveModel } from './ask/live-model.ts';
import { ormModelPanel } from './orm/model-panel.ts';
import { openOrmModelStore } from './orm/model-store.ts';
import { createOrmClient } from './orm/orm-client.ts';
import { consoleView } from './console/view.ts';
import { evaluateView } from './evaluate/evaluate-view.ts';
import { createDatabaseController } from './database/database.ts';
import { databaseBar } from './database/bar.ts';
import { openLastFileStore } from './database/last-file.ts';
import { el, replace } from './ui/dom.ts';
import { profilesView } from './profiles/profiles-view.ts';
import { createProfileStore } from './profiles/store.ts';
import { renderSchemaPanel } from './database/schema-panel.ts';
import { wireSkipLink } from './ui/skip-link.ts';
import { tableBrowser } from './browse/table-browser.ts';
import { createRouter } from './router.ts';
import { createTabs } from './ui/tabs.ts';
import { startupNoticesView } from './startup-notices.ts';
import { pageStorage } from './stored.ts';

const root = document.getElementById('app')!;
const sqlPool = createSqlPool({ spawn: browserSqlSpawn });
const dbs = createDatabaseController(sqlPool);
const wantDemo = new URLSearchParams(location.search).get('db') !== 'none';
// The demo's bytes are fetched while the page's stores open, so the example questions wait on the database only.
if (wantDemo) dbs.prefetchDemo();
const [lastFiles, profiles, ormStore] = await Promise.all([openLastFileStore(), createProfileStore(pageStorage('local')), openOrmModelStore()]);
const bar = databaseBar(dbs, lastFiles);
const schemaAside = el(
  'aside',
  { class: 'schema-panel', 'aria-labelledby': 'schema-heading' },
  el('h2', { id: 'schema-heading' }, 'Schema'),
  el('p', { class: 'muted' }, 'No database open.'),
);
/** The view shown now: only it writes its steps into the URL. */
let currentView = '';
const browser = tableBrowser(sqlPool, dbs, {
  onState: (params, how) => {
    if (currentView === 'browse') router[how]('browse', params);
  },
});
dbs.onChange((db) =>
  renderSchemaPanel(schemaAside, db.schema, db.name, {
    countRows: (table) => dbs.countRows(table),
    onBrowse: (table) => {
      router.go('browse', { table });
      browser.element.scrollIntoView({ block: 'start' });
    },
  }),
);

/** Shows the console with its current query in the URL. */
const openConsole = (): void => router.go('console', sqlConsole.params());
const live = liveModel();
const orm = createOrmClient(ormStore);
const askPanel = el(
  'section',
  {},
  askView({ sqlPool, dbs, profiles, live, switchable: [{ descriptor: REWARD_MODEL, verifier: ormVerifier(orm), panel: ormModelPanel(orm) }], openConsole }),
);
const evaluatePanel = el('section', {}, evaluateView({ sqlPool, profiles, live, orm }));
const profilesPanel = el('section', {}, profilesView(profiles));
const sqlConsole = consoleView(sqlPool, dbs, {
  onQuery: (params, how) => {
    if (currentView === 'console') router[how]('console', params);
  },
});
const consolePanel = el('section', {}, sqlConsole.element);
const browsePanel = el('section', {}, browser.element);
const views = [
  { id: 'ask', label: 'Ask', panel: askPanel },
  { id: 'evaluate', label: 'Evaluate', panel: evaluatePanel },
  { id: 'profiles', label: 'Profiles', panel: profilesPanel },
  { id: 'console', label: 'SQL console', panel: consolePanel },
  { id: 'browse', label: 'Browse', panel: browsePanel },
];
const tabs = createTabs(views, (id, focus) => {
  if (id === 'console') openConsole();
  else if (id === 'browse') router.go('browse', browser.params());
  else router.go(id);
  if (focus) tabs.show(id, true);
});
const router = createRouter(
  views.map((v) => v.id),
  'ask',
  (route, cause) => {
    currentView = route.view;
    tabs.show(route.view);
    if (route.view === 'browse') browser.route(route.params);
    if (route.view !== 'console') return;
    sqlConsole.shown();
    sqlConsole.route(route.params, cause);
  },
);
// The sections come before the schema in the page's order (CSS puts the schema on the left): Tab reaches the question first.
const main = el(
  'main',
  { id: 'main', class: 'layout' },
  el('div', { class: 'sections' }, startupNoticesView(), tabs.bar, askPanel, evaluatePanel, profilesPanel, consolePanel, browsePanel),
  schemaAside,
);
replace(root, bar.element, main);
wireSkipLink(document.querySelector<HTMLAnchorElement>('a.skip-link'), main);
router.start();

if (wantDemo) {
  void bar.reopenLast().then(async (reopened) => reopened || bar.report('The demo database', await dbs.openDemo()));
}
