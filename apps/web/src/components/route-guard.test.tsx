import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { RequireAuth } from './route-guard';

function LoginProbe() {
  const location = useLocation();
  return <p>login page {location.search}</p>;
}

describe('RequireAuth', () => {
  it('sends a visitor to sign in, remembering the page', async () => {
    renderWithProviders(
      <Routes>
        <Route element={<RequireAuth />}>
          <Route path="/my-ratings" element={<p>secret</p>} />
        </Route>
        <Route path="/login" element={<LoginProbe />} />
      </Routes>,
      { path: '/my-ratings?tab=given' },
    );
    expect(
      await screen.findByText(`login page ?redirectTo=${encodeURIComponent('/my-ratings?tab=given')}`),
    ).toBeTruthy();
    expect(screen.queryByText('secret')).toBeNull();
  });
});
