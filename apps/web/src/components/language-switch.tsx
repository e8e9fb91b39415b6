// The language switch (header, phone menu, footer): a button for each other language of LANGUAGES,
// naming it in itself ("हिन्दी" / "English"), marked with its lang so screen readers pronounce it right.
import { LANGUAGE_NAMES, LANGUAGES } from '@workspace/contracts';
import { Languages } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useLanguage } from '@/lib/language';

export function LanguageSwitch({ className, onSwitch }: { className?: string; onSwitch?: () => void }) {
  const { language, setLanguage } = useLanguage();
  return LANGUAGES.filter((other) => other !== language).map((other) => (
    <Button
      key={other}
      type="button"
      variant="ghost"
      size="sm"
      lang={other}
      className={cn('gap-1.5', className)}
      onClick={() => {
        void setLanguage(other);
        onSwitch?.();
      }}
    >
      <Languages aria-hidden />
      {LANGUAGE_NAMES[other]}
    </Button>
  ));
}
