import { screen } from '@testing-library/react';
import { MSG } from '@workspace/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n as render } from '@/testing/render';
import { ErrorBoundary, MainErrorFallback } from './main-error';

function Broken(): never {
  throw new Error('render failed');
}

describe('global error screen', () => {
  it('replaces a route that fails to render', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
    const router = createMemoryRouter([
      { path: '/', element: <Broken />, errorElement: <MainErrorFallback /> },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { name: MSG.somethingWrong })).toBeTruthy();
    expect(screen.getByText(MSG.somethingWrongBody)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
  });

  it('also catches errors outside the router', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: MSG.somethingWrong })).toBeTruthy();
  });
});
