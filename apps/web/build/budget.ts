// The landing page's JavaScript budget (issue 4): what a first visit loads before the page can be
// used, gzipped, at most LANDING_BUDGET_KB, in either language. Two checks count it alike: the
// build's, from the files (scripts/check-budget.mjs), and the browser's, from what the page fetched
// (e2e/budget.spec.ts).
import { gzipSync } from 'node:zlib';

export const LANDING_BUDGET_KB = 150;
/** Where we would like to be. */
export const LANDING_AIM_KB = 120;

/** A file's size as sent to a gzip client: level 9, as scripts/compress-dist.mjs stores it. */
export const gzippedSize = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;

export const kilobytes = (bytes: number) => (bytes / 1024).toFixed(1);
