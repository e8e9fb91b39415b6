// Which passwords are refused (issue 15): zxcvbn-ts estimates how many guesses a password takes
// with its large lists of breached passwords, diceware, English words, names and keyboard layouts.
// A password that is itself on a common-password list gets MSG.passwordCommon (DESIGN §5); one
// under MIN_SCORE otherwise gets a sentence naming why (PASSWORD_TOO_EASY). Server only: the web
// bundle must not carry the dictionaries.
import { MSG, PASSWORD_TOO_EASY } from '@workspace/contracts';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/** zxcvbn's score 3: about 10^8 guesses or more, "safely unguessable" online and slowed offline. */
const MIN_SCORE = 3;
/**
 * Characters judged. The estimate's cost grows steeply with length (a random 128-character password
 * took 5 s, 32 characters under 1 s, 24 about 0.6 s, on the shared and busy 2-core test machine), and
 * a long password that is strong in its first 32 characters is strong.
 */
const JUDGED_LENGTH = 32;
/** zxcvbn's warnings for a password that is, as a whole, on a common-password list. */
const COMMON_WARNINGS = new Set(['topTen', 'topHundred', 'common']);

let estimator: Promise<ZxcvbnFactory> | undefined;

/** Builds the estimator once, on first use: its dictionaries take a moment and megabytes to load. */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    // No translations: feedback comes as keys, which PASSWORD_TOO_EASY turns into our sentences.
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      maxLength: JUDGED_LENGTH,
    });
  })();
  return estimator;
}

/**
 * Null when the password may be used, else the message to show beside the field. `personal` holds
 * the account's own details (email, name): a password built on them is easy to guess for anyone
 * who knows the person.
 */
export async function passwordProblem(
  password: string,
  personal: readonly string[] = [],
): Promise<string | null> {
  const result = (await loadEstimator()).check(password, personal.filter(Boolean) as string[]);
  const warning = result.feedback.warning;
  if (warning && COMMON_WARNINGS.has(warning)) return MSG.passwordCommon;
  if (result.score >= MIN_SCORE) return null;
  return PASSWORD_TOO_EASY[warning as keyof typeof PASSWORD_TOO_EASY] ?? PASSWORD_TOO_EASY.other;
}
