import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
    await user.type(name, 'Cam Roller');
    await user.clear(description);
    await user.type(description, 'Cam roller, sealed, 20 mm');

    release();
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Manufacturer' }).textContent).toBe('Acme'));
    expect(name.value).toBe('Cam Roller');
    expect((within(dialog).getByRole('textbox', { name: 'URL Slug' }) as HTMLInputElement).value).toBe('cam-roller');
    expect(description.value).toBe('Cam roller, sealed, 20 mm');
    expect((within(dialog).getByRole('textbox', { name: 'Part Number' }) as HTMLInputElement).value).toBe('CR-600');
  });
});
