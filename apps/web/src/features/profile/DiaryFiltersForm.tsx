import type { DiaryFilters } from '@vgl/shared';
import styles from './diary.module.css';

interface DiaryFiltersFormProps {
  filters: DiaryFilters | undefined;
  year: number | undefined;
  platform: string | undefined;
  onChange: (name: 'year' | 'platform', value: string) => void;
}

/** The diary's Year and Platform menus: the years and platforms the diary holds (and the URL's, should it name another). */
export function DiaryFiltersForm({ filters, year, platform, onChange }: DiaryFiltersFormProps) {
  const years = filters?.years.map((y) => y.year) ?? [];
  if (year !== undefined && !years.includes(year)) years.push(year);
  const platforms = filters?.platforms.map(({ slug, name }) => ({ slug, name })) ?? [];
  if (platform && !platforms.some((p) => p.slug === platform)) platforms.push({ slug: platform, name: platform });
  return (
    <form className={styles.filters} aria-label="Filter the diary" onSubmit={(e) => e.preventDefault()}>
      <div>
        <label htmlFor="diary-year">Year</label>
        <select id="diary-year" value={year ?? ''} onChange={(e) => onChange('year', e.target.value)}>
          <option value="">All years</option>
          {years
            .sort((a, b) => b - a)
            .map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
        </select>
      </div>
      <div>
        <label htmlFor="diary-platform">Platform</label>
        <select id="diary-platform" value={platform ?? ''} onChange={(e) => onChange('platform', e.target.value)}>
          <option value="">All platforms</option>
          {platforms.map((p) => (
            <option key={p.slug} value={p.slug}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}

/** "?year=" → a year from 1950 to 2100, or undefined (every year). */
export function parseYear(value: string | null): number | undefined {
  if (!value || !/^\d{4}$/.test(value)) return undefined;
  const year = Number(value);
  return year >= 1950 && year <= 2100 ? year : undefined;
}

/** "?platform=" → a platform slug, or undefined (every platform). */
export const parsePlatform = (value: string | null) => (value && /^[a-z0-9-]{1,120}$/.test(value) ? value : undefined);
