// /privacy and /terms: the notice in force, in the active language, with its version (DESIGN §8.3).
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_LANGUAGE, isLanguage, PRIVACY_NOTICE_VERSION } from '@workspace/contracts';
import { Skeleton } from '@/components/ui/skeleton';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { loadLegalTexts } from '../notice/load';
import type { LegalSection } from '../notice/types';

/** The legal texts of the active language (a chunk per language, fetched once). */
export function useLegalTexts() {
  const { i18n } = useLingui();
  const language = isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
  return useQuery({
    queryKey: ['legal-texts', language],
    queryFn: () => loadLegalTexts(language),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function Section({ section }: { section: LegalSection }) {
  return (
    <section className="grid gap-3">
      <h2 className="font-semibold text-xl">{section.heading}</h2>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph} className="text-muted-foreground leading-relaxed">
          {paragraph}
        </p>
      ))}
      {section.items && (
        <ul className="grid list-disc gap-2 pl-6 text-muted-foreground leading-relaxed">
          {section.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function LegalDocument({ kind }: { kind: 'privacy' | 'terms' }) {
  const { t } = useLingui();
  const texts = useLegalTexts();
  const document = texts.data?.[kind];
  useDocumentTitle(kind === 'privacy' ? t`Privacy notice` : t`Terms of use`);
  const version = formatDate(PRIVACY_NOTICE_VERSION);
  return (
    <article className="mx-auto grid max-w-3xl gap-8">
      {document ? (
        <header className="grid gap-3">
          <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{document.title}</h1>
          <p className="text-muted-foreground text-sm">
            <Trans>Version of {version}. If it changes in meaning, we ask for your consent again.</Trans>
          </p>
          <p className="text-lg leading-relaxed">{document.intro}</p>
        </header>
      ) : (
        <div className="grid gap-4" aria-busy>
          <p className="sr-only" role="status">
            <Trans>Loading...</Trans>
          </p>
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-24" />
          <Skeleton className="h-40" />
        </div>
      )}
      {document?.sections.map((section) => (
        <Section key={section.heading} section={section} />
      ))}
      <nav aria-label={t`Related pages`} className="flex flex-wrap gap-x-6 gap-y-2 border-t pt-6 text-sm">
        {kind === 'terms' ? (
          <TextLink to={paths.privacy.getHref()}>
            <Trans>Privacy notice</Trans>
          </TextLink>
        ) : (
          <TextLink to={paths.terms.getHref()}>
            <Trans>Terms of use</Trans>
          </TextLink>
        )}
        <TextLink to={paths.grievance.getHref()}>
          <Trans>Complaints and the Grievance Officer</Trans>
        </TextLink>
      </nav>
    </article>
  );
}
