// Each language's legal texts are a chunk of their own, fetched by the pages that show them, so
// neither the landing page nor the message catalogs carry them (features/privacy/README.md).
import type { Language } from '@workspace/contracts';
import type { LegalTexts } from './types';

const modules: Record<Language, () => Promise<{ texts: LegalTexts }>> = {
  en: () => import('./en'),
  hi: () => import('./hi'),
};

export const loadLegalTexts = (language: Language) => modules[language]().then((module) => module.texts);
