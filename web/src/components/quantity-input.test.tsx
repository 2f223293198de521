import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { QuantityInput } from './quantity-input';

function Harness({ initial = 3 }: { initial?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <QuantityInput label="Quantity" value={value} onCommit={setValue} />
      <output data-testid="stored">{value}</output>
      <button type="button">elsewhere</button>
    </>
  );
}

afterEach(cleanup);

describe('QuantityInput', () => {
  it('lets the field be cleared and typed into; the value is checked on blur', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(input);
    expect(input).toHaveProperty('value', '');
    expect(screen.getByTestId('stored').textContent).toBe('3');
    await user.type(input, '12');
    expect(input).toHaveProperty('value', '12');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.getByTestId('stored').textContent).toBe('12');
  });

  it('turns an empty or too small value into 1 when left or on Enter', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(input);
    await user.tab();
    expect(input).toHaveProperty('value', '1');
    expect(screen.getByTestId('stored').textContent).toBe('1');
    await user.clear(input);
    await user.type(input, '0{Enter}');
    expect(input).toHaveProperty('value', '1');
  });
});
