// The language switch (header, phone menu, footer): one button naming the other language in that
// language ("हिन्दी" / "English"), marked with its lang so screen readers pronounce it right.
import type { Language } from '@workspace/contracts';
import { Languages } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { LANGUAGE_NAMES } from '@/lib/i18n';
import { useLanguage } from '@/lib/language';

export function LanguageSwitch({ className }: { className?: string }) {
  const { language, setLanguage } = useLanguage();
  const other: Language = language === 'hi' ? 'en' : 'hi';
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      lang={other}
      className={cn('gap-1.5', className)}
      onClick={() => void setLanguage(other)}
    >
      <Languages aria-hidden />
      {LANGUAGE_NAMES[other]}
    </Button>
  );
}
