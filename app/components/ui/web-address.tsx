import { Fragment } from "react";

/**
 * A web address that, where it does not fit, wraps after a slash of its path or before a dot of its
 * host (as typesetters break addresses), never inside a word or a number.
 */
export function WebAddress({ address }: { address: string }) {
  return address.split(/(?<=[^/:]\/)|(?=\.)/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}
