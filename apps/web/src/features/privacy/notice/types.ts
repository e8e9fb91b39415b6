/** A section of the privacy notice or the terms: a heading and its paragraphs (or list items). */
export interface LegalSection {
  heading: string;
  paragraphs: string[];
  /** Shown as a bulleted list after the paragraphs. */
  items?: string[];
}

/** The legal texts in one language; each language is a module of its own, loaded on demand. */
export interface LegalTexts {
  privacy: { title: string; intro: string; sections: LegalSection[] };
  terms: { title: string; intro: string; sections: LegalSection[] };
  /** The short summary shown when consent is asked again. */
  summary: string[];
}
