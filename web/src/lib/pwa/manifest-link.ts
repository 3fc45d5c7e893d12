// The web app manifest's <link>, added once the first screen has settled (scripts/vite/defer-manifest-link.ts takes
// it out of index.html): browsers read a manifest link added later as they read one in the HTML (installing,
// the name and icons on the home screen), and until then its requests do not compete with the first paint.

const MANIFEST_HREF = `${import.meta.env.BASE_URL}manifest.webmanifest`;

/** Adds `<link rel="manifest">` to the document's head unless there is one. */
export function addManifestLink(): void {
  if (document.head.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_HREF;
  document.head.append(link);
}
