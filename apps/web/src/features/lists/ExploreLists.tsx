import type { ListSort } from '@vgl/shared';
import { HomeSection } from '../landing/HomeSection';
import { ListGrid } from './ListCard';
import { useBrowseLists } from './listsApi';

/** Cards per Explore section: one row on wide screens. */
const SHOWN = 4;

function ListsSection({ title, sort }: { title: string; sort: ListSort }) {
  const lists = useBrowseLists(sort, SHOWN);
  // Explore shows lists once there are some; a failure leaves the rest of the page as it is.
  if (!lists.data || lists.data.length === 0) return null;
  return (
    <HomeSection title={title}>
      <ListGrid lists={lists.data} label={title} />
    </HomeSection>
  );
}

/** Explore's lists: the most liked, and the newest. */
export function ExploreLists() {
  return (
    <>
      <ListsSection title="Popular Lists" sort="popular" />
      <ListsSection title="Recent Lists" sort="recent" />
    </>
  );
}
