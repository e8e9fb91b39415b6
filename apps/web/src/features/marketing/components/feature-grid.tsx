import { useLingui } from '@lingui/react/macro';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { Feature } from '../content';

export function FeatureGrid({ features }: { features: Feature[] }) {
  const { t } = useLingui();
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {features.map(({ icon: Icon, title, description }) => (
        <li key={title.id}>
          <Card className="h-full gap-3 transition-shadow hover:shadow-md">
            <CardHeader>
              <span className="mb-2 flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon aria-hidden className="size-5" />
              </span>
              <CardTitle as="h3" className="text-lg">
                {t(title)}
              </CardTitle>
            </CardHeader>
            <CardContent>
              <CardDescription className="text-base">{t(description)}</CardDescription>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function SectionHeading({ id, title, lead }: { id?: string; title: string; lead?: string }) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      <h2 id={id} className="font-bold text-3xl tracking-tight sm:text-4xl">
        {title}
      </h2>
      {lead && <p className="mt-3 text-lg text-muted-foreground">{lead}</p>}
    </div>
  );
}
