import { useState } from "preact/hooks";
import { secureImageUrl } from "./format.js";

/**
 * An ad's picture, or a neutral grey square when it has none or its picture cannot be loaded (a
 * marketplace link that has gone, no network), rather than the browser's broken-image icon.
 */
export function Thumbnail({ url, size, lazy = false }: { url: string | null; size: number; lazy?: boolean }) {
  // Remembered per address: a recycled list row that shows another ad tries that ad's picture.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!url || failedUrl === url) {
    return <span class="thumb-placeholder" style={{ width: `${size}px`, height: `${size}px` }} aria-hidden="true" data-thumbnail="placeholder" />;
  }
  return (
    <img
      src={secureImageUrl(url)}
      alt=""
      loading={lazy ? "lazy" : undefined}
      width={size}
      height={size}
      data-thumbnail="image"
      onError={() => setFailedUrl(url)}
    />
  );
}
