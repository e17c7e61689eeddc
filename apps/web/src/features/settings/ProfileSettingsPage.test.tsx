import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderTriggerStore } from '../../stores/renderTriggers';
import { toastStore } from '../../stores/toast';
import { stubFetch, type StubRequest } from '../../test/stubFetch';
import {
  aFavourite,
  anOwnProfile,
  fetchInits,
  NAV_ANSWERS,
  navAvatarSrc,
  renderSettings,
  signInAs,
  signOutCompletely,
} from './settingsFixtures';

const hades = aFavourite('Hades');
const celeste = aFavourite('Celeste');
const portal = aFavourite('Portal 2');

const sent = (requests: StubRequest[], key: string) => requests.filter((r) => `${r.method} ${r.url.pathname}` === key).map((r) => r.body);
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A file of that name, type and size; its content starts like a PNG unless told otherwise. */
const picture = (name: string, type: string, bytes = 1024, head: number[] = PNG_SIGNATURE) => {
  const content = new Uint8Array(bytes);
  content.set(head.slice(0, bytes));
  return new File([content], name, { type });
};
const toast = () => toastStore.getState();

describe('profile settings', () => {
  beforeEach(() => {
    signOutCompletely();
    signInAs({ username: 'Alice', avatar: 'old.webp' });
    toastStore.setState({ counter: 0, variant: 'info', head: '', text: '' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('saves the bio with PUT /api/profile and shows the success toast', async () => {
    const requests = stubFetch({
      ...NAV_ANSWERS,
      'GET /api/profile': { body: anOwnProfile({ bio: 'Old bio' }) },
      'PUT /api/profile': ({ body }) => ({ body: anOwnProfile({ bio: (body as { bio: string }).bio.trim() }) }),
    });
    renderSettings('/u/alice/settings');
    const bio = await screen.findByLabelText('About you');
    expect((bio as HTMLTextAreaElement).value).toBe('Old bio');
    expect(screen.getByText('7 / 500')).toBeTruthy();
    expect(screen.getByText(/\*\*bold\*\*, \*italic\*, ~~strike~~/)).toBeTruthy();

    fireEvent.change(bio, { target: { value: 'Souls games and **puzzles**.' } });
    expect(screen.getByText('28 / 500')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save bio' }));

    await waitFor(() => expect(toast()).toMatchObject({ variant: 'success', text: 'Your changes are saved successfully.' }));
    expect(sent(requests, 'PUT /api/profile')).toEqual([{ bio: 'Souls games and **puzzles**.' }]);
  });

  it('refuses a bio over 500 characters before sending, and shows a 400 answer on the field', async () => {
    const message = 'Bio must have at most 500 characters';
    const requests = stubFetch({
      ...NAV_ANSWERS,
      'GET /api/profile': { body: anOwnProfile() },
      'PUT /api/profile': { status: 400, body: { error: 'validation_failed', message: 'The request is not valid.', statusCode: 400, errors: { bio: message } } },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderSettings('/u/alice/settings');
    const bio = await screen.findByLabelText('About you');

    fireEvent.change(bio, { target: { value: 'x'.repeat(501) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save bio' }));
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(sent(requests, 'PUT /api/profile')).toEqual([]);

    fireEvent.change(bio, { target: { value: 'short enough' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save bio' }));
    await waitFor(() => expect(toast()).toMatchObject({ variant: 'alert', text: 'The request is not valid.' }));
    expect(screen.getByRole('alert').textContent).toBe(message);
  });

  it('refuses a file that is not really a picture on choosing it, and never previews it', async () => {
    stubFetch({ ...NAV_ANSWERS, 'GET /api/profile': { body: anOwnProfile({ avatar: 'old.webp' }) } });
    renderSettings('/u/alice/settings');
    const input = await screen.findByLabelText('Upload a new picture');
    // A PDF renamed to .png: the browser says image/png from the name; its first bytes say "%PDF".
    fireEvent.change(input, { target: { files: [picture('holiday.png', 'image/png', 2048, [0x25, 0x50, 0x44, 0x46, 0x2d])] } });
    expect((await screen.findByRole('alert')).textContent).toBe('“holiday.png” is not a picture. Choose a PNG, JPEG, WebP or GIF image.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('img', { name: 'Preview of your new picture' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Your current picture' }).getAttribute('src')).toBe('/uploads/avatars/old.webp');
    expect(screen.queryByRole('button', { name: 'Upload picture' })).toBeNull();
    expect(fetchInits('/api/profile/avatar')).toEqual([]);
  });

  it('checks the picture before sending, uploads it as FormData and shows it in the nav', async () => {
    let navAvatar: string | null = 'old.webp';
    stubFetch({
      ...NAV_ANSWERS,
      '/api/profile/avatar/': () => ({ body: { avatar: navAvatar, isSuspended: false } }),
      'GET /api/profile': { body: anOwnProfile({ avatar: 'old.webp' }) },
      'POST /api/profile/avatar': () => {
        navAvatar = 'new.webp';
        return { body: { avatar: 'new.webp' } };
      },
    });
    renderSettings('/u/alice/settings');
    const input = await screen.findByLabelText('Upload a new picture');
    expect(input.getAttribute('accept')).toBe('image/png,image/jpeg,image/webp,image/gif');
    expect(screen.getByRole('img', { name: 'Your current picture' }).getAttribute('src')).toBe('/uploads/avatars/old.webp');
    await waitFor(() => expect(navAvatarSrc()).toBe('/uploads/avatars/old.webp'));

    fireEvent.change(input, { target: { files: [picture('huge.png', 'image/png', 5 * 1024 * 1024 + 1)] } });
    expect((await screen.findByRole('alert')).textContent).toBe('The image must be 5 MB or smaller.');
    fireEvent.change(input, { target: { files: [picture('notes.pdf', 'application/pdf')] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a PNG, JPEG, WebP or GIF image.');
    expect(fetchInits('/api/profile/avatar')).toEqual([]);

    const navBefore = renderTriggerStore.getState().nav;
    const file = picture('me.png', 'image/png');
    fireEvent.change(input, { target: { files: [file] } });
    const preview = await screen.findByRole('img', { name: 'Preview of your new picture' });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    fireEvent.click(screen.getByRole('button', { name: 'Upload picture' }));

    await waitFor(() => expect(toast()).toMatchObject({ variant: 'success', text: 'Your changes are saved successfully.' }));
    const [init] = fetchInits('/api/profile/avatar');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData).get('avatar')).toBe(file);
    expect(init?.headers).not.toHaveProperty('Content-Type');
    expect(renderTriggerStore.getState().nav).toBe(navBefore + 1);
    expect(screen.getByRole('img', { name: 'Your current picture' }).getAttribute('src')).toBe('/uploads/avatars/new.webp');
    await waitFor(() => expect(navAvatarSrc()).toBe('/uploads/avatars/new.webp'));
  });

  it('removes the picture: the page and the nav show the default one, not the token\'s old picture', async () => {
    let navAvatar: string | null = 'old.webp';
    stubFetch({
      ...NAV_ANSWERS,
      '/api/profile/avatar/': () => ({ body: { avatar: navAvatar, isSuspended: false } }),
      'GET /api/profile': { body: anOwnProfile({ avatar: 'old.webp' }) },
      'DELETE /api/profile/avatar': () => {
        navAvatar = null;
        return { body: { avatar: null } };
      },
    });
    renderSettings('/u/alice/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove picture' }));

    await waitFor(() => expect(toast()).toMatchObject({ variant: 'success' }));
    expect(screen.getByRole('img', { name: 'Your current picture' }).getAttribute('src')).toBe('/img/avatars/avatar-default.svg');
    await waitFor(() => expect(navAvatarSrc()).toBe('/img/avatars/avatar-default.svg'));
    expect(screen.queryByRole('button', { name: 'Remove picture' })).toBeNull();
  });

  it('reorders, removes and adds favourites from the library, then saves the order', async () => {
    const requests = stubFetch({
      ...NAV_ANSWERS,
      'GET /api/profile': { body: anOwnProfile({ favourites: [hades, celeste] }) },
      '/api/users/alice/library': {
        body: [
          { ...celeste, id: 2, rating: null, status: 2, platform: null },
          { ...portal, id: 3, rating: 10, status: 2, platform: 'pc' },
        ],
        headers: { 'X-Total-Count': '2' },
      },
      'PUT /api/profile/favourites': { body: anOwnProfile({ favourites: [celeste, portal] }) },
    });
    renderSettings('/u/alice/settings');
    const favourites = await screen.findByRole('list', { name: 'Your favourites' });
    const names = () => within(screen.getByRole('list', { name: 'Your favourites' })).getAllByRole('listitem').map((li) => li.querySelector('span + div + span')?.firstChild?.textContent?.trim());
    expect(names()).toEqual(['Hades', 'Celeste']);
    expect(within(favourites).getByRole('button', { name: 'Move up Hades' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Move up Celeste' }));
    expect(names()).toEqual(['Celeste', 'Hades']);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Hades' }));

    fireEvent.click(screen.getByRole('button', { name: 'Add a favourite' }));
    const picker = await screen.findByRole('list', { name: 'Games in your library' });
    // Celeste is a favourite already: only Portal 2 is offered.
    expect(within(picker).getAllByRole('button').map((b) => b.textContent)).toEqual(['Add Portal 2']);
    fireEvent.change(screen.getByLabelText('Find a game in your library'), { target: { value: 'zelda' } });
    expect(screen.getByText('No game in your library matches.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Find a game in your library'), { target: { value: 'port' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Portal 2' }));
    expect(names()).toEqual(['Celeste', 'Portal 2']);

    fireEvent.click(screen.getByRole('button', { name: 'Save order' }));
    await waitFor(() => expect(toast()).toMatchObject({ variant: 'success', text: 'Your changes are saved successfully.' }));
    expect(sent(requests, 'PUT /api/profile/favourites')).toEqual([{ games: ['celeste', 'portal-2'] }]);
    const libraryCall = requests.find((r) => r.url.pathname === '/api/users/alice/library');
    expect(Object.fromEntries(libraryCall!.url.searchParams)).toMatchObject({ limit: '60', sort: 'name' });
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it("shows the server's message when the favourites cannot be saved", async () => {
    const message = 'Hades is not in your library. Add it first.';
    stubFetch({
      ...NAV_ANSWERS,
      'GET /api/profile': { body: anOwnProfile({ favourites: [hades, celeste] }) },
      'PUT /api/profile/favourites': { status: 400, body: { error: 'validation_failed', message, statusCode: 400 } },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderSettings('/u/alice/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Move down Hades' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save order' }));
    await waitFor(() => expect(toast()).toMatchObject({ variant: 'alert', text: message }));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });
});
