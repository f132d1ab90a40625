import { Fragment } from "react";

/**
 * An email address that, where it does not fit, wraps after its @ and before its dots (as
 * typesetters break addresses), never inside a word.
 */
export function EmailAddress({ address }: { address: string }) {
  return address.split(/(?=\.)|(?<=@)/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}
