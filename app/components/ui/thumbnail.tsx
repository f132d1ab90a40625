import { Icon } from "./icon";
import * as icons from "~/components/ui/icons";

/** A photo at 3:2 that keeps its proportions; without a photo, a drawn placeholder instead of a gray box. */
export function Thumbnail({ src, alt = "", large = false }: { src: string | null | undefined; alt?: string; large?: boolean }) {
  const className = large ? "thumb thumb--large" : "thumb";
  if (!src) {
    return (
      <span className={`${className} thumb--placeholder`} role={alt ? "img" : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true}>
        <Icon icon={icons.image} />
      </span>
    );
  }
  return <img className={className} src={src} alt={alt} width={large ? 480 : 96} height={large ? 320 : 64} loading="lazy" />;
}
