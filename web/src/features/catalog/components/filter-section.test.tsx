import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FilterSection } from './filter-section';

describe('FilterSection', () => {
  afterEach(cleanup);

  it('is drawn once when mounted: it does not measure itself in an effect (issue 34, the way back to a listing)', () => {
    const phases: string[] = [];
    render(
      <Profiler id="section" onRender={(_id, phase) => phases.push(phase)}>
        <FilterSection title="Manufacturers">
          <p>Acme</p>
        </FilterSection>
      </Profiler>,
    );
    expect(phases).toEqual(['mount']);
  });

  it('folds and unfolds its content from its button, which says whether it is expanded', async () => {
    const user = userEvent.setup();
    render(
      <FilterSection title="Manufacturers">
        <p>Acme</p>
      </FilterSection>,
    );
    const button = screen.getByRole('button', { name: 'Manufacturers' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Acme')).toBeTruthy();
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Acme')).toBeNull();
    await user.click(button);
    expect(screen.getByText('Acme')).toBeTruthy();
  });
});
