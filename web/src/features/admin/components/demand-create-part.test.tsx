import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Category, DemandRow, Manufacturer } from '@parts/shared/schemas';
import { renderWithProviders, stubApi } from '../../../test/render-with-providers';
import { DemandCreatePart } from './demand-create-part';

const category = { id: 3, name: 'Valves', slug: 'valves' } as Category;
const manufacturer = { id: 4, name: 'Acme', slug: 'acme' } as Manufacturer;
const row = { display: 'CR-600', description: 'Cam roller, sealed', manufacturer: 'Acme' } as DemandRow;

beforeAll(() => {
  Object.assign(Element.prototype, { hasPointerCapture: () => false, releasePointerCapture: () => undefined, scrollIntoView: () => undefined });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Create part from a Demand row', () => {
  it('keeps what the admin typed when the manufacturer list arrives after the dialog opened, and fills the manufacturer', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    stubApi({
      'GET /api/categories': { body: [category] },
      'GET /api/manufacturers': async () => {
        await held;
        return { body: [manufacturer] };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<DemandCreatePart row={row} onClose={vi.fn()} onCreated={vi.fn()} />, { path: '/admin?tab=demand' });
    const dialog = await screen.findByRole('dialog', { name: 'Create New Part' });
    const name = within(dialog).getByRole('textbox', { name: 'Part Name' }) as HTMLInputElement;
    const description = within(dialog).getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement;
    // As a fast typist (or a paste) fills it: one input event.
    fireEvent.input(name, { target: { value: 'Cam Roller' } });
    await user.clear(description);
    await user.type(description, 'Cam roller, sealed, 20 mm');

    release();
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Manufacturer' }).textContent).toBe('Acme'));
    expect(name.value).toBe('Cam Roller');
    expect((within(dialog).getByRole('textbox', { name: 'URL Slug' }) as HTMLInputElement).value).toBe('cam-roller');
    expect(description.value).toBe('Cam roller, sealed, 20 mm');
    expect((within(dialog).getByRole('textbox', { name: 'Part Number' }) as HTMLInputElement).value).toBe('CR-600');
  });

  it('keeps the typed name and the slug filled from it when the row is read again while the dialog is open', async () => {
    stubApi({ 'GET /api/categories': { body: [category] }, 'GET /api/manufacturers': { body: [manufacturer] } });
    /** The Demand tab reads its rows again now and then (after a write, on focus): the row comes back as a new object. */
    function ReadAgain() {
      const [current, setCurrent] = useState(row);
      return (
        <>
          <button type="button" onClick={() => setCurrent({ ...row, description: `${row.description} ` })}>
            read again
          </button>
          <DemandCreatePart row={current} onClose={vi.fn()} onCreated={vi.fn()} />
        </>
      );
    }
    renderWithProviders(<ReadAgain />, { path: '/admin?tab=demand' });
    const dialog = await screen.findByRole('dialog', { name: 'Create New Part' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Manufacturer' }).textContent).toBe('Acme'));
    const name = within(dialog).getByRole('textbox', { name: 'Part Name' }) as HTMLInputElement;
    fireEvent.input(name, { target: { value: 'Cam Roller' } });
    fireEvent.click(screen.getByRole('button', { name: 'read again', hidden: true }));
    await waitFor(() => expect((within(dialog).getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe('Cam roller, sealed '));
    expect(name.value).toBe('Cam Roller');
    expect((within(dialog).getByRole('textbox', { name: 'URL Slug' }) as HTMLInputElement).value).toBe('cam-roller');
  });
});
