import { fireEvent, render, screen, within } from '@testing-library/react';
import type { GamePageDetails } from '@vgl/shared';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ExtraFacts, GameVersions, PlayFacts, ReleaseDates, SimilarGames, Storyline, formatPlayTime } from './GameExtras';
import { ScreenshotGallery } from './ScreenshotGallery';

const card = (id: number, name: string) => ({ _id: String(id), id, name, slug: name.toLowerCase().replace(/\W+/g, '-'), cover: null, first_release_date: null, release_year: 2011, rating: null, platform: 'PC' });

const portal: GamePageDetails = {
  storyline: 'Chell wakes up.',
  screenshots: ['sc1', 'sc2'],
  artworks: ['ar1'],
  modes: ['Single player', 'Co-operative'],
  perspectives: ['First person'],
  franchises: [{ slug: 'portal', name: 'Portal' }],
  series: [{ slug: 'half-life', name: 'Half-Life' }],
  releases: [
    { platform: 'PC (Microsoft Windows)', platform_slug: 'win', date: 1_191_974_400, region: 'north_america' },
    { platform: 'PlayStation 3', platform_slug: 'ps3', date: null, region: null },
  ],
  websites: [
    { kind: 'steam', url: 'https://store.steampowered.com/app/400', store: true },
    { kind: 'official', url: 'https://www.thinkwithportals.com', store: false },
  ],
  age_ratings: [{ organization: 'PEGI', rating: '12' }],
  time_to_beat: { hastily: 3 * 3600, normally: 16_200, completely: 2400, count: 1200 },
  similar: [card(72, 'Portal 2')],
  versions: [{ ...card(73, 'Portal: Still Alive'), relation: 'port' }],
};

const inRouter = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('The game page’s IGDB details', () => {
  it('says play times in minutes or hours', () => {
    expect([formatPlayTime(2400), formatPlayTime(3 * 3600), formatPlayTime(16_200), formatPlayTime(90 * 3600)]).toEqual(['40 min', '3 h', '4.5 h', '90 h']);
  });

  it('shows time to beat and where to play, stores as buttons', () => {
    inRouter(<PlayFacts game={portal} />);
    const ttb = screen.getByRole('region', { name: 'Time to beat' });
    expect(ttb.textContent).toContain('Hastily3 h');
    expect(ttb.textContent).toContain('Normally4.5 h');
    expect(ttb.textContent).toContain('Completely40 min');
    expect(ttb.textContent).toContain('From 1,200 players’ reports');
    const where = screen.getByRole('region', { name: 'Where to play' });
    expect(within(where).getByRole('link', { name: 'Steam' })).toHaveProperty('href', 'https://store.steampowered.com/app/400');
    expect(within(where).getByRole('link', { name: 'Official site' })).toHaveProperty('rel', 'noopener noreferrer nofollow');
  });

  it('adds modes, perspective, franchise, series and age rating to the facts', () => {
    inRouter(
      <dl>
        <ExtraFacts game={portal} />
      </dl>,
    );
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    expect(terms).toEqual(['Modes', 'Perspective', 'Franchise', 'Series', 'Age rating']);
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['Single player · Co-operative', 'First person', 'Portal', 'Half-Life', 'PEGI 12']);
  });

  it('lists releases per platform and region, other versions and similar games', () => {
    inRouter(
      <>
        <Storyline text={portal.storyline} />
        <ReleaseDates releases={portal.releases} />
        <GameVersions versions={portal.versions} />
        <SimilarGames games={portal.similar} />
      </>,
    );
    expect(screen.getByText('Storyline')).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual(['PlatformRegionDate', 'PC (Microsoft Windows)North AmericaOct 10, 2007', 'PlayStation 3—To be announced']);
    const versions = screen.getByRole('region', { name: 'Other versions' });
    expect(within(versions).getByRole('link', { name: 'Portal: Still Alive' })).toHaveProperty('href', expect.stringContaining('/games/portal-still-alive'));
    expect(versions.textContent).toContain('Port');
    expect(within(screen.getByRole('region', { name: 'Similar games' })).getByRole('link', { name: 'Portal 2' })).toBeTruthy();
  });

  it('opens screenshots large, moves with the arrow keys and gives focus back on close', () => {
    render(<ScreenshotGallery name="Portal" screenshots={portal.screenshots} artworks={portal.artworks} />);
    const thumbs = screen.getAllByRole('button', { name: /view large/ });
    expect(thumbs).toHaveLength(3);
    fireEvent.click(thumbs[1]!);
    const dialog = screen.getByRole('dialog', { name: 'Portal: screenshot 2 of 3' });
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('https://images.igdb.com/igdb/image/upload/t_1080p/sc2.jpg');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog', { name: 'Portal: artwork 3 of 3' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowRight' });
    expect(screen.getByRole('dialog', { name: 'Portal: screenshot 1 of 3' })).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Focus goes to the thumbnail of the picture last shown.
    expect(document.activeElement).toBe(thumbs[0]);
  });

  it('leaves every section out for a game without IGDB details', () => {
    const empty: GamePageDetails = { ...portal, storyline: null, screenshots: [], artworks: [], releases: [], websites: [], time_to_beat: null, similar: [], versions: [] };
    const { container } = inRouter(
      <>
        <PlayFacts game={empty} />
        <Storyline text={empty.storyline} />
        <ScreenshotGallery name="X" screenshots={[]} artworks={[]} />
        <ReleaseDates releases={[]} />
        <GameVersions versions={[]} />
        <SimilarGames games={[]} />
      </>,
    );
    expect(container.textContent).toBe('');
  });
});
