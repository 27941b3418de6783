import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { PC_BREAKPOINT } from '../protocol/ua.ts';
import { bootPosterLines } from './boot-poster.ts';

/** A route file of src/routes and the address it serves: `index.tsx` is `/`, `nav/reviews.tsx` is `/nav/reviews`. */
const ROUTE_FILE = /\/src\/routes\/(.+)\.tsx(\?|$)/;
/** The crypto worker's script (workers/crypto.worker.ts). */
const WORKER = /(^|\/)crypto\.worker-[^/]*\.js$/;
/** The English catalogue (src/i18n/en.ts): home's Chinese is in the entry, English a chunk the first render waits for. */
const ENGLISH = /\/src\/i18n\/en\.ts$/;
/** The other pages' Chinese (src/i18n/zh-CN.pages.ts), which the root route waits for on any page but home. */
const CHINESE_PAGES = /\/src\/i18n\/zh-CN\.pages\.ts$/;
/** Chunks a page loads on its own after it starts that are worth fetching with its code (the video page's player). */
const ALSO = /\/shaka-player[^/]*\.js$/;

function routePath(moduleId: string | null): string | null {
  const file = moduleId?.match(ROUTE_FILE)?.[1];
  if (!file || file.startsWith('__')) return null;
  return file === 'index' ? '/' : `/${file.replace(/\/index$/, '')}`;
}

type Chunk = OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/**
 * Adds to `files` the chunk `fileName`, its CSS, and the same for what it imports statically and
 * for the dynamic imports that `follow` accepts; nothing in `skip`.
 */
function collect(bundle: OutputBundle, fileName: string, files: Set<string>, skip: Set<string>, follow: (file: string) => boolean): void {
  const chunk = bundle[fileName];
  if (!chunk || chunk.type !== 'chunk' || files.has(fileName) || skip.has(fileName)) return;
  files.add(fileName);
  for (const css of (chunk as Chunk).viteMetadata?.importedCss ?? []) if (!skip.has(css)) files.add(css);
  for (const dep of chunk.imports) collect(bundle, dep, files, skip, follow);
  for (const dep of chunk.dynamicImports) if (follow(dep)) collect(bundle, dep, files, skip, follow);
}

/**
 * For every page, what it loads beyond the entry: its route chunks, their static imports, their
 * CSS, and the chunks listed in ALSO that they import on their own.
 */
export function routeAssets(bundle: OutputBundle, initial: Set<string>): Map<string, string[]> {
  const byRoute = new Map<string, Set<string>>();
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !chunk.isDynamicEntry) continue;
    const path = routePath(chunk.facadeModuleId);
    if (!path) continue;
    const files = byRoute.get(path) ?? new Set<string>();
    byRoute.set(path, files);
    collect(bundle, chunk.fileName, files, initial, (dep) => ALSO.test(`/${dep}`));
  }
  return new Map([...byRoute].map(([path, files]) => [path, [...files]]));
}

/** What the entry of index.html loads already: its chunk, the chunks it imports statically and their CSS. */
function initialFiles(bundle: OutputBundle): Set<string> {
  const files = new Set<string>();
  for (const item of Object.values(bundle)) if (item.type === 'chunk' && item.isEntry) collect(bundle, item.fileName, files, new Set(), () => false);
  return files;
}

/** index.html's entry module and the module preloads the build gave it, moved into the first script. */
export interface AppEntry {
  /** The entry's address as the build wrote it (`/assets/index-….js`), or null to add none. */
  script: string | null;
  preloads: string[];
}

/**
 * The script index.html runs first: it asks for the current page's code (and the player on the video
 * page) beside the entry's, instead of after the entry ran and the router matched the address. Script
 * as module preloads (the entry's loader then finds them and adds nothing); CSS as preloads (the
 * loader still adds the stylesheet, from the cache). Files are named by their index in one list.
 * It also starts the entry itself (`entry`, taken out of the HTML): at once, except on a phone's
 * first visit to a video page, where the app's code is asked for once the boot poster shows
 * (boot-poster.ts), so the page's largest image does not share the connections with thirty scripts.
 */
export function preloadScript(
  routes: Map<string, string[]>,
  base: string,
  worker: string | null,
  english: string | null = null,
  chinesePages: string | null = null,
  entry: AppEntry = { script: null, preloads: [] },
): string {
  const files: string[] = [];
  const index = new Map<string, number>();
  const table: Record<string, number[]> = {};
  for (const [path, list] of [...routes].sort(([a], [b]) => a.localeCompare(b))) {
    table[path] = list.map((file) => {
      let i = index.get(file);
      if (i === undefined) {
        i = files.push(file) - 1;
        index.set(file, i);
      }
      return i;
    });
  }
  const lines = [
    '(function () {',
    `  var base = ${JSON.stringify(base)};`,
    `  var files = ${JSON.stringify(files)};`,
    `  var pages = ${JSON.stringify(table)};`,
    "  var path = location.pathname.replace(/\\/+$/, '') || '/';",
    // Whether a service worker controls the page (else it is a first visit, or workers are blocked).
    '  var controlled = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);',
    '  var list = (pages[path] || []).map(function (i) {',
    '    return files[i];',
    '  });',
    '  var appStarted = false;',
    '  var appWaits = false;',
  ];
  if (english || chinesePages) {
    // An English visitor's first render waits for the English catalogue, a Chinese visitor's on any
    // page but home for the rest of the Chinese one: it travels with the page's code. The language
    // is src/i18n/index.ts preferredLocale()'s choice: the visitor's own (the app store, md-app in
    // localStorage), else the first Chinese or English of the browser's languages, else English
    // (Chinese when the browser names none).
    lines.push(
      '  var locale;',
      '  try {',
      '    locale = JSON.parse(localStorage.getItem("md-app") || "{}").locale;',
      '  } catch (e) {}',
      '  if (locale !== "zh-CN" && locale !== "en") {',
      '    var languages = navigator.languages || [];',
      '    locale = languages.length ? "en" : "zh-CN";',
      '    for (var j = 0; j < languages.length; j++) {',
      '      var language = String(languages[j]).toLowerCase();',
      '      if (language.indexOf("zh") === 0 || language.indexOf("en") === 0) {',
      '        locale = language.indexOf("zh") === 0 ? "zh-CN" : "en";',
      '        break;',
      '      }',
      '    }',
      '  }',
      ...(english ? [`  if (locale === "en") list.push(${JSON.stringify(english)});`] : []),
      ...(chinesePages ? [`  if (locale === "zh-CN" && path !== "/") list.push(${JSON.stringify(chinesePages)});`] : []),
    );
  }
  if (worker) {
    // Without a service worker in control, the crypto worker signs the first API calls: it starts
    // now, beside the entry's script, and src/lib/worker-client.ts takes it over.
    lines.push(
      '  if (!controlled && typeof Worker === "function") {',
      // A worker's script is fetched at the lowest priority, after every script the page preloads
      // (thirty on the video page): asked for first as a module preload, it comes with the first
      // ones, and the worker's own request finds it in the HTTP cache.
      '    var workerLink = document.createElement("link");',
      '    workerLink.rel = "modulepreload";',
      '    workerLink.crossOrigin = "";',
      `    workerLink.href = base + ${JSON.stringify(worker)};`,
      '    document.head.appendChild(workerLink);',
      '    try {',
      `      window.__mdCryptoWorker = new Worker(base + ${JSON.stringify(worker)}, { type: "module" });`,
      '    } catch (e) {}',
      '  }',
      '  var worker = window.__mdCryptoWorker;',
      // A phone's first visit to a video page: its poster, before the page's code is asked for.
      ...bootPosterLines(),
    );
  }
  lines.push(
    // The player waits for the poster on a phone's first visit (src/features/video/player/load-shaka.ts
    // libraryWaitsForPoster): so does its preload.
    `  var playerWaits = !controlled && window.innerWidth <= ${PC_BREAKPOINT};`,
    // The app's code: asked for at once, or once the boot poster shows (boot-poster.ts sets appWaits).
    '  function startApp() {',
    '    if (appStarted) return;',
    '    appStarted = true;',
    // Into the head at once: thirty links inserted one by one cost the parser about twice the time.
    '    var links = document.createDocumentFragment();',
    `    var entryPreloads = ${JSON.stringify(entry.script ? [entry.script, ...entry.preloads] : entry.preloads)};`,
    '    for (var e = 0; e < entryPreloads.length; e++) {',
    '      var entryLink = document.createElement("link");',
    '      entryLink.rel = "modulepreload";',
    '      entryLink.crossOrigin = "";',
    '      entryLink.href = entryPreloads[e];',
    '      links.appendChild(entryLink);',
    '    }',
    '    for (var i = 0; i < list.length; i++) {',
    `      if (playerWaits && ${ALSO}.test(list[i])) continue;`,
    '      var link = document.createElement("link");',
    '      if (/\\.css$/.test(list[i])) {',
    '        link.rel = "preload";',
    '        link.as = "style";',
    '      } else link.rel = "modulepreload";',
    // Credentials as the loader's own tags have them (crossorigin), else the browser cannot use the preload.
    '      link.crossOrigin = "";',
    '      link.href = base + list[i];',
    '      links.appendChild(link);',
    '    }',
    '    document.head.appendChild(links);',
    // The entry runs once the document is parsed, as the module script in the head it replaces did
    // (an inserted module script runs as soon as it arrives); its preload above has it on its way.
    ...(entry.script
      ? [
          '    var run = function () {',
          '      var script = document.createElement("script");',
          '      script.type = "module";',
          '      script.crossOrigin = "";',
          `      script.src = ${JSON.stringify(entry.script)};`,
          '      document.head.appendChild(script);',
          '    };',
          '    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);',
          '    else run();',
        ]
      : []),
    '  }',
    '  if (!appWaits) startApp();',
    '})();',
  );
  return lines.join('\n');
}

/** Vite plugin: writes preloadScript into the built index.html in place of the entry's script. */
export function routePreload(): Plugin {
  let base = '/';
  return {
    name: 'md:route-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (!html || html.type !== 'asset') return;
        const initial = initialFiles(bundle as OutputBundle);
        const worker = Object.keys(bundle).find((f) => WORKER.test(f)) ?? null;
        const chunkOf = (module: RegExp) =>
          Object.values(bundle).find((item) => item.type === 'chunk' && module.test(item.facadeModuleId ?? ''))?.fileName ?? null;
        // The entry's module script and its module preloads leave the HTML for the first script.
        let source = String(html.source);
        const preloads: string[] = [];
        source = source.replace(/[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g, (_tag, href: string) => {
          preloads.push(href);
          return '';
        });
        const entryTag = /[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/.exec(source);
        if (!entryTag) return this.error('index.html has no module script to put the route preloads before');
        const entry: AppEntry = { script: entryTag[1]!, preloads };
        const script = preloadScript(routeAssets(bundle as OutputBundle, initial), base, worker, chunkOf(ENGLISH), chunkOf(CHINESE_PAGES), entry);
        html.source = `${source.slice(0, entryTag.index)}    <script>\n${script}\n</script>\n${source.slice(entryTag.index + entryTag[0].length)}`;
      },
    },
  };
}
