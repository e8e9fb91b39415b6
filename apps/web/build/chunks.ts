// How the build cuts the app into files (ADR 0019). Rolldown on its own makes one chunk per set of
// entry points that share modules (the HTML entry, every lazily imported screen, catalog, dialog), so
// the landing page came in 26 files, most an icon or a small component each. Lighthouse's phone
// fetches them over six connections (HTTP/1.1), a round trip each, and every one waits for the entry.
// These groups give fewer, larger files and still one copy of every module
// (oneCopyOfEachModule checks the output):
//
// 1. `initial`: everything the entry imports statically, in the entry's own file (it was split in ten
//    files, all loaded at once anyway).
// 2. Large libraries (a module of 48 KiB or more, with what it imports): a file per package, as before
//    (react-hook-form, zod), so no group below drags one into pages that do not use it.
// 3. For each page grouped here, its own modules (used by no other entry) in its route's file.
// 4. Then what that page imports that other entries share, in one `<page>-shared` file, the earlier
//    page winning a module both use. Another page needing one of these modules loads that whole
//    file: a few KB more for it, rather than a request per icon.
//
// Rolldown's groups see a module's importers but not which of its exports they use, so a module
// reached only through a barrel (lucide-react's icons, radix-ui, the contracts' index) seems reached
// by every importer of the barrel. The walk below ignores paths through barrels; the page's
// `-shared` group then follows the page's real imports (`includeDependenciesRecursively`, which
// Rolldown resolves through barrels), and the group before it keeps the page's own modules out.
import { resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type Context = Rolldown.ChunkingContext;

/** A module of at least this many bytes of source keeps a file of its own, with what it imports. */
const LARGE_MODULE = 48 * 1024;

const COMMENTS = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;
/** A module of nothing but imports and re-exports (an index that forwards a package's exports). */
const BARREL =
  /^(?:\s*(?:['"]use strict['"]|import\s*(?:\*\s*as\s+[\w$]+|\{[^}]*\})\s*from\s*['"][^'"]*['"]|export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})(?:\s*from\s*['"][^'"]*['"])?)\s*;?)*\s*$/;

const NODE_PACKAGE = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/;

/**
 * `output.codeSplitting` for the build. `pages`: the route modules (relative to `root`) of the pages
 * whose first paint should come in few files, most important first.
 */
export function codeSplitting(root: string, pages: string[]): Rolldown.CodeSplittingOptions {
  const routes = pages.map((page) => resolve(root, page));
  const barrels = new Map<string, boolean>();
  const isBarrel = (id: string, context: Context) => {
    let barrel = barrels.get(id);
    if (barrel === undefined) {
      barrel = BARREL.test((context.getModuleInfo(id)?.code ?? '').replace(COMMENTS, ''));
      barrels.set(id, barrel);
    }
    return barrel;
  };
  const reachedFrom = new Map<string, Set<string>>();
  /** The entry points (the HTML entry, lazily imported modules) that import the module, not through barrels. */
  const entriesReaching = (id: string, context: Context) => {
    let entries = reachedFrom.get(id);
    if (entries) return entries;
    entries = new Set<string>();
    const seen = new Set([id]);
    const queue = [id];
    for (let current = queue.pop(); current !== undefined; current = queue.pop()) {
      const info = context.getModuleInfo(current);
      if (!info) continue;
      if (info.isEntry || info.dynamicImporters.length > 0) entries.add(current);
      for (const importer of info.importers) {
        if (seen.has(importer) || isBarrel(importer, context)) continue;
        seen.add(importer);
        queue.push(importer);
      }
    }
    reachedFrom.set(id, entries);
    return entries;
  };
  const pageName = (route: string) => route.replace(/^.*[\\/]/, '').replace(/\.[jt]sx?$/, '');

  return {
    groups: [
      { name: 'initial', tags: ['$initial'], priority: 100 },
      {
        name: (id) => NODE_PACKAGE.exec(id)?.[1]?.replace(/[\\/]/, '-') ?? null,
        minModuleSize: LARGE_MODULE,
        includeDependenciesRecursively: true,
        priority: 90,
      },
      ...routes.map((route) => ({
        name: (id: string, context: Context) => {
          const entries = entriesReaching(id, context);
          return entries.size === 1 && entries.has(route) ? pageName(route) : null;
        },
        includeDependenciesRecursively: false,
        priority: 80,
      })),
      ...routes.map((route, index) => ({
        name: (id: string, context: Context) => {
          // The route itself and its own modules seed the group (the group above keeps them), so
          // that what they import through barrels follows.
          const info = context.getModuleInfo(id);
          if (!info || (info.dynamicImporters.length > 0 && id !== route)) return null;
          return entriesReaching(id, context).has(route) ? `${pageName(route)}-shared` : null;
        },
        includeDependenciesRecursively: true,
        priority: 50 - index,
      })),
    ],
  };
}

/** Fails the build when a module's code is in more than one file. */
export function oneCopyOfEachModule(): Plugin {
  return {
    name: 'worktrust:one-copy-of-each-module',
    apply: 'build',
    generateBundle(_options, bundle) {
      const fileOf = new Map<string, string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(chunk.modules)) {
          if (module.renderedLength === 0) continue;
          const other = fileOf.get(id);
          if (other) this.error(`${id} is in both ${other} and ${chunk.fileName}`);
          fileOf.set(id, chunk.fileName);
        }
      }
    },
  };
}
