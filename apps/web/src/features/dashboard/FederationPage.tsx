import { ADMIN_LIMITS, type AdminFederation, type FederationInstance } from '@vgl/shared';
import { usePageMeta } from '../../lib/pageMeta';
import { useAdminFederation } from './dashboardApi';
import { AccountSuspensionsSection } from './AccountSuspensionsSection';
import { InstanceRulesSection } from './InstanceRulesSection';
import { ListStatus } from './ListControls';
import styles from './dashboard.module.css';

const count = (n: number) => n.toLocaleString('en-US');

/** "vgl.example.com" of "https://vgl.example.com": the part of members' handles after the second @. */
function hostOf(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return origin;
  }
}

/** /dashboard/federation (issue 40): whether this instance federates, who follows its members from other servers, the servers blocked or silenced, and the single accounts suspended. */
export function FederationPage() {
  usePageMeta({ title: 'Federation | Dashboard' });
  const federation = useAdminFederation();
  const data = federation.data;
  return (
    <section className={styles.section} aria-labelledby="dashboard-federation">
      <h2 id="dashboard-federation">Federation</h2>
      {!data ? <ListStatus what="federation state" error={federation.error} count={null} /> : data.enabled && data.origin ? <Federating data={data} origin={data.origin} /> : <NotFederating />}
      <InstanceRulesSection />
      <AccountSuspensionsSection />
    </section>
  );
}

function NotFederating() {
  return (
    <>
      <p>Federation is off.</p>
      <p className={styles.hint}>
        An operator turns it on by setting <code>FEDERATION=on</code> and <code>PUBLIC_URL</code> to the instance’s <code>https://</code> address, then restarting VGL.
      </p>
    </>
  );
}

function Federating({ data, origin }: { data: AdminFederation; origin: string }) {
  const cards: [number, string][] = [
    [data.followers.accepted, 'Followers elsewhere'],
    [data.followers.pending, 'Waiting follows'],
    [data.published, 'Reviews published'],
  ];
  return (
    <>
      <p>
        Federation is on at {origin}: people on other servers find members as @name@{hostOf(origin)}.
      </p>
      <ul className={styles.cards} aria-label="Federation counts">
        {cards.map(([value, label]) => (
          <li key={label}>
            <span className={styles.cardValue}>{count(value)}</span>
            <span className={styles.cardLabel}>{label}</span>
          </li>
        ))}
      </ul>
      <h3 className={styles.subheading}>Known instances</h3>
      <InstancesTable instances={data.instances} />
    </>
  );
}

function InstancesTable({ instances }: { instances: FederationInstance[] }) {
  if (instances.length === 0) return <p className={styles.empty}>Nothing found.</p>;
  return (
    <>
      {instances.length >= ADMIN_LIMITS.federationInstances && <p className={styles.hint}>The {ADMIN_LIMITS.federationInstances} servers with the most followers are shown.</p>}
      <div className={styles.tableWrap} role="region" aria-label="Known instances table" tabIndex={0}>
        <table className={styles.table}>
          <caption className={styles.visuallyHidden}>Known instances: servers whose accounts follow members here</caption>
          <thead>
            <tr>
              <th scope="col">Server</th>
              <th scope="col" className={styles.number}>
                Followers
              </th>
              <th scope="col" className={styles.number}>
                Members followed
              </th>
            </tr>
          </thead>
          <tbody>
            {instances.map((instance) => (
              <tr key={instance.host}>
                <th scope="row" className={styles.wrap}>
                  {instance.host}
                </th>
                <td className={styles.number}>{count(instance.followers)}</td>
                <td className={styles.number}>{count(instance.members)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
