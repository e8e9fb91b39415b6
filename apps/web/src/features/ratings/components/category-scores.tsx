// The stars of every category of a context, for the rating form and the edit dialog: set or clear a
// category's score; the scores are kept in the context's category order, as the API lists them.
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { StarInput } from './star-input';

export interface CategoryScore {
  category: string;
  score: number;
}

export function CategoryScores({
  categories,
  scores,
  onChange,
  disabled,
  children,
}: {
  categories: readonly string[];
  scores: readonly CategoryScore[];
  onChange: (scores: CategoryScore[]) => void;
  disabled?: boolean;
  /** Said under the stars (how many are rated, or what is missing). */
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const scoreOf = (category: string) => scores.find((entry) => entry.category === category)?.score;
  const setScore = (category: string, score: number | undefined) =>
    onChange(
      categories.flatMap((name) => {
        const value = name === category ? score : scoreOf(name);
        return value === undefined ? [] : [{ category: name, score: value }];
      }),
    );
  return (
    <fieldset className="grid">
      <legend className="sr-only">{t`Category scores`}</legend>
      <div className="divide-y rounded-lg border px-3 sm:px-4">
        {categories.map((category) => (
          <StarInput
            key={category}
            category={category}
            value={scoreOf(category)}
            disabled={disabled}
            onChange={(score) => setScore(category, score)}
            onClear={() => setScore(category, undefined)}
          />
        ))}
      </div>
      {children}
    </fieldset>
  );
}
