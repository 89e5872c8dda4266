import { createHash } from 'node:crypto';
import { doc, repo } from './docs.js';

/** A 1x1 PNG: a picture a browser draws (naturalWidth 1). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** Another image with the same file name elsewhere: a 2x1 PNG. */
export const PNG2 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8DwH4QBEfcD/ePF9e8AAAAASUVORK5CYII=',
  'base64',
);
export const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><script>window.__pwned=6</script><rect width="4" height="4"/></svg>\n';

/** The site file docket names an image by: its content's SHA-256 (32 hex) and its extension. */
export const assetOf = (bytes: Buffer | string, ext: string) =>
  `assets/img/${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${ext}`;

/**
 * A design document showing a local image (inline, with a title, and by reference), an ADR
 * showing the same picture and its own `image.png` (another picture of the same name), and an
 * SVG that carries a script.
 */
export function imageRepo(): string {
  return repo({
    'docs/30-design/design-001-arch.md': doc(
      { document_id: 'ACME-DESIGN-001', type: 'DESIGN', title: 'Architecture' },
      '# Architecture\n\n![architecture](images/arch.png)\n\n![by reference][arch] and ![titled](images/arch.png "The big picture")\n\n![vector](images/logo.svg)\n\n[arch]: images/arch.png\n',
    ),
    'docs/30-design/images/arch.png': PNG,
    'docs/30-design/images/logo.svg': SVG,
    'docs/45-adr/adr-001-x.md': doc(
      { document_id: 'ACME-ADR-001' },
      '# X\n\n![same picture](../30-design/images/arch.png) ![from the top](/docs/45-adr/image.png)\n',
    ),
    'docs/45-adr/image.png': PNG2,
  });
}
