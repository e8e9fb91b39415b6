import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/lib/i18n';
import { renderWithI18n } from '@/testing/render';
import { CityInput } from './city-input';

const offeredBy = (field: HTMLElement) =>
  [...(document.getElementById(field.getAttribute('list') ?? '')?.querySelectorAll('option') ?? [])].map(
    (option) => option.value,
  );

describe('CityInput', () => {
  afterEach(() => activateLanguage('en'));

  it("offers the known cities by their kept names, through the field's own list", () => {
    renderWithI18n(
      <>
        <label htmlFor="home">Home city</label>
        <CityInput id="home" />
        <label htmlFor="work">Work city</label>
        <CityInput id="work" />
      </>,
    );
    const home = screen.getByLabelText('Home city');
    const offered = offeredBy(home);
    expect(offered).toContain('Bengaluru');
    expect(offered).toContain('Gurugram');
    expect(offered).not.toContain('Bangalore');
    // Two fields on one page do not share an id.
    expect(screen.getByLabelText('Work city').getAttribute('list')).not.toBe(home.getAttribute('list'));
    expect(home.getAttribute('autocomplete')).toBe('address-level2');
  });

  it('offers them in Hindi to a Hindi reader, and follows a change of language', async () => {
    renderWithI18n(
      <>
        <label htmlFor="city">City</label>
        <CityInput id="city" />
      </>,
    );
    expect(offeredBy(screen.getByLabelText('City'))).toContain('Bengaluru');
    await act(() => activateLanguage('hi'));
    const offered = offeredBy(screen.getByLabelText('City'));
    expect(offered).toContain('बेंगलुरु');
    expect(offered).toContain('लखनऊ');
    expect(offered).not.toContain('Bengaluru');
  });
});
