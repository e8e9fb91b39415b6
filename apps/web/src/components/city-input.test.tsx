import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CityInput } from './city-input';

describe('CityInput', () => {
  it("offers the known cities by their kept names, through the field's own list", () => {
    render(
      <>
        <label htmlFor="home">Home city</label>
        <CityInput id="home" />
        <label htmlFor="work">Work city</label>
        <CityInput id="work" />
      </>,
    );
    const home = screen.getByLabelText('Home city');
    const list = document.getElementById(home.getAttribute('list') ?? '');
    const offered = [...(list?.querySelectorAll('option') ?? [])].map((option) => option.value);
    expect(offered).toContain('Bengaluru');
    expect(offered).toContain('Gurugram');
    expect(offered).not.toContain('Bangalore');
    // Two fields on one page do not share an id.
    expect(screen.getByLabelText('Work city').getAttribute('list')).not.toBe(home.getAttribute('list'));
    expect(home.getAttribute('autocomplete')).toBe('address-level2');
  });
});
