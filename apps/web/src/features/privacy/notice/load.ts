// Each language's legal texts are a chunk of their own (./<language>.ts), fetched by the pages that
// show them, so neither the landing page nor the message catalogs carry them
// (features/privacy/README.md). A language without its own texts shows the English ones until its
// translation is written: the notice is a legal text, not a catalog a machine may fill.
import { DEFAULT_LANGUAGE, type Language } from '@workspace/contracts';
import type { LegalTexts } from './types';

const modules = import.meta.glob<{ texts: LegalTexts }>(['./*.ts', '!./load.ts', '!./types.ts']);

export const loadLegalTexts = (language: Language) =>
  (
    modules[`./${language}.ts`] ??
    (modules[`./${DEFAULT_LANGUAGE}.ts`] as () => Promise<{ texts: LegalTexts }>)
  )().then((module) => module.texts);
