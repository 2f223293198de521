import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Checkbox } from './checkbox';

function Labelled() {
  const [checked, setChecked] = useState(false);
  return (
    <>
      <Checkbox id="acme" checked={checked} onCheckedChange={setChecked} />
      <label htmlFor="acme">Acme</label>
    </>
  );
}

describe('Checkbox', () => {
  afterEach(cleanup);

  it('is drawn once when mounted: no state set from an effect, so a list of them costs one render each (issue 34)', () => {
    const phases: string[] = [];
    render(
      <Profiler id="row" onRender={(_id, phase) => phases.push(phase)}>
        <Checkbox id="acme" checked={false} onCheckedChange={() => undefined} />
      </Profiler>,
    );
    expect(phases).toEqual(['mount']);
  });

  it('is a checkbox to assistive technology, toggled by a click, its label and Space, not by Enter', async () => {
    const user = userEvent.setup();
    render(<Labelled />);
    const box = screen.getByRole('checkbox', { name: 'Acme' });
    expect(box.getAttribute('aria-checked')).toBe('false');
    await user.click(box);
    expect(box.getAttribute('aria-checked')).toBe('true');
    expect(box.getAttribute('data-state')).toBe('checked');
    await user.click(screen.getByText('Acme'));
    expect(box.getAttribute('aria-checked')).toBe('false');
    box.focus();
    await user.keyboard(' ');
    expect(box.getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{Enter}');
    expect(box.getAttribute('aria-checked')).toBe('true');
  });
});
