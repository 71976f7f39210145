import { NavLink } from 'react-router';
import { PUBLISHERS_PATH } from '../../features/auth/paths';
import { useProfile } from '../../features/auth/profile-query';
import { Link } from '../../ui/Link';
import { publisherMenu } from '../site-links';
import { NavDropdown } from './NavDropdown';
import styles from './PublishersLink.module.css';

/**
 * The Publishers entry (001 §2) for users with publisher permissions: with one permission a menu
 * (Create a Drop, View your Storefront, Visit the Publisher Hub); with several a link to the
 * publishers list.
 */
export function PublishersLink() {
  const { data } = useProfile();
  const permissions = data?.publisherPermissions ?? [];
  const [only] = permissions;
  if (!only) return null;
  if (permissions.length === 1) return <NavDropdown menu={publisherMenu(only.slug)} />;
  return (
    <NavLink to={PUBLISHERS_PATH} className={styles.link} data-testid="nav-publishers">
      Publishers
    </NavLink>
  );
}

/** The same entry in the hamburger menu: the one-publisher menu's links, or the list link. */
export function MobilePublishersLinks({ className, onClick }: { className?: string; onClick?: () => void }) {
  const { data } = useProfile();
  const permissions = data?.publisherPermissions ?? [];
  const [only] = permissions;
  if (!only) return null;
  const links =
    permissions.length === 1
      ? publisherMenu(only.slug).links
      : [{ label: 'Publishers', to: PUBLISHERS_PATH }];
  return (
    <>
      {links.map((link) => (
        <Link key={link.to} to={link.to} className={className} onClick={onClick}>
          {link.label}
        </Link>
      ))}
    </>
  );
}
