import { ProfileTester } from '@/features/test-profile/components/profile-tester';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function TestProfileRoute() {
  useDocumentTitle('Test Profile');
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <header>
        <h1 className="font-bold text-3xl tracking-tight">Profile API Test</h1>
        <p className="mt-2 text-muted-foreground">A developer page for trying the profile endpoints.</p>
      </header>
      <ProfileTester />
    </div>
  );
}
