// Personal data in published text (DESIGN §9.4, issue 45): Aadhaar numbers, PANs, Indian mobile
// numbers, email addresses and street addresses with a PIN code. Reviews, replies, disputes and
// appeals that carry one are refused before they are stored; the web form shows the same message as
// the person types, since both check with the contracts' schemas (schemas/common.ts `screened`).
//
// Each pattern is narrow on purpose: a number that merely looks similar must pass (a 12-digit number
// whose Verhoeff check digit is wrong, a run of years, a salary, a phone number of another country).

export const PERSONAL_DATA_KINDS = ['aadhaar', 'pan', 'mobile', 'email', 'address'] as const;
export type PersonalDataKind = (typeof PERSONAL_DATA_KINDS)[number];

/**
 * What the transparency report counts a refusal under: a rating's feedback, or another published
 * text (a reply, a dispute's details, an appeal).
 */
export const PERSONAL_DATA_TEXTS = ['rating', 'other'] as const;
export type PersonalDataText = (typeof PERSONAL_DATA_TEXTS)[number];

// Verhoeff's tables (the check digit of Aadhaar numbers, UIDAI): multiplication in the dihedral
// group D5, the permutation applied by position, and inverses are not needed to validate.
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** Whether a string of digits ends in its Verhoeff check digit. */
export function verhoeffValid(digits: string): boolean {
  let check = 0;
  const reversed = [...digits].reverse();
  for (const [i, digit] of reversed.entries()) {
    check = D[check]?.[P[i % 8]?.[Number(digit)] ?? 0] ?? 0;
  }
  return check === 0;
}

// Aadhaar: 12 digits, the first 2-9, written whole or as three groups of four (spaces or hyphens).
const AADHAAR = /(?<![\d+-])([2-9]\d{3})([ -]?)(\d{4})\2(\d{4})(?![\d-])/g;
/** Three groups of four that are all years ("2018 2019 2020") are years, whatever the check digit says. */
const YEAR = /^(19[5-9]\d|20\d\d)$/;

// PAN: five letters (the fourth the holder's kind), four digits, a letter.
const PAN = /(?<![a-z0-9])[a-z]{3}[pchfatbljg][a-z]\d{4}[a-z](?![a-z0-9])/i;

// Indian mobile numbers: ten digits, the first 6-9, with or without +91, 91 or 0 before, whole or
// grouped as people write them, by spaces, hyphens or dots: 5-5, 3-3-4, 4-3-3 or in pairs ("98450
// 12345", "+91-984-501-2345", "98450.12345", "98 45 01 23 45"). Landlines ("080-2345 6789") are not
// grouped like this and pass, and so do decimals ("4.5"), which a dot before or a digit after marks.
const MOBILE =
  /(?<![\d+₹]|\d\.)(?:(?:\+|00)91[ .-]?|91[ .-]?|0)?(?:[6-9]\d{9}|[6-9]\d{4}[ .-]\d{5}|[6-9]\d{2}[ .-]\d{3}[ .-]\d{4}|[6-9]\d{3}[ .-]\d{3}[ .-]\d{3}|[6-9]\d(?:[ .-]\d{2}){4})(?![\d-]|\.\d)/;

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;

// A street address: a PIN code (six digits, the first 1-9, "560 001" too) after a word that street
// addresses have, within the 80 characters before it. A six-digit amount ("a salary of 600000") has
// no such word and passes.
const PIN = /(?<![\d,.₹])[1-9]\d{2} ?\d{3}(?![\d,])/g;
const ADDRESS_WORD =
  /\b(?:road|rd|street|st|lane|marg|nagar|colony|layout|sector|block|phase|cross|main|floor|flat|house|apartments?|apts?|society|tower|village|taluk|district|dist|near|opp(?:osite)?|pin(?:code)?|p\.?\s?o)\b/i;

function hasAadhaar(text: string): boolean {
  for (const match of text.matchAll(AADHAAR)) {
    const groups = [match[1], match[3], match[4]] as string[];
    if (groups.every((group) => YEAR.test(group))) continue;
    if (verhoeffValid(groups.join(''))) return true;
  }
  return false;
}

function hasAddress(text: string): boolean {
  for (const match of text.matchAll(PIN)) {
    const before = text.slice(Math.max(0, match.index - 80), match.index);
    if (ADDRESS_WORD.test(before)) return true;
  }
  return false;
}

/**
 * The zero of each script's digits that people in India type (Devanagari, Bengali, Gurmukhi,
 * Gujarati, Oriya, Tamil, Telugu, Kannada, Malayalam) and of full-width digits: a number written in
 * them is the same number ("९८४५० १२३४५").
 */
const DIGIT_ZEROS = [0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xff10];
const OTHER_DIGITS = new RegExp(
  `[${DIGIT_ZEROS.map((zero) => `\\u{${zero.toString(16)}}-\\u{${(zero + 9).toString(16)}}`).join('')}]`,
  'gu',
);

/** The text with every digit of those scripts as its ASCII digit: one UTF-16 unit each, so indexes hold. */
function asciiDigits(text: string): string {
  return text.replace(OTHER_DIGITS, (digit) => {
    const code = digit.codePointAt(0) ?? 0;
    const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9) ?? code;
    return String(code - zero);
  });
}

/** The first kind of personal data the text carries, or null. */
export function personalDataIn(written: string): PersonalDataKind | null {
  const text = asciiDigits(written);
  if (hasAadhaar(text)) return 'aadhaar';
  if (PAN.test(text)) return 'pan';
  if (EMAIL.test(text)) return 'email';
  if (MOBILE.test(text)) return 'mobile';
  if (hasAddress(text)) return 'address';
  return null;
}
