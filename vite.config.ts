import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { ModuleInfo, OutputChunk } from 'rolldown';
import { defineConfig, type Plugin } from 'vitest/config';
import { contractPathsPlugin } from './scripts/contract-paths-plugin.ts';
import { precompress } from './scripts/precompress.ts';
import { serviceWorkerPlugin } from './scripts/service-worker-plugin.ts';

const outDir = path.resolve(import.meta.dirname, 'dist/client');
/** The server's render of the landing page (`vite build --ssr src/client/prerender.tsx`; see that file). */
const prerenderDir = path.resolve(import.meta.dirname, 'dist/prerender');

/**
 * What RJSF imports and our forms never use, replaced for RJSF alone (see each replacement): @rjsf/mui's
 * RangeWidget (MUI's Slider; its widget list imports every widget, used or not) and SelectWidget (MUI's
 * menu; the wizard's lists are PlainSelect) by RJSF's own, and
 * fast-uri (for 2020-12 `$id`s) by the browser's URL. ~14 KiB of gzip off the wizard's first step.
 * And the decimal separator remembered rather than computed again on every render of a number field.
 * Then (~6 KiB more): fast-equals by a small deep-equals, the templates the wizard replaces or never
 * shows by nothing, and MUI's TouchRipple by nothing (the theme turns ripples off).
 */
const UNUSED_RJSF_MUI_TEMPLATES = new Set(['../ErrorList/index.js', '../TitleField/index.js']);

/**
 * RJSF's parts that the wizard's first step never draws, by the list of RJSF's parts that imports each:
 * each is swapped there for a stand-in that loads it the first time a form draws it
 * (src/client/vendor/lazy-part.tsx), so no form loses a part it may use. A part is named by its path
 * from that list, then, for a file of several, the names imported; a table's parts (`tables`) load
 * together. They are RJSF's own templates and widgets that @rjsf/mui replaces (so no form draws them),
 * and @rjsf/mui's that our theme replaces (rjsf-theme.tsx) or forms rarely draw; RJSF's fields that forms
 * draw rarely or cannot name (a choice between sub-forms, a schema that refers to itself, an answer of no
 * known type; an answer of type null; the layout grid, which the forms checker lets no step name; the
 * controls of optional data, which our forms do not turn on) and tables (the floors' rows:
 * not on a first step), and the fields of yes/no and number answers (`yes-no-numbers`: no first step
 * asks one; the wizard loads them ahead, as it does a table's, once a step next to one that does shows);
 * widgets no first step uses (checkboxes) or no question of ours yet (date
 * pickers of three lists, date and time, time, colour, rating, file: the uploads step has its own; a
 * list of several choices, which PlainSelect leaves to RJSF's own select).
 */
type LazyPartSpec = { names?: string[]; group?: 'tables' | 'yes-no-numbers' };
const LAZY_RJSF_PARTS: Record<string, Record<string, LazyPartSpec>> = {
  'core/lib/components/fields/index.js': {
    './ArrayField.js': { group: 'tables' },
    './BooleanField.js': { group: 'yes-no-numbers' },
    './NumberField.js': { group: 'yes-no-numbers' },
    './CyclicSchemaField.js': {},
    './FallbackField.js': {},
    './LayoutGridField.js': {},
    './LayoutHeaderField.js': {},
    './LayoutMultiSchemaField.js': {},
    './MultiSchemaField.js': {},
    './NullField.js': {},
    './OptionalDataControlsField.js': {},
  },
  'core/lib/components/widgets/index.js': {
    './AltDateTimeWidget.js': {},
    './AltDateWidget.js': {},
    './CheckboxesWidget.js': {},
    './CheckboxWidget.js': {},
    './ColorWidget.js': {},
    './DateTimeWidget.js': {},
    './FileWidget.js': {},
    './RadioWidget.js': {},
    './RatingWidget.js': {},
    './SelectWidget.js': {},
    './TextareaWidget.js': {},
    './TimeWidget.js': {},
  },
  'core/lib/components/templates/index.js': {
    './ArrayFieldDescriptionTemplate.js': { group: 'tables' },
    './ArrayFieldItemButtonsTemplate.js': { group: 'tables' },
    './ArrayFieldItemTemplate.js': {},
    './ArrayFieldTemplate.js': {},
    './ArrayFieldTitleTemplate.js': { group: 'tables' },
    './BaseInputTemplate.js': {},
    './CyclicSchemaExpandTemplate.js': {},
    './DescriptionField.js': {},
    './ErrorList.js': {},
    './FallbackFieldTemplate.js': {},
    './FieldErrorTemplate.js': {},
    './FieldHelpTemplate.js': {},
    './FieldTemplate/index.js': {},
    './GridTemplate.js': {},
    './MultiSchemaFieldTemplate.js': {},
    './ObjectFieldTemplate.js': {},
    './OptionalDataControlsTemplate.js': {},
    './TitleField.js': {},
    './UnsupportedField.js': {},
    './WrapIfAdditionalTemplate.js': {},
  },
  'core/lib/components/templates/ButtonTemplates/index.js': {
    './AddButton.js': {},
    './IconButton.js': { names: ['CopyButton', 'MoveDownButton', 'MoveUpButton', 'RemoveButton', 'ClearButton'] },
    './SubmitButton.js': {},
  },
  'mui/lib/Templates/Templates.js': {
    '../AddButton/index.js': {},
    '../ArrayFieldItemTemplate/index.js': {},
    '../ArrayFieldTemplate/index.js': { group: 'tables' },
    '../BaseInputTemplate/index.js': {},
    '../CyclicSchemaExpandTemplate/index.js': {},
    '../DescriptionField/index.js': {},
    '../FieldErrorTemplate/index.js': {},
    '../GridTemplate/index.js': {},
    '../IconButton/index.js': {
      names: ['CopyButton', 'MoveDownButton', 'MoveUpButton', 'RemoveButton', 'ClearButton'],
      group: 'tables',
    },
    '../MultiSchemaFieldTemplate/index.js': {},
    '../ObjectFieldTemplate/index.js': {},
    '../OptionalDataControlsTemplate/index.js': {},
    '../SubmitButton/index.js': {},
  },
  'mui/lib/Widgets/Widgets.js': {
    '../CheckboxWidget/CheckboxWidget.js': {},
    '../CheckboxesWidget/CheckboxesWidget.js': {},
    '../RadioWidget/RadioWidget.js': {},
  },
};
/** The id of a lazy stand-in: the prefix, its spec (JSON), a colon, the part's own id. */
const LAZY_PART = '\0kibali-lazy-part:';

/**
 * React Router's names for React's developer tools (`Link.displayName = "Link"`, one for each of its
 * contexts and components), left out of its production build: a statement that writes to a component
 * keeps the component, so its form parts (Form, useSubmit), ScrollRestoration and the like, which the
 * portal never uses, stayed in the app chunk. React reads displayName only in development.
 */
function reactRouterNamesPlugin(): Plugin {
  /**
   * And what only React Router's framework mode (a FrameworkContext or data router around the links) does,
   * which a BrowserRouter never is: a Link's prefetching (its `<link rel="prefetch">`s of route modules;
   * usePrefetchBehavior answers false outside framework mode) and NavLink's view transitions (only in a
   * data router), and the error boundary's handling of React Server Components' errors (only under an
   * RSC router). A link drawn is the same element; ~1.9 KiB of gzip off every page with the app.
   */
  const withoutFrameworkParts = (code: string) =>
    code
      .replace(
        /let \[shouldPrefetch, prefetchRef, prefetchHandlers\] = usePrefetchBehavior\(\s*prefetch,\s*rest\s*\);/,
        'let prefetchRef = null, prefetchHandlers = {};',
      )
      .replace(
        /return shouldPrefetch && !isAbsolute \? \/\* @__PURE__ \*\/ React\d*\.createElement\(React\d*\.Fragment, null, link, \/\* @__PURE__ \*\/ React\d*\.createElement\(PrefetchPageLinks, \{ page: href \}\)\) : link;/,
        'return link;',
      )
      // RenderErrorBoundary's context is RSCRouterContext (false unless an RSC router provides it).
      .replace(
        'if (this.context && typeof error === "object" && error && "digest" in error',
        'if (false && "digest" in error',
      )
      .replace(
        /if \(this\.context\) \{(\s*return \/\* @__PURE__ \*\/ React\d*\.createElement\(RSCErrorHandler)/,
        'if (false) {$1',
      )
      .replace(
        /let isTransitioning = routerState != null && [^;]*?useViewTransitionState\(path\) && viewTransition === true;/,
        'let isTransitioning = false;',
      );
  return {
    name: 'kibali-react-router-names',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]+\.mjs$/ },
      handler(code) {
        const named = code.replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '');
        return {
          code: withoutFrameworkParts(named).replace(
            /= (React\d*\.(forwardRef|createContext|memo)\()/g,
            '= /* @__PURE__ */ $1',
          ),
          map: null,
        };
      },
    },
  };
}

function rjsfTrimPlugin(): Plugin {
  const vendor = (file: string) => path.resolve(import.meta.dirname, 'src/client/vendor', file);
  const posix = (id: string | undefined) => id?.split(path.sep).join('/') ?? '';
  const from = (importer: string | undefined, pkg: string) => posix(importer).includes(`/node_modules/@rjsf/${pkg}/`);
  const fromMui = (importer: string | undefined, file: string) =>
    posix(importer).endsWith(`/node_modules/@mui/material/${file}`);
  const lazySpec = (source: string, importer: string | undefined) => {
    const list = Object.entries(LAZY_RJSF_PARTS).find(([file]) =>
      posix(importer).endsWith(`/node_modules/@rjsf/${file}`),
    );
    return list?.[1][source];
  };
  return {
    name: 'kibali-rjsf-trim',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source === '../RangeWidget/RangeWidget.js' && from(importer, 'mui')) return vendor('rjsf-range-widget.tsx');
      if (UNUSED_RJSF_MUI_TEMPLATES.has(source) && from(importer, 'mui')) return vendor('rjsf-unused-template.tsx');
      if (source === '../SelectWidget/SelectWidget.js' && from(importer, 'mui'))
        return vendor('rjsf-select-widget.tsx');
      if (source === '../WrapIfAdditionalTemplate/index.js' && from(importer, 'mui'))
        return vendor('rjsf-wrap-if-additional.tsx');
      const spec = lazySpec(source, importer);
      if (spec) {
        const part = await this.resolve(source, importer, { skipSelf: true });
        if (part) return `${LAZY_PART}${JSON.stringify(spec)}:${part.id}`;
      }
      if (source === 'fast-uri' && from(importer, 'utils')) return vendor('fast-uri.ts');
      // One react-is (React's own, 19), not a copy of 16 for emotion's hoist-non-react-statics and of 18
      // for RJSF beside it: they read ForwardRef, Memo, isMemo and isForwardRef, the same in all three.
      if (source === 'react-is' && (from(importer, 'utils') || posix(importer).includes('/hoist-non-react-statics/')))
        return path.resolve(import.meta.dirname, 'node_modules/react-is/index.js');
      if (source === './getDecimalSeparator.js' && from(importer, 'utils')) return vendor('rjsf-decimal-separator.ts');
      if (/^(\.\.\/|\.\/)deepEquals\.js$/.test(source) && from(importer, 'utils')) return vendor('rjsf-deep-equals.ts');
      if (source === './createThemeWithVars.mjs' && fromMui(importer, 'styles/createTheme.mjs'))
        return vendor('mui-css-vars-off.ts');
      if (source === './ThemeProviderWithVars.mjs' && fromMui(importer, 'styles/ThemeProvider.mjs'))
        return vendor('mui-css-vars-off.ts');
      if (source === './TouchRipple.mjs' && fromMui(importer, 'ButtonBase/ButtonBase.mjs'))
        return vendor('mui-touch-ripple.tsx');
      return null;
    },
    load(id) {
      if (!id.startsWith(LAZY_PART)) return null;
      const rest = id.slice(LAZY_PART.length);
      const end = rest.indexOf('}:') + 1;
      const { names, group } = JSON.parse(rest.slice(0, end)) as LazyPartSpec;
      const part = JSON.stringify(rest.slice(end + 1));
      const stand = (load: string) => `lazyPart(${load}${group ? `, ${JSON.stringify(group)}` : ''})`;
      const code = names
        ? names.map(
            (name) => `export const ${name} = ${stand(`() => import(${part}).then((m) => ({ default: m.${name} }))`)};`,
          )
        : [`export default ${stand(`() => import(${part})`)};`];
      return [`import { lazyPart } from ${JSON.stringify(vendor('lazy-part.tsx'))};`, ...code, ''].join('\n');
    },
  };
}

function precompressPlugin(only?: (file: string) => boolean): Plugin {
  return {
    name: 'kibali-precompress',
    apply: 'build',
    async closeBundle() {
      await precompress(outDir, only);
    },
  };
}

/**
 * The form studio (studio.html, src/client/studio/) is built on its own (`vite build --mode studio`,
 * after the public build, into the same folder): its files are under /assets/studio/ and share no
 * chunk with the public pages, whose files stay byte for byte what they are without it (a second
 * entry in one build would cut shared chunks anew). The service worker keeps nothing under that
 * folder, and the server sends studio.html for /studio and /studio/* (src/server/spa/studio-page.ts).
 */
export const STUDIO_ASSETS = 'assets/studio';

/**
 * A fresh database is migrated and seeded per test app: seconds, not milliseconds, when files run side
 * by side (in the config: with shared modules, a vi.setConfig in a helper would hold for its first file only).
 */
const SERVER_TEST_TIMEOUTS = { testTimeout: 30_000, hookTimeout: 30_000 };

/** Node test files that replace a module for themselves (vi.mock): each runs in a fresh module graph. */
const ISOLATED_NODE_FILES = ['tests/server/staff-passwords.test.ts'];
/**
 * Node test files whose behaviour neither the database nor the Node version changes: the command line
 * on a PGlite data directory (PGlite whatever TEST_DATABASE_KINDS names), PGlite's own statements, and
 * checks of the sources, texts and deployment files. The second runtime's run (`npm run test:node24`,
 * TEST_SECOND_RUNTIME=1: Node 24 on PostgreSQL) leaves them out; Node 20's has them.
 */
const SAME_ON_EVERY_RUNTIME = [
  'tests/server/staff-cli.test.ts',
  'tests/server/staff-users-cli.test.ts',
  'tests/server/change-requests-cli.test.ts',
  'tests/server/permits-cli.test.ts',
  'tests/server/pglite-statements.test.ts',
  'tests/server/message-placeholders.test.ts',
  'tests/server/sql-in-repositories.test.ts',
  'tests/server/deploy-files.test.ts',
  'tests/server/ensure-chromium.test.ts',
];
const secondRuntime = process.env.TEST_SECOND_RUNTIME === '1';
/** Client test files that replace a module (vi.mock) or a page global for the whole file (the captcha's worker). */
const ISOLATED_CLIENT_FILES = ['tests/client/submitted-reference.test.tsx', 'tests/client/view-sign-in.test.tsx'];
const studioFiles = (file: string) => {
  const relative = path.relative(outDir, file).split(path.sep).join('/');
  return relative === 'studio.html' || relative.startsWith(`${STUDIO_ASSETS}/`);
};

/**
 * `npm run dev`: the studio's pages (/studio, /studio/*) are studio.html, as the server sends them;
 * every other page is index.html (Vite's own fallback).
 */
function studioDevPagesPlugin(): Plugin {
  return {
    name: 'kibali-studio-dev-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const pathname = req.url?.split('?')[0] ?? '';
        if (/^\/(studio|office)(\/[^.]*)?$/.test(pathname)) req.url = '/studio.html';
        next();
      });
    },
  };
}

/**
 * The app's files as `<link rel="modulepreload">` in index.html. The page's script (boot.ts) imports
 * the app (main.tsx) only once the page has painted; the links have the browser fetch (and compile) the
 * app's files meanwhile, as it would for the page's own script.
 */
function preloadAppPlugin(): Plugin {
  const APP = 'src/client/main.tsx';
  return {
    name: 'kibali-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((c): c is OutputChunk => c.type === 'chunk');
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const app = chunks.find((c) => c.moduleIds.some((id) => id.split(path.sep).join('/').endsWith(APP)));
        if (!app) throw new Error(`No chunk for ${APP}: index.html would not preload the app`);
        const files = new Set<string>();
        const add = (chunk: OutputChunk) => {
          if (files.has(chunk.fileName) || chunk.isEntry) return; // the page's own script is in the page
          files.add(chunk.fileName);
          chunk.imports.forEach((name) => byName.get(name) && add(byName.get(name)!));
        };
        add(app);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head',
        }));
      },
    },
  };
}

/**
 * The chunk name ('app') of every module the app (main.tsx) imports to start, but what the page's
 * script (boot.ts) imports itself: one file beside React, instead of a file for each set of pages that
 * share some of them (the app is imported by boot.ts, so each of them would be a chunk of its own).
 */
function startingApp(): (id: string, ctx: { getModuleInfo(id: string): ModuleInfo | null }) => string | null {
  const root = (file: string) => path.resolve(import.meta.dirname, file);
  let members: Set<string> | undefined;
  const closure = (ctx: { getModuleInfo(id: string): ModuleInfo | null }, from: string) => {
    const found = new Set<string>();
    const visit = (id: string) => {
      if (found.has(id)) return;
      found.add(id);
      ctx.getModuleInfo(id)?.importedIds.forEach(visit);
    };
    visit(from);
    return found;
  };
  return (id, ctx) => {
    if (!members) {
      const boot = closure(ctx, root('src/client/boot.ts'));
      members = new Set([...closure(ctx, root('src/client/main.tsx'))].filter((m) => !boot.has(m)));
    }
    return members.has(id) ? 'app' : null;
  };
}

/**
 * Of @rjsf/utils, what only RJSF's parts loaded when first drawn use (the date and file widgets, the
 * checkboxes, the tables): left to go with them, not in rjsf-utils with the first step.
 */
const ONLY_LAZY_PARTS_UTILS =
  /[\\/]@rjsf[\\/]utils[\\/]lib[\\/](useAltDateWidgetProps|getDateElementProps|dateRangeOptions|parseDateString|toDateString|pad|utcToLocal|localToUTC|useFileWidgetProps|dataURItoBlob|schemaRequiresTrueValue|enumOptionsSelectValue|enumOptionsDeselectValue|allowAdditionalItems)\.js$/;

/**
 * The chunk name ('StepPanel') of StepPanel and what every page that loads a module of it loads it with:
 * what the wizard's steps use of @rjsf/utils (what StepPanel imports, directly or not) and what that
 * imports, and the step's own modules. RJSF's parts loaded when first drawn (LAZY_RJSF_PARTS) use some
 * of the same functions as the step; left to itself the bundler cut what each set of them shares into
 * its own file of a few hundred bytes, all loaded with the first step, and the step's own modules into a
 * file of their own beside @rjsf/utils (~1 KiB of gzip more, for the names one imports from the other
 * and two files compressed apart). A module that a file may load without StepPanel (a MUI component of
 * a text field, a helper the review shares) stays out: no page loads StepPanel for it.
 */
function theStepsFile(): (id: string, ctx: { getModuleInfo(id: string): ModuleInfo | null }) => string | null {
  let members: Set<string> | undefined;
  const onlyRjsf = (id: string) =>
    /node_modules[\\/]@rjsf[\\/]/.test(id) ||
    id.startsWith(LAZY_PART) ||
    id.includes(`src${path.sep}client${path.sep}vendor`);
  return (id, ctx) => {
    if (!members) {
      const stepPanel = path.resolve(import.meta.dirname, 'src/client/forms/StepPanel.tsx');
      const closure = (from: string, dynamic: boolean) => {
        const found = new Set<string>();
        const visit = (m: string) => {
          if (found.has(m)) return;
          found.add(m);
          const info = ctx.getModuleInfo(m);
          info?.importedIds.forEach(visit);
          if (dynamic) info?.dynamicallyImportedIds.forEach(visit);
        };
        visit(from);
        return found;
      };
      const step = closure(stepPanel, false);
      const stepAndLater = closure(stepPanel, true);
      // What each file loads (the page's script and every module imported with import()), but those that
      // only the step's modules import (RJSF's parts, the summary of errors): loaded after StepPanel.
      const boot = path.resolve(import.meta.dirname, 'src/client/boot.ts');
      const starts = new Set([boot]);
      for (const m of closure(boot, true)) ctx.getModuleInfo(m)?.dynamicallyImportedIds.forEach((d) => starts.add(d));
      const later = (start: string) =>
        !step.has(start) &&
        (ctx.getModuleInfo(start)?.dynamicImporters ?? []).every(
          (i) => step.has(i) || (onlyRjsf(i) && stepAndLater.has(i)),
        );
      const found = new Set([...step].filter((m) => !ONLY_LAZY_PARTS_UTILS.test(m)));
      for (const start of starts) {
        if (start !== boot && later(start)) continue;
        const loads = closure(start, false);
        if (loads.has(stepPanel)) continue;
        for (const m of loads) found.delete(m);
      }
      members = found;
    }
    return members.has(id) ? 'StepPanel' : null;
  };
}

/**
 * React Router's production build. Its package.json points every condition at its development build
 * (remix-run/react-router#14753, #14102), which carries warnings and checks that cost a phone time at
 * start; the production build is the same code without them.
 */
const reactRouterDist = path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production');
const REACT_ROUTER_PRODUCTION = {
  'react-router/dom': path.join(reactRouterDist, 'dom-export.mjs'),
  'react-router': path.join(reactRouterDist, 'index.mjs'),
};

/**
 * What a lazily loaded chunk preloads with it (Vite writes the list into the chunk that imports it):
 * not the files that chunk imports itself, loaded before it ran, and nothing when only the chunk
 * itself is left (import() loads it). The wizard's step imports some 80 of RJSF's parts lazily
 * (LAZY_RJSF_PARTS), each of which listed React, MUI and rjsf-utils again: ~0.9 KiB of gzip of
 * file names on the first step. The graph is the bundle's, read before Vite writes the lists.
 */
function preloadListsPlugin(): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], ctx: { hostId: string; hostType: 'html' | 'js' }) => string[];
} {
  let bundle: Record<string, { type: string; imports?: string[] }> | undefined;
  const loaded = new Map<string, Set<string>>();
  const loadedBy = (host: string) => {
    const known = loaded.get(host);
    if (known) return known;
    const found = new Set<string>();
    const visit = (file: string) => {
      if (found.has(file)) return;
      found.add(file);
      bundle?.[file]?.imports?.forEach(visit);
    };
    visit(host);
    loaded.set(host, found);
    return found;
  };
  return {
    plugin: {
      name: 'kibali-preload-lists',
      apply: 'build',
      generateBundle: {
        order: 'pre',
        handler(_options, output) {
          bundle = output;
          loaded.clear();
        },
      },
    },
    resolveDependencies(file, deps, { hostId, hostType }) {
      if (hostType !== 'js' || !bundle) return deps;
      const already = loadedBy(hostId);
      const left = deps.filter((dep) => !already.has(dep));
      return left.length === 1 && left[0] === file ? [] : left;
    },
  };
}
const preloadLists = preloadListsPlugin();

/** `npm run dev:mock`: serves MSW's service worker from node_modules, so no generated file is committed. */
function mockWorkerPlugin(): Plugin {
  return {
    name: 'kibali-mock-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(readFileSync(path.resolve(import.meta.dirname, 'node_modules/msw/lib/mockServiceWorker.js')));
      });
    },
  };
}

/** What nearly every page but the landing page uses of MUI: its styling engine and the components of every page. */
const MUI_CORE =
  /node_modules[\\/](@emotion|stylis|@mui[\\/](system|utils|styled-engine|private-theming)|@mui[\\/]material[\\/](styles|utils|internal|ButtonBase|Typography|Button|Box|Paper|SvgIcon|Link|Alert|IconButton|CircularProgress|Stack|Grid|useMediaQuery|zero-styled|DefaultPropsProvider|GlobalStyles))[\\/]/;
/**
 * Of those folders, what only some pages use, left to go with them: the transitions (of dialogs, menus,
 * toasts, folding parts), the roving focus of tabs and menus, Grid and Container (MUI's and the system's
 * they are made with, not listed above: the dashboard's layout), the base of checkboxes and switches
 * (SwitchBase: the wizard's radio buttons are plain, PlainRadio.tsx), and the icons of MUI's components,
 * each with its component (a component here brings its own); Link, and Alert with its Paper and
 * IconButton (the wizard draws an Alert only when a load failed, and loads it then: FormsLoadState.tsx),
 * and the helpers only these use (timeouts, focus and scrollbar measures, slot props). In mui-core they
 * came with the wizard's first step, which uses none of them (~4 KiB of gzip with the theme's
 * CSS-variables code, see mui-css-vars-off.ts; ~2.3 KiB more for the system's Grid and Container and
 * SwitchBase; ~2.9 KiB more for Link, Alert, Paper, IconButton and their helpers).
 */
const MUI_SOME_PAGES =
  /node_modules[\\/]@mui[\\/](utils[\\/](useRovingTabIndex|getReactElementRef|useOnMount|useTimeout|useSlotProps|fastObjectShallowCompare|contains|getScrollbarSize|useValueAsRef)[\\/]|system[\\/](Grid|Container)[\\/]|material[\\/](utils[\\/](useRovingTabIndex|contains|getScrollbarSize|focusWithVisible|focusable)\.|internal[\\/](Transition\.|animate\.|svg-icons[\\/]|SwitchBase\.|switchBaseClasses\.)|Grid[\\/]|Link[\\/]|Alert[\\/]|Paper[\\/]|IconButton[\\/]))/;

const studioBuild = (outDirOf: string) => ({
  outDir: outDirOf,
  // After the public build, into its folder: what that build wrote stays.
  emptyOutDir: false,
  assetsDir: STUDIO_ASSETS,
  sourcemap: false,
  target: 'es2022',
  // The manifest is the public pages' (spa-pages.ts preloads by it): not written over.
  manifest: false,
  rolldownOptions: { input: path.resolve(import.meta.dirname, 'studio.html') },
});

export default defineConfig(({ command, mode, isSsrBuild }) => ({
  plugins: [
    react(),
    rjsfTrimPlugin(),
    reactRouterNamesPlugin(),
    // The browser's builds: a shared call's path and method, without its schemas (see the file).
    ...(isSsrBuild ? [] : [contractPathsPlugin()]),
    ...(mode === 'studio' && command === 'build' ? [precompressPlugin(studioFiles)] : []),
    ...(isSsrBuild || mode === 'studio'
      ? []
      : [preloadAppPlugin(), preloadLists.plugin, serviceWorkerPlugin(), precompressPlugin()]),
    ...(command === 'serve' ? [studioDevPagesPlugin()] : []),
    ...(mode === 'mock' ? [mockWorkerPlugin()] : []),
  ],
  resolve: {
    alias: {
      // RJSF's Markdown renderer, which no form of ours turns on: plain text instead (see the file).
      'markdown-to-jsx/react': path.resolve(import.meta.dirname, 'src/client/vendor/markdown-as-text.tsx'),
      // The same text in a few lines (see the file), for the hash of a step's schema in its validator's URL.
      ...(command === 'build' && !isSsrBuild
        ? { 'fast-json-stable-stringify': path.resolve(import.meta.dirname, 'src/client/vendor/stable-stringify.ts') }
        : {}),
      ...(command === 'build' ? REACT_ROUTER_PRODUCTION : {}),
    },
  },
  build:
    mode === 'studio'
      ? studioBuild(outDir)
      : isSsrBuild
        ? // For Node: the packages stay in node_modules (the server's dependencies), one file for the app's code.
          { outDir: prerenderDir, emptyOutDir: true, copyPublicDir: false, sourcemap: false, target: 'node20' }
        : {
            outDir,
            emptyOutDir: true,
            sourcemap: false,
            target: 'es2022',
            // dist/client/.vite/manifest.json: the server preloads the files of the page it sends (spa-pages.ts).
            manifest: true,
            modulePreload: { resolveDependencies: preloadLists.resolveDependencies },
            rolldownOptions: {
              output: {
                codeSplitting: {
                  // Left to itself the bundler cuts what pages share into many files of a few KB, each a
                  // request and each compressed alone. So: React in a file of its own that every page loads;
                  // the rest of what the app needs to start in one (see startingApp); and what nearly every
                  // page but the landing page uses of MUI (its styling engine, emotion, and the components of
                  // every page) in one, loaded with the first such page (a group takes the modules its
                  // modules import, unless a group before it has).
                  groups: [
                    { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
                    { name: startingApp(), priority: 2, includeDependenciesRecursively: false },
                    {
                      name: 'mui-core',
                      priority: 1,
                      test: (id) => MUI_CORE.test(id) && !MUI_SOME_PAGES.test(id),
                    },
                    { name: theStepsFile(), priority: 0, includeDependenciesRecursively: false },
                  ],
                },
              },
            },
          },
  server: { port: 5173, proxy: mode === 'mock' ? undefined : { '/api': 'http://localhost:8080' } },
  test: {
    // Both cores (vitest's default leaves one free): the unit and browser files run two at a time; the
    // fault files one at a time (fileParallelism: false: they kill and cut off servers).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/{content,shared,server,security,lint}/**/*.test.ts'],
          exclude: [...ISOLATED_NODE_FILES, ...(secondRuntime ? SAME_ON_EVERY_RUNTIME : [])],
          setupFiles: ['tests/support/timer-guard.ts'],
          ...SERVER_TEST_TIMEOUTS,
          // The files of a worker share its modules (the server's, ajv's, PGlite's migrated template):
          // each file no longer imports them all again. A file must leave no state behind (real timers
          // back, its servers and databases closed); one that replaces a module (vi.mock) is isolated.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'node-isolated',
          environment: 'node',
          include: [...ISOLATED_NODE_FILES],
          setupFiles: ['tests/support/timer-guard.ts'],
          ...SERVER_TEST_TIMEOUTS,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          // As the node files: one jsdom and one module graph per worker (setup.ts runs for each file,
          // and cleans the page, storage and handlers after each test).
          isolate: false,
          include: ['tests/client/**/*.test.{ts,tsx}'],
          exclude: [...ISOLATED_CLIENT_FILES],
          setupFiles: ['tests/client/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'client-isolated',
          environment: 'jsdom',
          include: [...ISOLATED_CLIENT_FILES],
          setupFiles: ['tests/client/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // expect.poll waits on state: 1 s (vitest's default) is not enough for a page on a loaded
          // machine (a studio save's status seen after 1.2 s failed a run). Each poll still ends at the
          // first match.
          expect: { poll: { timeout: 15_000 } },
          // Two files at a time (each test file keeps to its own drafts, phones and outbox messages):
          // the browser and the server of one wait on each other, so two fill the two cores. E2E_SERIAL=1
          // runs them one by one (to read one file's server log alone).
          fileParallelism: process.env.E2E_SERIAL !== '1',
        },
      },
      {
        extends: true,
        // `npm run test:faults`: servers in their own processes killed, stopped and cut off from their database.
        test: {
          name: 'faults',
          environment: 'node',
          include: ['tests/faults/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
}));
