import { type ButtonStyleProps, buttonClassName } from './button-styles';
import { Link, type LinkProps } from './Link';

export interface ButtonLinkProps extends LinkProps, ButtonStyleProps {}

/** An internal link that looks like a Button. */
export function ButtonLink({ variant, size, fullWidth, className, ...rest }: ButtonLinkProps) {
  return (
    <Link
      {...rest}
      className={buttonClassName(
        { variant, size, fullWidth },
        typeof className === 'string' ? className : undefined,
      )}
    />
  );
}
