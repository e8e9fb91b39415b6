// Cities as the reader's language writes them, apart from format.ts: the landing page formats numbers
// and shows no city, and the list of cities (contracts' cities.ts, about 2 KB gzipped) is not for it.
import { cityIn, type Language } from '@workspace/contracts';
import { activeLanguage } from './i18n';

/** A stored city as the reader's language writes it: "बेंगलुरु" for Bengaluru in Hindi (contracts' cities.ts). */
export const formatCity = (city: string, language: Language = activeLanguage()) => cityIn(city, language);
