import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MoneyInput } from './money-input';

function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="price">Unit price (USD)</label>
      <MoneyInput id="price" value={value} onValueChange={setValue} />
    </>
  );
}

afterEach(cleanup);

describe('MoneyInput', () => {
  it('shows the amount it understood as you type, or why it cannot take the text', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Unit price (USD)' });
    await user.type(input, '12,50');
    expect(screen.getByTestId('money-reading').textContent).toBe('= $12.50');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBe('price-reading');
    await user.clear(input);
    await user.type(input, '1,234');
    expect(screen.getByTestId('money-reading').textContent).toBe('“1,234” could be $1,234.00 or $1.234: type 1234 or 1.2340');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await user.clear(input);
    expect(screen.queryByTestId('money-reading')).toBeNull();
  });
});
