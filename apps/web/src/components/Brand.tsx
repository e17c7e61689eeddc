import { PRODUCT } from '@vgl/shared';
import { Link } from 'react-router';
import styles from './Brand.module.css';

/** The logo and name, linking home; the name hides on the narrowest phones. */
export function Brand() {
  return (
    <Link to="/" className={styles.brand} aria-label="VGL home">
      <img src={PRODUCT.logo} alt="" width={32} height={32} />
      <span className={styles.name}>VGL</span>
    </Link>
  );
}
